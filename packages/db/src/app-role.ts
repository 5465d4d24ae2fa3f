import type pg from 'pg';
import { LOCKS } from './transaction.ts';

/** The role the server connects as with the embedded database (decision 0014). */
export const APP_ROLE = 'recon_app';
/** The only role the audit_log trigger lets UPDATE, DELETE or TRUNCATE (retention by an operator). NOLOGIN. */
export const MAINTENANCE_ROLE = 'recon_maintenance';
/** Schemas whose objects the app makes at run time, and so owns: admin-made data tables, pg-boss's queues. */
export const APP_OWNED_SCHEMAS = ['recon_data', 'pgboss'] as const;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The user name of a connection string (the role it logs in as). */
export function roleOf(url: string): string {
  const user = decodeURIComponent(new URL(url).username);
  if (!user) throw new Error('the database URL names no user');
  return user;
}

/** The same connection string logging in as another role. */
export function withCredentials(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = encodeURIComponent(password);
  return u.toString();
}

/**
 * Creates the app's login role when missing (an ordinary role: no superuser, no role or database creation, no RLS
 * bypass), sets its password, and grants it what the server needs (`grantAppRole`). Run by the owner (the embedded
 * cluster's superuser), after the migrations.
 */
export async function ensureAppRole(owner: pg.Pool, role: string, password: string): Promise<void> {
  const exists = await owner.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  const attributes = 'LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOBYPASSRLS NOREPLICATION INHERIT';
  const verb = exists.rowCount === 0 ? 'CREATE' : 'ALTER';
  await owner.query(`${verb} ROLE ${ident(role)} ${attributes} PASSWORD ${literal(password)}`).catch((err: Error) => {
    // Two processes creating it at once: the other one won.
    if (verb === 'CREATE' && /already exists/.test(err.message)) return;
    throw err;
  });
  await grantAppRole(owner, role);
}

/**
 * What the app's role may do, granted by the owner of the migrated schema (idempotent, on every start):
 * - DML on every table of `public` (and, by default privileges, on tables later migrations add), but on `audit_log`
 *   only SELECT and INSERT, and nothing on `schema_migration`; sequences; `audit_seal`;
 * - `recon_data` and `pgboss` with CREATE: the tables the app makes there are its own (DDL at run time); tables an
 *   older version made there as the owner are handed over;
 * - temporary tables (the engine's candidates) and advisory locks need no grant beyond CONNECT and TEMPORARY.
 */
export async function grantAppRole(owner: pg.Pool, role: string): Promise<void> {
  const r = ident(role);
  const client = await owner.connect();
  try {
    await client.query('BEGIN');
    // GRANT on one object from two processes at once fails ("tuple concurrently updated"): one at a time.
    await client.query('SELECT pg_advisory_xact_lock($1)', [...LOCKS.migration.keys]);
    const { rows } = await client.query<{ db: string; me: string }>(
      'SELECT current_database() AS db, current_user AS me',
    );
    const { db, me } = rows[0] as { db: string; me: string };
    await client.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${ident(db)} TO ${r}`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${r}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`);
    await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${r}`);
    await client.query(`ALTER DEFAULT PRIVILEGES FOR ROLE ${ident(me)} IN SCHEMA public
      GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`);
    await client.query(`ALTER DEFAULT PRIVILEGES FOR ROLE ${ident(me)} IN SCHEMA public
      GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${r}`);
    // Append-only: the trigger refuses these too, the REVOKE says so at the door.
    await client.query(`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_log FROM ${r}`);
    await client.query(`REVOKE ALL ON schema_migration FROM ${r}`);
    await client.query(`GRANT EXECUTE ON FUNCTION audit_seal(integer) TO ${r}`);
    for (const schema of APP_OWNED_SCHEMAS) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
      await client.query(`GRANT USAGE, CREATE ON SCHEMA ${ident(schema)} TO ${r}`);
      if (role !== me) await handOver(client, schema, role);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Makes `role` the owner of a schema and of everything in it not already its own: the app alters and drops its data
 * tables, and pg-boss adds a partition per queue. A cluster made by an older version (the app was the superuser) has
 * them owned by the superuser. Sequences owned by a column and indexes follow their table.
 */
async function handOver(client: pg.PoolClient, schema: string, role: string): Promise<void> {
  await client.query(`ALTER SCHEMA ${ident(schema)} OWNER TO ${ident(role)}`);
  const objects = await client.query<{ statement: string }>(
    `SELECT format('ALTER %s %s OWNER TO %I',
              CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                             ELSE 'TABLE' END,
              c.oid::regclass, $2::text) AS statement
       FROM pg_class c
      WHERE c.relnamespace = $1::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = $2)
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                   AND d.objid = c.oid AND d.deptype IN ('a', 'i') AND d.refclassid = 'pg_class'::regclass))
     UNION ALL
     SELECT format('ALTER %s %s OWNER TO %I', CASE p.prokind WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END,
                   p.oid::regprocedure, $2::text)
       FROM pg_proc p
      WHERE p.pronamespace = $1::regnamespace AND p.proowner <> (SELECT oid FROM pg_roles WHERE rolname = $2)
     UNION ALL
     SELECT format('ALTER TYPE %s OWNER TO %I', t.oid::regtype, $2::text)
       FROM pg_type t
      WHERE t.typnamespace = $1::regnamespace AND t.typtype IN ('e', 'd', 'r')
        AND t.typowner <> (SELECT oid FROM pg_roles WHERE rolname = $2)`,
    [schema, role],
  );
  for (const { statement } of objects.rows) await client.query(statement);
}
