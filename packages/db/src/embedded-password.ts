import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import pg from 'pg';

/** The superuser password every cluster made before decision 0014 was initialised with. */
export const LEGACY_EMBEDDED_PASSWORD = 'postgres';

/** A fresh password: 32 random bytes, URL-safe (no quoting needed in a connection string). */
export function generatePassword(): string {
  return randomBytes(32).toString('base64url');
}

/** Where a cluster's superuser password is kept: beside the cluster, in DATA_DIR (`DATA_DIR/pg-password`). */
export function superuserPasswordFile(clusterDir: string): string {
  const dir = resolve(clusterDir);
  return join(dirname(dir), `${basename(dir)}-password`);
}

/** Where the app role's password is kept with the embedded cluster (`DATA_DIR/pg-app-password`). */
export function appPasswordFile(clusterDir: string): string {
  const dir = resolve(clusterDir);
  return join(dirname(dir), `${basename(dir)}-app-password`);
}

/** Writes a secret readable by this user only, atomically (a crash leaves the old file or the new one). */
async function writeSecret(file: string, value: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${value}\n`, { mode: 0o600 });
  await rename(temp, file);
}

export async function readSecret(file: string): Promise<string | undefined> {
  if (!existsSync(file)) return undefined;
  return (await readFile(file, 'utf8')).trim();
}

/** The secret in `file`, generated and written (mode 0600) on first use. */
export async function readOrCreateSecret(file: string): Promise<string> {
  const existing = await readSecret(file);
  if (existing) return existing;
  const value = generatePassword();
  await writeSecret(file, value);
  return value;
}

/**
 * The superuser password of the cluster in `clusterDir`, before it starts. A new cluster gets a generated one, written
 * before initdb uses it. A cluster with no password file was made by an older version with the constant `postgres`:
 * `upgrade` (once the server runs) moves it to a generated password. The new password is written to a pending file
 * first, so a crash between the ALTER ROLE and the final write still finds it.
 */
export async function prepareSuperuserPassword(
  clusterDir: string,
): Promise<{ password: string; upgrade?: (adminUrl: (password: string) => string) => Promise<void> }> {
  const file = superuserPasswordFile(clusterDir);
  const current = await readSecret(file);
  if (current) return { password: current };
  const isNewCluster = !existsSync(join(resolve(clusterDir), 'PG_VERSION'));
  if (isNewCluster) return { password: await readOrCreateSecret(file) };
  const pending = `${file}.pending`;
  const next = await readOrCreateSecret(pending);
  return {
    password: next,
    upgrade: async (adminUrl) => {
      const client = await connectWithAny([next, LEGACY_EMBEDDED_PASSWORD].map(adminUrl));
      try {
        await client.query(`ALTER ROLE CURRENT_USER PASSWORD ${client.escapeLiteral(next)}`);
      } finally {
        await client.end();
      }
      await writeSecret(file, next);
      await rm(pending, { force: true });
    },
  };
}

async function connectWithAny(urls: string[]): Promise<pg.Client> {
  let last: unknown;
  for (const url of urls) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return client;
    } catch (err) {
      last = err;
      await client.end().catch(() => undefined);
    }
  }
  throw last;
}
