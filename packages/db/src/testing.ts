import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { APP_ROLE, ensureAppRole, withCredentials } from './app-role.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';
import { createDb, createPool, type Db } from './pool.ts';

export const TEMPLATE_DATABASE = 'recon_test_template';
/** The test cluster's app role password (the cluster lives for one run, on 127.0.0.1). */
const TEST_APP_PASSWORD = 'recon-app-test';

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
 * `prepareTemplate` runs as the owner after the migrations (the server installs pg-boss's schema there); then the
 * app role gets its grants, so tests run as the role the server runs as (decision 0014). Returns the admin URL, the
 * app role's URL (unset when the admin may not create roles: tests then run as the admin) and a teardown.
 */
export async function startTestPostgres(
  options: { prepareTemplate?: (owner: pg.Pool) => Promise<void> } = {},
): Promise<{ adminUrl: string; appUrl: string | undefined; teardown: () => Promise<void> }> {
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
  let appUrl: string | undefined;
  try {
    await migrate(pool);
    await options.prepareTemplate?.(pool);
    const mayCreateRoles = await pool.query(
      'SELECT 1 FROM pg_roles WHERE rolname = current_user AND (rolsuper OR rolcreaterole)',
    );
    if (mayCreateRoles.rowCount) {
      await ensureAppRole(pool, APP_ROLE, TEST_APP_PASSWORD);
      appUrl = withCredentials(adminUrl, APP_ROLE, TEST_APP_PASSWORD);
    }
  } finally {
    await pool.end();
  }
  return { adminUrl, appUrl, teardown: stop };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * `url`, `pool` and `db` log in as `asRole`: the server's tests run as the app role (as the server does), so a grant
 * the product misses fails a test; the engine's tests as the owner (their fixtures make schemas). `ownerUrl` and
 * `appUrl` reach the same database as either role (`appUrl` unset when the admin may not create roles).
 */
export type TestDatabase = {
  url: string;
  ownerUrl: string;
  appUrl: string | undefined;
  pool: pg.Pool;
  db: Db;
  drop: () => Promise<void>;
};

/**
 * A global setup hands its cluster's URLs to the workers through the environment, under its project's name
 * (`PG_TEST_PROJECT`, set per project in vitest.config.ts): the setups of every project run in one main process, so a
 * plain `PG_TEST_ADMIN_URL` of one project was the other's too (the engine's tests then ran on the server's cluster,
 * as the app role).
 */
export function publishTestPostgres(project: string, urls: { adminUrl: string; appUrl: string | undefined }): void {
  process.env[`PG_TEST_ADMIN_URL_${project}`] = urls.adminUrl;
  if (urls.appUrl) process.env[`PG_TEST_APP_URL_${project}`] = urls.appUrl;
}

function testPostgresUrl(kind: 'ADMIN' | 'APP'): string | undefined {
  const project = process.env.PG_TEST_PROJECT;
  return project ? process.env[`PG_TEST_${kind}_URL_${project}`] : undefined;
}

/** A fresh migrated database for one test file, cloned from the template. */
export async function createTestDatabase(
  adminUrl = testPostgresUrl('ADMIN'),
  asRole: 'app' | 'owner' = process.env.PG_TEST_AS_APP_ROLE === 'true' ? 'app' : 'owner',
): Promise<TestDatabase> {
  const appRoleUrl = testPostgresUrl('APP');
  if (!adminUrl)
    throw new Error(
      'No test PostgreSQL: run tests through vitest (its global setup starts PostgreSQL; PG_TEST_PROJECT names the project)',
    );
  const name = `recon_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const ownerUrl = withDatabase(adminUrl, name);
  const appUrl = appRoleUrl ? withDatabase(appRoleUrl, name) : undefined;
  const url = asRole === 'app' && appUrl ? appUrl : ownerUrl;
  const pool = createPool(url, { max: 5 });
  const db = createDb(pool);
  return {
    url,
    ownerUrl,
    appUrl,
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
