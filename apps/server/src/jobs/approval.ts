import { JOB_EXECUTION_TEXTS } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';
import { validation } from '@/lib/app-error.ts';
import { qualified } from '@/lib/data-tables/ddl.ts';
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

async function removeLoadedRows(tx: Db, executionId: number, now: Date): Promise<void> {
  const files = await tx
    .selectFrom('uploaded_file as f')
    .innerJoin('pipeline as p', 'p.id', 'f.pipeline_id')
    .innerJoin('data_table as dt', 'dt.id', 'p.data_table_id')
    .select(['f.id', 'dt.table_name', 'dt.invalid_table_name'])
    .where('f.job_execution_id', '=', executionId)
    .execute();
  const byTable = new Map<string, number[]>();
  for (const f of files) {
    for (const table of [f.table_name, f.invalid_table_name]) byTable.set(table, [...(byTable.get(table) ?? []), f.id]);
  }
  for (const [table, fileIds] of byTable) {
    // Table names come from data_table (created by the product) and are quoted; the ids are parameters.
    await sql`DELETE FROM ${sql.raw(qualified(table))} WHERE _file_id = ANY(${fileIds}::bigint[])`.execute(tx);
  }
  await tx
    .updateTable('uploaded_file')
    .set({ status: 'ROLLED_BACK', updated_at: now })
    .where('job_execution_id', '=', executionId)
    .execute();
}
