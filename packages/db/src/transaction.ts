import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { type Db, poolOf } from './pool.ts';
import type { Database } from './schema.ts';

/**
 * A PostgreSQL advisory lock held for one transaction. Every key the server takes is named here (`LOCKS`), so two
 * features can never pick the same number by accident. `shared` lets other shared holders in at the same time.
 */
export type Lock = {
  readonly name: string;
  readonly keys: readonly [number] | readonly [number, number];
  readonly shared?: boolean;
};

/** Namespaces of the two-key locks (namespace, id) and the single keys. */
const KEY = {
  migration: 724_311_001,
  jobStart: 724_311_101,
  auditChain: 724_311_201,
  dataVersionTriggers: 724_311_301,
  file: 7301,
  recon: 7302,
  autoTicket: 7303,
} as const;

export const LOCKS = {
  /** Migrations of one database run one at a time (a session lock: see migrate.ts). */
  migration: { name: 'migration', keys: [KEY.migration] },
  /** Job runs are claimed one at a time, so two workers never start runs that may not overlap. */
  jobStart: { name: 'job start', keys: [KEY.jobStart] },
  /** The audit chain is extended by one sealer at a time (audit-chain.ts); inserts never take it. */
  auditChain: { name: 'audit chain', keys: [KEY.auditChain] },
  /** Servers starting together attach the data version triggers one at a time (decision 0040). */
  dataVersionTriggers: { name: 'data version triggers', keys: [KEY.dataVersionTriggers] },
  /** One uploaded file is loaded by one worker. */
  file: (fileId: number): Lock => ({ name: `file ${fileId}`, keys: [KEY.file, fileId] }),
  /**
   * A recon's rows change under this lock: engine runs, manual actions, approved requests, rollbacks. Shared: the
   * deletes of a rollback's other tables, which may go on side by side.
   */
  recon: (reconId: number, mode: 'exclusive' | 'shared' = 'exclusive'): Lock => ({
    name: `recon ${reconId}`,
    keys: [KEY.recon, reconId],
    shared: mode === 'shared',
  }),
  /** A data source's auto-tickets are brought up to date by one process at a time (decision 0031). */
  autoTicket: (dataSourceId: number): Lock => ({
    name: `auto-ticketing ${dataSourceId}`,
    keys: [KEY.autoTicket, dataSourceId],
  }),
} as const;

/** Statements with the driver's own answer: `rowCount` of every statement (CREATE TABLE AS included), `rows`. */
export type Sql = {
  query: (text: string, values?: unknown[]) => Promise<{ rowCount: number | null; rows: Record<string, unknown>[] }>;
};

/** Plain statements outside a transaction, each on any connection of the pool (reads such as an explanation). */
export function sqlOf(db: Db): Sql {
  const pool = poolOf(db);
  return { query: (text, values) => pool.query(text, values) };
}

/**
 * One open transaction, reached three ways that all commit or roll back together: `db` (Kysely, for the queries
 * files), `sql` (plain statements, the engine's way: Kysely drops the row count of a CREATE TABLE AS) and `client`
 * (the connection itself, for COPY streams and cursors).
 */
export type Tx = { readonly db: Db; readonly sql: Sql; readonly client: pg.PoolClient };

/** Kysely on the transaction's one connection: it asks its "pool" for a connection and always gets this one. */
function kyselyOn(client: pg.PoolClient): Db {
  const connection = { query: client.query.bind(client), release: () => undefined };
  const pool = { connect: async () => connection, end: async () => undefined };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
}

/** The order every caller takes several locks in, so two transactions never wait on each other in a circle. */
const byKeys = (a: Lock, b: Lock) => a.keys[0] - b.keys[0] || (a.keys[1] ?? 0) - (b.keys[1] ?? 0);

async function take(client: pg.PoolClient, lock: Lock): Promise<void> {
  const fn = lock.shared ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  const params = lock.keys.map((_, i) => `$${i + 1}`).join(', ');
  await client.query(`SELECT ${fn}(${params})`, [...lock.keys]);
}

/**
 * Runs `fn` in one transaction holding the given advisory locks (taken in key order): commits what it did, or rolls
 * back when it throws. `commit: false` rolls back even on success (a dry run answers what would have happened).
 */
export async function withTransaction<T>(
  db: Db,
  options: { lock?: Lock | readonly Lock[]; commit?: boolean },
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const locks = options.lock === undefined ? [] : Array.isArray(options.lock) ? options.lock : [options.lock];
  const client = await poolOf(db).connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    for (const lock of [...(locks as Lock[])].sort(byKeys)) await take(client, lock);
    const value = await fn({
      db: kyselyOn(client),
      sql: { query: (text, values) => client.query(text, values) },
      client,
    });
    await client.query(options.commit === false ? 'ROLLBACK' : 'COMMIT');
    return value;
  } catch (err) {
    await client.query('ROLLBACK').catch((e: Error) => {
      broken = e;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
