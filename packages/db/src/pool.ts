import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// int8 (bigint ids, counts) as JS numbers: ids stay far below 2^53. numeric (money) stays a string.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Db = Kysely<Database>;
export type Logger = { error: (obj: object, msg?: string) => void; warn: (obj: object, msg?: string) => void };

// PostgreSQL's admin_shutdown: the server is stopping (our own shutdown, a Ctrl-C that reached it, an operator).
const ADMIN_SHUTDOWN = '57P01';
// How long closing waits for the connections' sockets to close before the database may be stopped anyway.
const CLOSE_TIMEOUT_MS = 5_000;

const closingPools = new WeakSet<pg.Pool>();

/**
 * A pool that survives a database restart: an idle client's error is logged, never thrown (an unhandled
 * 'error' event would crash the process). The record names the error, never the client pg-pool hangs on it
 * (its config and socket). A server stopping is expected while the pool closes, and only a warning otherwise: the
 * pool connects again when it is back.
 */
export function createPool(connectionString: string, options: { max?: number; logger?: Logger } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  pool.on('error', (err: Error & { code?: string }) => {
    const error = { message: err.message, code: err.code };
    if (err.code !== ADMIN_SHUTDOWN) options.logger?.error({ err: error }, 'idle database client failed');
    else if (!closingPools.has(pool)) options.logger?.warn({ err: error }, 'the database server closed a connection');
  });
  return pool;
}

/**
 * Closes a Db made by createDb and waits until every connection's socket is closed. pg-pool's end() settles as soon
 * as it has asked its idle clients to end, while their sockets are still open: a database stopped right after
 * terminated them ("terminating connection due to administrator command", one error per connection).
 */
export async function closeDb(db: Db): Promise<void> {
  const pool = poolOf(db);
  closingPools.add(pool);
  let open = pool.totalCount;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open <= 0) resolve();
    });
  });
  await db.destroy();
  await Promise.race([allClosed, new Promise((r) => setTimeout(r, CLOSE_TIMEOUT_MS).unref())]);
}

const poolsByDb = new WeakMap<Db, pg.Pool>();

export function createDb(pool: pg.Pool): Db {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  poolsByDb.set(db, pool);
  return db;
}

/** The pg pool behind a Db made by createDb: for what Kysely cannot express, such as COPY streams. */
export function poolOf(db: Db): pg.Pool {
  const pool = poolsByDb.get(db);
  if (!pool) throw new Error('This Db was not made by createDb: it has no pool');
  return pool;
}
