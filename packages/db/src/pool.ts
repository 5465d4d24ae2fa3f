import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// int8 (bigint ids, counts) as JS numbers: ids stay far below 2^53. numeric (money) stays a string.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Db = Kysely<Database>;
export type Logger = { error: (obj: object, msg?: string) => void; warn: (obj: object, msg?: string) => void };

/**
 * A pool that survives a database restart: an idle client's error is logged, never thrown (an unhandled
 * 'error' event would crash the process).
 */
export function createPool(connectionString: string, options: { max?: number; logger?: Logger } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  pool.on('error', (err) => options.logger?.error({ err }, 'idle database client failed'));
  return pool;
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
