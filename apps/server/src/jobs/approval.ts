import { JOB_EXECUTION_TEXTS } from '@recon/contract';
import type { Db } from '@recon/db';
import { AppError, validation } from '@/lib/app-error.ts';
import {
  deleteFileRows,
  LoadedRowsInUseError,
  loadedPipelinesOf,
  markFilesRolledBack,
} from '@/lib/rollback/loaded-rows.ts';
import { enqueueExecution } from './queue.ts';

/**
 * Maker-checker: whoever started the run, or uploaded one of its files, requested the approval and can never
 * give it. Answers why the user may not decide, or null.
 */
export async function makerCheckerBlocker(
  db: Db,
  execution: { id: number; created_by: number | null },
  userId: number,
): Promise<string | null> {
  if (execution.created_by === userId) return JOB_EXECUTION_TEXTS.makerCannotApprove;
  const uploaded = await db
    .selectFrom('uploaded_file')
    .select('id')
    .where('job_execution_id', '=', execution.id)
    .where('uploaded_by', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return uploaded ? JOB_EXECUTION_TEXTS.uploaderCannotApprove : null;
}

/** APPROVED: the run is queued again and continues after its PIPE_LINE activities. */
export async function approveExecution(tx: Db, executionId: number, checkerId: number, now: Date): Promise<void> {
  const row = await tx
    .updateTable('job_execution')
    .set({ status: 'RUNNABLE', approval_status: 'APPROVED', approved_by: checkerId, approved_at: now, updated_at: now })
    .where('id', '=', executionId)
    .where('status', '=', 'FILE_APPROVAL_PENDING')
    .returning('id')
    .executeTakeFirst();
  if (!row) throw validation(JOB_EXECUTION_TEXTS.notPendingApproval);
  await enqueueExecution(tx, executionId);
}

/**
 * REJECTED: every row the run's files loaded (valid, duplicate and invalid) is deleted, the files become
 * ROLLED_BACK, the activities not run yet are marked REJECTED and the run ends REJECTED — one transaction.
 */
export async function rejectExecution(tx: Db, executionId: number, checkerId: number, now: Date): Promise<void> {
  const row = await tx
    .updateTable('job_execution')
    .set({
      status: 'REJECTED',
      approval_status: 'REJECTED',
      approved_by: checkerId,
      approved_at: now,
      finished_at: now,
      updated_at: now,
    })
    .where('id', '=', executionId)
    .where('status', '=', 'FILE_APPROVAL_PENDING')
    .returning('id')
    .executeTakeFirst();
  if (!row) throw validation(JOB_EXECUTION_TEXTS.notPendingApproval);
  await removeLoadedRows(tx, executionId, now);
  await tx
    .updateTable('activity_execution')
    .set({ status: 'REJECTED', finished_at: now })
    .where('job_execution_id', '=', executionId)
    .where('status', '=', 'RUNNABLE')
    .execute();
}

/** Every row the run's files loaded goes (lib/rollback/loaded-rows.ts), the files become ROLLED_BACK. */
async function removeLoadedRows(tx: Db, executionId: number, now: Date): Promise<void> {
  for (const p of await loadedPipelinesOf(tx, executionId)) {
    const fileIds = p.files.map((f) => f.id);
    try {
      await deleteFileRows(tx, p, fileIds);
    } catch (err) {
      // A recon run matched rows of these files meanwhile: rejecting them would break its groups.
      if (err instanceof LoadedRowsInUseError) throw new AppError('CONFLICT', err.message);
      throw err;
    }
    await markFilesRolledBack(tx, fileIds, now);
  }
}
