import { DOWNLOAD_TEXTS } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { BOSS_SCHEMA, bossDb } from './queue.ts';

/** One message per export request: "write the file of request N". The job worker works on this queue. */
export const DOWNLOAD_QUEUE = 'download-export';
export type DownloadMessage = { requestId: number };
/** Exports run beside job runs; two at a time keep a 2-core machine responsive. */
export const DOWNLOAD_CONCURRENCY = 2;
/** An export of millions of rows to XLSX takes minutes, never hours. */
export const DOWNLOAD_MESSAGE_EXPIRY_SECONDS = 2 * 60 * 60;

// Never started: it only builds pg-boss's insert; each send names the db (or transaction) to use.
const sender = new PgBoss({
  schema: BOSS_SCHEMA,
  db: { executeSql: () => Promise.reject(new Error('the download message sender needs a db per call')) },
});

async function isQueueReady(db: Db): Promise<boolean> {
  const r = await sql<{ ready: boolean }>`SELECT to_regclass(${`${BOSS_SCHEMA}.queue`}) IS NOT NULL AS ready`.execute(
    db,
  );
  if (!r.rows[0]?.ready) return false;
  const q = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.table(`${BOSS_SCHEMA}.queue`)} WHERE name = ${DOWNLOAD_QUEUE}`.execute(db);
  return (q.rows[0]?.n ?? 0) > 0;
}

/**
 * Queues a request inside the caller's transaction. Before the worker has ever started there is no queue yet:
 * the request stays SUBMITTED and the worker's start-up sweep queues it.
 */
export async function enqueueDownload(db: Db, requestId: number): Promise<void> {
  if (!(await isQueueReady(db))) return;
  await sender.send(DOWNLOAD_QUEUE, { requestId } satisfies DownloadMessage, { db: bossDb(db) });
}

/**
 * At worker start (one worker process per database): an export left INPROCESS was cut off by a stop and is
 * FAILED (its partial file is never served: only a complete file is renamed into place); every SUBMITTED request
 * is queued again (working a request twice is harmless: only a SUBMITTED one is taken). Answers the failed ids.
 */
export async function recoverDownloads(db: Db, now: Date): Promise<number[]> {
  const failed = await db
    .updateTable('download_request')
    .set({ status: 'FAILED', error: DOWNLOAD_TEXTS.serverStopped, finished_at: now, updated_at: now })
    .where('status', '=', 'INPROCESS')
    .returning('id')
    .execute();
  const waiting = await db.selectFrom('download_request').select('id').where('status', '=', 'SUBMITTED').execute();
  for (const w of waiting) await enqueueDownload(db, w.id);
  return failed.map((f) => f.id);
}
