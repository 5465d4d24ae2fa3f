import { FILE_TEXTS } from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@/config.ts';
import { writeAudit } from '@/lib/audit.ts';
import { every } from '@/lib/every.ts';
import { receivingNow, removeStoredBytes } from '@/lib/uploads.ts';
import * as q from './upload-sweep.queries.ts';

export type UploadSweepDeps = {
  db: Db;
  config: Pick<
    Config,
    'dataDir' | 'uploadInterruptedAfterSeconds' | 'uploadAbandonedHours' | 'uploadSweepIntervalSeconds'
  >;
  log: FastifyBaseLogger;
  now?: () => Date;
};

export type SweepResult = { interrupted: number[]; expired: number[] };

/**
 * Uploads nobody will finish or run (decision 0016):
 * - interrupted: a row still UPLOAD_STARTED whose receiver is gone — at start-up every one (nothing is being
 *   received before the server listens), later those older than UPLOAD_INTERRUPTED_AFTER_SECONDS that this process
 *   is not receiving — becomes INVALID with the reason, its partial bytes deleted;
 * - abandoned: a file UPLOADED that no run took within UPLOAD_ABANDONED_HOURS becomes DELETED, its bytes deleted,
 *   audited as a discard by nobody.
 */
export async function sweepUploads(deps: UploadSweepDeps, { isStartUp }: { isStartUp: boolean }): Promise<SweepResult> {
  const now = deps.now?.() ?? new Date();
  const startedBefore = isStartUp ? now : new Date(now.getTime() - deps.config.uploadInterruptedAfterSeconds * 1000);
  const interrupted = await q.failInterruptedUploads(deps.db, {
    startedBefore,
    receiving: isStartUp ? [] : receivingNow(),
    reason: FILE_TEXTS.uploadInterrupted,
    now,
  });
  const hours = deps.config.uploadAbandonedHours;
  const expired = await withTransaction(deps.db, {}, async ({ db: tx }) => {
    const rows = await q.expireAbandonedUploads(tx, {
      uploadedBefore: new Date(now.getTime() - hours * 60 * 60 * 1000),
      reason: FILE_TEXTS.expired(hours),
      now,
    });
    for (const r of rows) {
      await writeAudit(tx, {
        event: 'FILE_DISCARDED',
        outcome: 'SUCCESS',
        moduleId: r.module_id,
        entityType: 'uploaded_file',
        entityId: r.id,
        details: { pipelineId: r.pipeline_id, fileName: r.original_name, reason: 'expired', hours },
      });
    }
    return rows;
  });
  for (const f of [...interrupted, ...expired]) {
    await removeStoredBytes(deps.config.dataDir, { moduleId: f.module_id, pipelineId: f.pipeline_id, fileId: f.id });
  }
  const result = { interrupted: interrupted.map((f) => f.id), expired: expired.map((f) => f.id) };
  if (result.interrupted.length > 0) deps.log.warn({ fileIds: result.interrupted }, 'interrupted uploads failed');
  if (result.expired.length > 0) deps.log.info({ fileIds: result.expired }, 'abandoned uploads expired');
  return result;
}

/**
 * Sweeps once now (call it before the server listens and before the job worker claims runs, so no run can take
 * a half-stored file), then every UPLOAD_SWEEP_INTERVAL_SECONDS in the background (`every`).
 */
export async function startUploadSweeper(deps: UploadSweepDeps): Promise<{ stop: () => Promise<void> }> {
  await sweepUploads(deps, { isStartUp: true });
  return every(
    deps.config.uploadSweepIntervalSeconds * 1000,
    () => sweepUploads(deps, { isStartUp: false }),
    (err) => deps.log.error({ err }, 'sweeping uploads failed'),
  );
}
