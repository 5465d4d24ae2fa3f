import { JOB_EXECUTION_TEXTS } from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import { failInterruptedRuns } from '@/lib/recon/recon-runner.ts';
import { failInterruptedRollbacks } from '@/lib/rollback/executor.ts';
import { wakeModule } from './executions.ts';
import { enqueueExecution } from './queue.ts';

/**
 * At worker start (one worker process per database): a run left RUNNING with nobody working on it was cut
 * off by a crash or a stop — it and its running activity become FAILED (retryable with executeFailedJob).
 * Runs waiting out a retry interval keep waiting; every queued run gets its message again (a run created
 * before the queue existed has none). Answers the ids of the runs it failed.
 */
export async function recoverAfterRestart(db: Db, now: Date): Promise<number[]> {
  // A recon run's transaction died with the process: the run is FAILED, nothing of it stayed.
  await failInterruptedRuns(db);
  // A rollback cut off keeps every step it finished; it becomes ROLLBACK_FAILED, retried from where it stopped.
  await failInterruptedRollbacks(db, now);
  return withTransaction(db, {}, async ({ db: tx }) => {
    const interrupted = await tx
      .updateTable('job_execution')
      .set({ status: 'FAILED', error_message: JOB_EXECUTION_TEXTS.serverStopped, finished_at: now, updated_at: now })
      .where('status', '=', 'RUNNING')
      .where('next_attempt_at', 'is', null)
      .returning(['id', 'module_id'])
      .execute();
    if (interrupted.length > 0) {
      await tx
        .updateTable('activity_execution')
        .set({ status: 'FAILED', error_message: JOB_EXECUTION_TEXTS.serverStopped, finished_at: now })
        .where('status', '=', 'RUNNING')
        .where(
          'job_execution_id',
          'in',
          interrupted.map((e) => e.id),
        )
        .execute();
    }
    const waitingRetry = await tx
      .selectFrom('job_execution')
      .select(['id', 'next_attempt_at'])
      .where('status', '=', 'RUNNING')
      .where('next_attempt_at', 'is not', null)
      .execute();
    for (const w of waitingRetry) await enqueueExecution(tx, w.id, w.next_attempt_at ?? undefined);
    const modules = await tx
      .selectFrom('job_execution')
      .select('module_id')
      .distinct()
      .where('status', '=', 'RUNNABLE')
      .execute();
    for (const m of modules) await wakeModule(tx, m.module_id);
    return interrupted.map((e) => e.id);
  });
}
