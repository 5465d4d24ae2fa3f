import { FILE_TEXTS, fileNotAttachable, fileNotRunnable, JOB_EXECUTION_TEXTS, JOB_RUN_TEXTS } from '@recon/contract';
import type { Db } from '@recon/db';
import { validation } from '@/lib/app-error.ts';
import { enqueueExecution } from './queue.ts';

export type NewExecution = {
  moduleId: number;
  jobId: number;
  trigger: 'MANUAL' | 'CRON' | 'UPLOAD';
  createdBy: number | null;
  batchNumber: number | null;
  cycleNumber: number | null;
  endDate: string | null;
  fileIds: readonly number[];
  now: Date;
};

/**
 * Creates a RUNNABLE run with one activity execution per enabled activity, attaches the uploaded files it
 * loads, and queues it — all in the caller's transaction. Used by manual runs and by cron fires.
 */
export async function createExecution(tx: Db, input: NewExecution): Promise<number> {
  const job = await tx
    .selectFrom('job')
    .select(['file_approval_enabled'])
    .where('id', '=', input.jobId)
    .where('module_id', '=', input.moduleId)
    .executeTakeFirstOrThrow();
  const activities = await tx
    .selectFrom('job_activity')
    .select(['id', 'sequence', 'type', 'type_id'])
    .where('job_id', '=', input.jobId)
    .where('enabled', '=', true)
    .orderBy('sequence')
    .execute();
  if (activities.length === 0) throw validation(JOB_RUN_TEXTS.noEnabledActivity);

  const { id } = await tx
    .insertInto('job_execution')
    .values({
      module_id: input.moduleId,
      job_id: input.jobId,
      status: 'RUNNABLE',
      trigger_type: input.trigger,
      batch_number: input.batchNumber,
      cycle_number: input.cycleNumber,
      end_date: input.endDate,
      params: JSON.stringify({
        batchNumber: input.batchNumber,
        cycleNumber: input.cycleNumber,
        endDate: input.endDate,
        fileIds: input.fileIds,
      }),
      needs_file_approval: job.file_approval_enabled,
      created_by: input.createdBy,
      created_at: input.now,
      updated_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const executed = await tx
    .insertInto('activity_execution')
    .values(
      activities.map((a) => ({
        job_execution_id: id,
        job_activity_id: a.id,
        sequence: a.sequence,
        type: a.type,
        type_id: a.type_id,
        status: 'RUNNABLE',
        counts: '{}',
      })),
    )
    .returning(['id', 'type', 'type_id', 'sequence'])
    .execute();
  if (input.fileIds.length > 0) await attachFiles(tx, input, id, executed);
  await enqueueExecution(tx, id);
  return id;
}

/**
 * A file joins the run only while it is UPLOADED, not yet in a run, of this module, and of a pipeline one of
 * the run's PIPE_LINE activities loads; it is linked to the first such activity. The conditional update makes
 * two runs racing for one file safe.
 */
async function attachFiles(
  tx: Db,
  input: NewExecution,
  executionId: number,
  executed: { id: number; type: string; type_id: number | null; sequence: number }[],
) {
  const loaderByPipeline = new Map<number, number>();
  for (const a of [...executed].sort((x, y) => x.sequence - y.sequence)) {
    if (a.type === 'PIPE_LINE' && a.type_id !== null && !loaderByPipeline.has(a.type_id)) {
      loaderByPipeline.set(a.type_id, a.id);
    }
  }
  const fileIds = [...new Set(input.fileIds)];
  const attached: { id: number }[] = [];
  for (const [pipelineId, activityExecutionId] of loaderByPipeline) {
    const rows = await tx
      .updateTable('uploaded_file')
      .set({ job_execution_id: executionId, activity_execution_id: activityExecutionId, updated_at: input.now })
      .where('id', 'in', fileIds)
      .where('module_id', '=', input.moduleId)
      .where('pipeline_id', '=', pipelineId)
      .where('status', '=', 'UPLOADED')
      // Fully stored only: a row still UPLOAD_STARTED has no bytes a load could read (issue 11.4).
      .where('upload_status', '=', 'UPLOADED')
      .where('job_execution_id', 'is', null)
      .returning('id')
      .execute();
    attached.push(...rows);
  }
  const done = new Set(attached.map((f) => f.id));
  const missing = fileIds.find((f) => !done.has(f));
  if (missing !== undefined) throw validation(await whyNotAttachable(tx, input.moduleId, missing), 'fileIds');
}

/** The refusal of a file a run cannot take, saying why when the file itself says it (not stored, invalid, gone). */
async function whyNotAttachable(tx: Db, moduleId: number, fileId: number): Promise<string> {
  const f = await tx
    .selectFrom('uploaded_file')
    .select(['status', 'upload_status', 'error_message', 'job_execution_id'])
    .where('id', '=', fileId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  if (f?.upload_status === 'UPLOAD_STARTED') return fileNotRunnable(fileId, FILE_TEXTS.notStored);
  if (f && f.job_execution_id === null && f.status !== 'UPLOADED' && f.error_message) {
    return fileNotRunnable(fileId, f.error_message);
  }
  return fileNotAttachable(fileId);
}

/**
 * Makes a FAILED run RUNNABLE again from its failed activity: completed activities keep their results and are
 * not run again; the failed (or interrupted) activity starts over with a fresh set of retries.
 */
export async function resumeFailedExecution(tx: Db, executionId: number, now: Date): Promise<void> {
  const resumed = await tx
    .updateTable('job_execution')
    .set({ status: 'RUNNABLE', error_message: null, finished_at: null, next_attempt_at: null, updated_at: now })
    .where('id', '=', executionId)
    .where('status', '=', 'FAILED')
    .returning('id')
    .executeTakeFirst();
  if (!resumed) throw validation(JOB_EXECUTION_TEXTS.onlyFailedRetry);
  await tx
    .updateTable('activity_execution')
    .set({ status: 'RUNNABLE', attempt: 0, error_message: null, started_at: null, finished_at: null })
    .where('job_execution_id', '=', executionId)
    .where('status', 'in', ['FAILED', 'RUNNING'])
    .execute();
  await enqueueExecution(tx, executionId);
}

/** Queues every waiting run of a module again: called whenever a run of it stops holding the module. */
export async function wakeModule(tx: Db, moduleId: number): Promise<void> {
  await wakeNewerRuns(tx, moduleId, 0);
}

/** Queues again the waiting runs of a module created after run `afterId`, oldest first. */
export async function wakeNewerRuns(tx: Db, moduleId: number, afterId: number): Promise<void> {
  const waiting = await tx
    .selectFrom('job_execution')
    .select('id')
    .where('module_id', '=', moduleId)
    .where('status', '=', 'RUNNABLE')
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  for (const w of waiting) await enqueueExecution(tx, w.id);
}
