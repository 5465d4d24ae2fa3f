import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';
import { createDb, createPool, type Db } from './pool.ts';

export const TEMPLATE_DATABASE = 'recon_test_template';

/** A port nothing listens on now, from the OS (a fixed or random pick can meet another test's socket). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Vitest global setup: a real PostgreSQL for the whole run (DATABASE_URL when set, else an embedded
 * server in a temp dir), with a migrated template database every test file clones in milliseconds.
 * Returns the admin URL and a teardown.
 */
export async function startTestPostgres(): Promise<{ adminUrl: string; teardown: () => Promise<void> }> {
  let adminUrl: string;
  let stop: () => Promise<void> = async () => {};
  const external = process.env.DATABASE_URL;
  if (external) {
    adminUrl = external;
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'recon-test-pg-'));
    const server = await startEmbeddedPostgres({
      dataDir: join(dir, 'pg'),
      port: await freePort(),
      database: 'postgres',
    });
    adminUrl = server.adminUrl;
    stop = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const pool = createPool(withDatabase(adminUrl, TEMPLATE_DATABASE), { max: 1 });
  await migrate(pool);
  await pool.end();
  return { adminUrl, teardown: stop };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export type TestDatabase = { url: string; pool: pg.Pool; db: Db; drop: () => Promise<void> };

/** A fresh migrated database for one test file, cloned from the template. */
export async function createTestDatabase(adminUrl = process.env.PG_TEST_ADMIN_URL): Promise<TestDatabase> {
  if (!adminUrl)
    throw new Error('PG_TEST_ADMIN_URL is not set: run tests through vitest (its global setup starts PostgreSQL)');
  const name = `recon_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = createPool(url, { max: 5 });
  const db = createDb(pool);
  return {
    url,
    pool,
    db,
    drop: async () => {
      await db.destroy();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
