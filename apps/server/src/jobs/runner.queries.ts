import type { Db } from '@recon/db';
import { sql } from 'kysely';
import type { ActivityResult } from './activity.ts';

/** A run as the runner needs it: its own state, the job's retry settings and its activities in order. */
export async function loadRunState(db: Db, executionId: number) {
  const execution = await db
    .selectFrom('job_execution as e')
    .innerJoin('job as j', 'j.id', 'e.job_id')
    .select([
      'e.id',
      'e.module_id',
      'e.job_id',
      'e.status',
      'e.batch_number',
      'e.cycle_number',
      // pg would parse a date into a local-midnight Date; the run's day stays a YYYY-MM-DD string.
      sql<string | null>`to_char(e.end_date, 'YYYY-MM-DD')`.as('end_date'),
      'e.params',
      'e.needs_file_approval',
      'e.approval_status',
      'j.no_of_retrial',
      'j.retrial_interval',
    ])
    .where('e.id', '=', executionId)
    .executeTakeFirst();
  if (!execution) return undefined;
  const activities = await db
    .selectFrom('activity_execution as a')
    .leftJoin('job_activity as ja', 'ja.id', 'a.job_activity_id')
    .select([
      'a.id',
      'a.sequence',
      'a.type',
      'a.type_id',
      'a.status',
      'a.attempt',
      'ja.pipeline_source',
      'ja.integration_auth_id',
      'ja.job_configuration',
      'ja.additional_info',
      'ja.bulk_processor_details',
      'ja.dispute_activity',
      // The activity row is gone when the job was edited since: the run keeps its own type and target.
      'ja.id as job_activity_id',
    ])
    .where('a.job_execution_id', '=', executionId)
    .orderBy('a.sequence')
    .execute();
  return { execution, activities };
}
export type RunState = NonNullable<Awaited<ReturnType<typeof loadRunState>>>;
export type RunActivity = RunState['activities'][number];

/** Takes one activity for an attempt; null when another worker took it first. */
export async function claimActivity(db: Db, activityId: number, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('activity_execution')
    .set((eb) => ({
      status: 'RUNNING',
      attempt: eb('attempt', '+', 1),
      started_at: now,
      finished_at: null,
      error_message: null,
    }))
    .where('id', '=', activityId)
    .where('status', '=', 'RUNNABLE')
    .returning('attempt')
    .executeTakeFirst();
  return row?.attempt ?? null;
}

export async function completeActivity(db: Db, activityId: number, result: ActivityResult, now: Date) {
  await db
    .updateTable('activity_execution')
    .set({ status: result.status, counts: JSON.stringify(result.counts), finished_at: now, error_message: null })
    .where('id', '=', activityId)
    .execute();
}

/** The failed attempt is recorded; the activity is queued again and the run keeps its module until then. */
export async function waitForRetry(
  tx: Db,
  run: { executionId: number; activityId: number },
  failure: ActivityFailure,
  nextAttemptAt: Date,
  now: Date,
) {
  await tx
    .updateTable('activity_execution')
    .set({ status: 'RUNNABLE', error_message: failure.message, finished_at: now, ...countsOf(failure) })
    .where('id', '=', run.activityId)
    .execute();
  await tx
    .updateTable('job_execution')
    .set({ next_attempt_at: nextAttemptAt, updated_at: now })
    .where('id', '=', run.executionId)
    .execute();
}

/** Why an attempt failed, and what it did before (a pipeline's files that loaded), when it says. */
export type ActivityFailure = { message: string; counts: Record<string, number> | null };
const countsOf = (f: ActivityFailure) => (f.counts ? { counts: JSON.stringify(f.counts) } : {});

export async function failActivity(tx: Db, activityId: number, failure: ActivityFailure, now: Date) {
  await tx
    .updateTable('activity_execution')
    .set({ status: 'FAILED', error_message: failure.message, finished_at: now, ...countsOf(failure) })
    .where('id', '=', activityId)
    .execute();
}

/** Ends a RUNNING run; a no-op for a run that already left RUNNING. */
export async function endExecution(
  tx: Db,
  executionId: number,
  status: 'COMPLETED' | 'PARTIALLY_COMPLETED' | 'FAILED',
  message: string | null,
  now: Date,
) {
  return tx
    .updateTable('job_execution')
    .set({ status, error_message: message, finished_at: now, next_attempt_at: null, updated_at: now })
    .where('id', '=', executionId)
    .where('status', '=', 'RUNNING')
    .returning('module_id')
    .executeTakeFirst();
}

/** The run's files are loaded and wait for a checker; the module is free meanwhile. */
export async function pendApproval(tx: Db, executionId: number, now: Date) {
  return tx
    .updateTable('job_execution')
    .set({ status: 'FILE_APPROVAL_PENDING', approval_status: 'ACTION_PENDING', updated_at: now })
    .where('id', '=', executionId)
    .where('status', '=', 'RUNNING')
    .returning('module_id')
    .executeTakeFirst();
}

/** A run as a notice about it names it: module, job, who started it and who uploaded its files. */
export async function runForNotice(db: Db, executionId: number) {
  const run = await db
    .selectFrom('job_execution as e')
    .innerJoin('job as j', 'j.id', 'e.job_id')
    .select(['e.id', 'e.module_id', 'e.created_by', 'e.error_message', 'j.name as job_name'])
    .where('e.id', '=', executionId)
    .executeTakeFirst();
  if (!run) return undefined;
  const files = await db
    .selectFrom('uploaded_file')
    .select('uploaded_by')
    .distinct()
    .where('job_execution_id', '=', executionId)
    .execute();
  return { ...run, uploaders: files.map((f) => f.uploaded_by).filter((u): u is number => u !== null) };
}
