import type { Db } from '@recon/db';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';

/** pg-boss lives in the product's own database, in this schema. */
export const BOSS_SCHEMA = 'pgboss';
/** One message per step of a run: "look at execution N" (start it, continue it after a retry wait or approval). */
export const RUN_QUEUE = 'job-execution-run';
/** Fired every minute by a pg-boss schedule: cron jobs that are due, and runs waiting for a message. */
export const TICK_QUEUE = 'job-scheduler-tick';
export const TICK_CRON = '* * * * *';

export type RunMessage = { executionId: number };

/** pg-boss runs its SQL through our Kysely pool (or the caller's transaction), so it needs no pool of its own. */
export function bossDb(db: Db): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Installs pg-boss's schema when missing, as the database owner: the app role may not CREATE SCHEMA (pg-boss's first
 * statement, checked against the database even when the schema exists). `grantAppRole` then hands the schema and its
 * objects to the app role, which migrates it itself on a later pg-boss version (decision 0014).
 */
export async function installQueueSchema(owner: {
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
}): Promise<void> {
  const installed = await owner.query(`SELECT to_regclass('${BOSS_SCHEMA}.version') IS NOT NULL AS installed`);
  if (installed.rows[0]?.installed === true) return;
  await owner.query(PgBoss.getConstructionPlans(BOSS_SCHEMA));
}

// Never started: it only builds pg-boss's insert for a message; each send names the db (or transaction) to use.
const sender = new PgBoss({
  schema: BOSS_SCHEMA,
  db: {
    executeSql: () => Promise.reject(new Error('the job message sender needs a db per call')),
  },
});

async function isQueueReady(db: Db): Promise<boolean> {
  const r = await sql<{ ready: boolean }>`
    SELECT to_regclass(${`${BOSS_SCHEMA}.queue`}) IS NOT NULL AS ready`.execute(db);
  if (!r.rows[0]?.ready) return false;
  const q = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.table(`${BOSS_SCHEMA}.queue`)} WHERE name = ${RUN_QUEUE}`.execute(db);
  return (q.rows[0]?.n ?? 0) > 0;
}

/**
 * Queues "look at execution N" inside the caller's transaction, so a run and its message commit together.
 * Before the worker has ever started there is no queue yet: the run stays RUNNABLE and the worker's start-up
 * sweep picks it up. `startAfter` delays the message (seconds, or an instant).
 */
export async function enqueueExecution(db: Db, executionId: number, startAfter?: number | Date): Promise<void> {
  if (!(await isQueueReady(db))) return;
  const options: PgBoss.SendOptions = { db: bossDb(db) };
  if (startAfter instanceof Date || (typeof startAfter === 'number' && startAfter > 0)) options.startAfter = startAfter;
  await sender.send(RUN_QUEUE, { executionId } satisfies RunMessage, options);
}

// Workers of this process, woken when this process queues work (otherwise they find it at their next poll).
const localWakers = new Set<() => void>();

export function registerLocalWaker(wake: () => void): () => void {
  localWakers.add(wake);
  return () => localWakers.delete(wake);
}

/** Call after the transaction that queued work has committed. */
export function wakeLocalWorkers(): void {
  for (const wake of localWakers) wake();
}
