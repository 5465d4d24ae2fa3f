import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/config.ts';
import {
  createSecretBox,
  keyIdOf,
  parseSecretsKey,
  persistedSecretsKey,
  SecretError,
  secretsKeyFile,
} from './secrets.ts';

const KEY_A = Buffer.alloc(32, 1).toString('base64');
const KEY_B = Buffer.alloc(32, 2).toString('hex');
const SEED = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('sealed secrets', () => {
  it('open to the value sealed, and the stored text holds neither the value nor the key', () => {
    const box = createSecretBox(KEY_A);
    const sealed = box.seal(SEED, 'totp_config.secret_sealed#1');
    expect(sealed).toMatch(new RegExp(`^enc1:${box.keyId}:`));
    expect(sealed).not.toContain(SEED);
    expect(sealed).not.toContain(KEY_A);
    expect(box.open(sealed, 'totp_config.secret_sealed#1')).toBe(SEED);
    // A fresh IV each time: the same value never seals to the same text.
    expect(box.seal(SEED, 'totp_config.secret_sealed#1')).not.toBe(sealed);
  });

  it('do not open in another place, changed, or under a key not configured', () => {
    const box = createSecretBox(KEY_A);
    const sealed = box.seal('hunter2', 'bot_credential.password_sealed#1');
    expect(() => box.open(sealed, 'bot_credential.password_sealed#2')).toThrow(SecretError);
    const parts = sealed.split(':');
    parts[4] = Buffer.from('hunter3').toString('base64url');
    expect(() => box.open(parts.join(':'), 'bot_credential.password_sealed#1')).toThrow(SecretError);
    expect(() => createSecretBox(KEY_B).open(sealed, 'bot_credential.password_sealed#1')).toThrow(/not configured/);
    expect(() => box.open('hunter2', 'x')).toThrow(SecretError);
  });

  it('sealed with a previous key still open after a new key is configured, and are marked stale for rotation', () => {
    const old = createSecretBox(KEY_A);
    const sealed = old.seal('p@ss', 'c');
    const rotated = createSecretBox(KEY_B, [KEY_A]);
    expect(rotated.keyId).toBe(keyIdOf(parseSecretsKey(KEY_B)));
    expect(rotated.isStale(sealed)).toBe(true);
    expect(rotated.open(sealed, 'c')).toBe('p@ss');
    const resealed = rotated.seal(rotated.open(sealed, 'c'), 'c');
    expect(rotated.isStale(resealed)).toBe(false);
    expect(createSecretBox(KEY_B).open(resealed, 'c')).toBe('p@ss');
  });

  it('take only 32-byte keys, and a bad SECRETS_KEY stops the server at start', () => {
    expect(() => parseSecretsKey('short')).toThrow(/32 bytes/);
    expect(parseSecretsKey(KEY_B)).toHaveLength(32);
    const env = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: mkdtempSync(join(tmpdir(), 'secrets-')) };
    expect(() => loadConfig({ ...env, SECRETS_KEY: 'too-short' })).toThrow(
      /SECRETS_KEY: a secrets key must be 32 bytes/,
    );
    expect(() => loadConfig({ ...env, SECRETS_KEY: KEY_A, SECRETS_PREVIOUS_KEYS: `${KEY_B}, nope` })).toThrow(
      /SECRETS_KEY/,
    );
  });

  it('with no SECRETS_KEY use a key generated once into DATA_DIR, readable by its owner only', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'secrets-'));
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir });
    expect(parseSecretsKey(config.secretsKey)).toHaveLength(32);
    expect(readFileSync(secretsKeyFile(dataDir), 'utf8').trim()).toBe(config.secretsKey);
    expect(statSync(secretsKeyFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(persistedSecretsKey(dataDir)).toBe(config.secretsKey);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, SECRETS_KEY: KEY_A }).secretsKey).toBe(KEY_A);
  });
});
