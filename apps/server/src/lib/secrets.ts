import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets at rest (decision 0021): passwords, client secrets, tokens and TOTP seeds are stored sealed with
 * AES-256-GCM under a key from config. Each sealed value names the id of its key, so after a new key is configured
 * (the old one kept readable) old values still open and `rotate` re-seals them under the new one. The plain value is
 * only ever held in memory for the moment it is used; it is never answered, logged or audited.
 */

const FORMAT = 'enc1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

/** A key as configured: 32 bytes written as base64, base64url or 64 hex digits. */
export function parseSecretsKey(text: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64url');
  if (key.length !== KEY_BYTES) throw new Error('a secrets key must be 32 bytes (base64, base64url or 64 hex digits)');
  return key;
}

/** The id of a key: the first 8 hex digits of its SHA-256 (says which key sealed a value, reveals nothing of it). */
export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** Where the embedded default keeps its generated key (mode 0600), like the database passwords. */
export const secretsKeyFile = (dataDir: string) => join(dataDir, 'secrets-key');

/** The key in DATA_DIR/secrets-key, generated and written (0600, atomically) on first use. */
export function persistedSecretsKey(dataDir: string): string {
  const file = secretsKeyFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES).toString('base64url');
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${key}\n`, { mode: 0o600 });
  renameSync(temp, file);
  return key;
}

export class SecretError extends Error {}

export type SecretBox = {
  /** The id of the key new values are sealed with. */
  readonly keyId: string;
  /**
   * Seals `plain` for one place (`context`, e.g. `bot_credential.password`): a value copied to another place does
   * not open there.
   */
  seal(plain: string, context: string): string;
  /** The plain value; throws SecretError when its key is not configured or the value was changed. */
  open(sealed: string, context: string): string;
  /** Sealed under another key than the current one: `rotate` re-seals it. */
  isStale(sealed: string): boolean;
};

/** A box with the current key (seals and opens) and previous keys (open only, until every value is rotated). */
export function createSecretBox(current: string, previous: readonly string[] = []): SecretBox {
  const currentKey = parseSecretsKey(current);
  const keyId = keyIdOf(currentKey);
  const keys = new Map<string, Buffer>([[keyId, currentKey]]);
  for (const text of previous) {
    const key = parseSecretsKey(text);
    if (!keys.has(keyIdOf(key))) keys.set(keyIdOf(key), key);
  }
  const aad = (id: string, context: string) => Buffer.from(`${FORMAT}:${id}:${context}`, 'utf8');
  const partsOf = (sealed: string) => {
    const [format, id, iv, tag, body, ...rest] = sealed.split(':');
    if (format !== FORMAT || !id || !iv || !tag || body === undefined || rest.length > 0)
      throw new SecretError('not a sealed secret');
    return { id, iv, tag, body };
  };
  return {
    keyId,
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv);
      cipher.setAAD(aad(keyId, context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const b64 = (b: Buffer) => b.toString('base64url');
      return [FORMAT, keyId, b64(iv), b64(cipher.getAuthTag()), b64(body)].join(':');
    },
    open(sealed, context) {
      const p = partsOf(sealed);
      const key = keys.get(p.id);
      if (!key) throw new SecretError(`secret sealed with key ${p.id}, which is not configured`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(p.iv, 'base64url'));
        decipher.setAAD(aad(p.id, context));
        decipher.setAuthTag(Buffer.from(p.tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(p.body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretError(`secret sealed with key ${p.id} does not open (changed, or sealed for another place)`);
      }
    },
    isStale(sealed) {
      return partsOf(sealed).id !== keyId;
    },
  };
}
