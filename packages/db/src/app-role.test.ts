import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, grantAppRole } from './app-role.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let d: TestDatabase;
let owner: pg.Pool;
let app: pg.Client;
beforeAll(async () => {
  d = await createTestDatabase();
  owner = new pg.Pool({ connectionString: d.ownerUrl, max: 2 });
  if (!d.appUrl) throw new Error('the test cluster has no app role');
  app = new pg.Client({ connectionString: d.appUrl });
  await app.connect();
});
afterAll(async () => {
  await app.end();
  await owner.end();
  await d.drop();
});

describe('grantAppRole', () => {
  it('hands the app role what an older version made in recon_data and pgboss as the superuser', async () => {
    // A database as versions before decision 0014 left it: the server was the superuser and made these itself.
    await owner.query(`
      CREATE TABLE recon_data.m1_bank (_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, amount numeric);
      CREATE TABLE recon_data.counter (id serial PRIMARY KEY);
      CREATE TYPE pgboss.job_state AS ENUM ('created', 'active');
      CREATE TABLE pgboss.job (name text NOT NULL, state pgboss.job_state) PARTITION BY LIST (name);
      CREATE TABLE pgboss.j_runs PARTITION OF pgboss.job FOR VALUES IN ('runs');
      CREATE FUNCTION pgboss.create_queue(queue_name text) RETURNS void LANGUAGE sql AS 'SELECT 1';
      ALTER SCHEMA pgboss OWNER TO CURRENT_USER;`);
    expect(
      (await app.query('ALTER TABLE recon_data.m1_bank ADD COLUMN note text').catch((e: Error) => e)).toString(),
    ).toMatch(/must be owner/);

    await grantAppRole(owner, APP_ROLE);

    const notTheApps = await owner.query(
      `SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('recon_data', 'pgboss') AND c.relkind IN ('r', 'p', 'S')
          AND pg_get_userbyid(c.relowner) <> $1`,
      [APP_ROLE],
    );
    expect(notTheApps.rows).toEqual([]);
    // What the server does there at run time now works as the app role.
    await app.query('ALTER TABLE recon_data.m1_bank ADD COLUMN note text');
    await app.query('INSERT INTO recon_data.counter DEFAULT VALUES');
    await app.query("CREATE TABLE pgboss.j_ticks PARTITION OF pgboss.job FOR VALUES IN ('ticks')");
    await app.query("ALTER TYPE pgboss.job_state ADD VALUE 'completed'");
    await app.query('DROP FUNCTION pgboss.create_queue(text)');
    await app.query('DROP TABLE recon_data.m1_bank');
  });

  it('leaves public to the owner: the app role may not create there, and its temporary tables and advisory locks work', async () => {
    await expect(app.query('CREATE TABLE public.intruder (id int)')).rejects.toThrow(
      /permission denied for schema public/,
    );
    await expect(app.query('CREATE SCHEMA intruder')).rejects.toThrow(/permission denied for database/);
    await app.query('BEGIN');
    await app.query('CREATE TEMP TABLE rc_cand ON COMMIT DROP AS SELECT 1 AS a_id');
    await app.query('SELECT pg_advisory_xact_lock(1)');
    await app.query('COMMIT');
  });
});
