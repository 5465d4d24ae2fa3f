import {
  cycleNumberOf,
  JOB_CRON_TEXTS,
  JOB_RUN_TEXTS,
  JOB_TEXTS,
  type JobCronOperation,
  type JobCronRequest,
  type JobDetail,
  type JobExecutionDetail,
  type JobRunRequest,
  PIPELINE_PRIVILEGE_LABELS,
  validateJobRun,
} from '@recon/contract';
import { withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { getExecutionDetail } from '@/jobs/execution-view.ts';
import { createExecution } from '@/jobs/executions.ts';
import { readStoredSettings, userPipelinePrivileges } from '@/jobs/job-settings-store.ts';
import { wakeLocalWorkers } from '@/jobs/queue.ts';
import { isValidCronExpression } from '@/jobs/schedules.ts';
import { AppError, notFound, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { filterFlags } from './jobs.mappers.ts';
import * as q from './jobs.queries.ts';
import { type Actor, auditOf, getJobDetail } from './jobs.service.ts';

const RUN_FIELD: Record<string, string> = {
  [JOB_RUN_TEXTS.batchRequired]: 'jobExecutionParam.batchNumber',
  [JOB_RUN_TEXTS.batchRange]: 'jobExecutionParam.batchNumber',
  [JOB_RUN_TEXTS.cycleRequired]: 'jobExecutionParam.cycleNumber',
  [JOB_RUN_TEXTS.cycleInvalid]: 'jobExecutionParam.cycleNumber',
  [JOB_RUN_TEXTS.endDateInvalid]: 'jobExecutionParam.endDate',
};

/** With pipeline privileges on, running a job needs "Run job" on every pipeline it loads. */
async function assertMayRun(db: FeatureContext['db'], job: q.JobRecord, userId: number) {
  const settings = readStoredSettings(job.additional_settings);
  if (!settings.pipelinePrivilegesVo.privilegesEnabled) return;
  const pipelines = await q.jobPipelineIds(db, job.id);
  for (const [pipelineId, granted] of userPipelinePrivileges(settings, pipelines, userId)) {
    if (!granted.RUN_JOB) {
      throw new AppError(
        'FORBIDDEN',
        `You do not have the "${PIPELINE_PRIVILEGE_LABELS.RUN_JOB}" privilege for pipeline ${pipelineId} of this job`,
      );
    }
  }
}

/** POST /v2/jobs?opertionType=MANUAL_JOB_EXEC: a RUNNABLE run, queued, with the uploaded files it loads. */
export async function runJob(
  ctx: FeatureContext,
  moduleId: number,
  body: JobRunRequest,
  actor: Actor,
): Promise<JobExecutionDetail> {
  const job = await q.getJob(ctx.db, moduleId, body.id);
  if (!job) throw notFound('Job');
  const param = body.jobExecutionParam ?? null;
  const message = validateJobRun(filterFlags(await q.listFilters(ctx.db, job.id)), param);
  if (message) throw validation(message, RUN_FIELD[message] ?? 'jobExecutionParam');
  await assertMayRun(ctx.db, job, actor.principal.userId);
  const rawCycle = param?.cycleNumber;
  const cycleNumber = rawCycle === null || rawCycle === undefined || rawCycle === '' ? null : cycleNumberOf(rawCycle);
  const fileIds = body.fileIds ?? [];
  const now = ctx.now();
  const detail = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const id = await createExecution(tx, {
      moduleId,
      jobId: job.id,
      trigger: fileIds.length > 0 ? 'UPLOAD' : 'MANUAL',
      createdBy: actor.principal.userId,
      batchNumber: param?.batchNumber ?? null,
      cycleNumber,
      endDate: param?.endDate || null,
      fileIds,
      now,
    });
    await writeAudit(tx, {
      ...auditOf(actor, moduleId),
      event: 'JOB_RUN_REQUESTED',
      entityType: 'job_execution',
      entityId: id,
      details: { jobId: job.id, jobName: job.name, batchNumber: param?.batchNumber ?? null, cycleNumber, fileIds },
    });
    // Read inside the transaction: the answer is the run as created (RUNNABLE), before a worker takes it.
    return getExecutionDetail(tx, moduleId, id);
  });
  wakeLocalWorkers();
  if (!detail) throw notFound('Job execution');
  return detail;
}

const CRON_FIELD = 'cronExpression';

/** PUT /v2/jobs?opertionType=…_CRON_JOB: SCHEDULE (or re-schedule), PAUSE, RESUME, TERMINATE. */
export async function changeSchedule(
  ctx: FeatureContext,
  moduleId: number,
  operation: JobCronOperation,
  body: JobCronRequest,
  actor: Actor,
): Promise<JobDetail> {
  const now = ctx.now();
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const job = await q.getJob(tx, moduleId, body.id);
    if (!job) throw notFound('Job');
    let change: Parameters<typeof q.setSchedule>[2];
    switch (operation) {
      case 'SCHEDULE_CRON_JOB': {
        const expression = body.cronExpression?.trim() || job.cron_expression;
        if (!expression) throw validation(JOB_TEXTS.cronRequired, CRON_FIELD);
        if (!isValidCronExpression(expression)) throw validation(JOB_TEXTS.cronInvalid, CRON_FIELD);
        // Fires before now are not owed: the schedule starts counting from here.
        change = { schedule_type: 'CRON', cron_expression: expression, cron_state: 'SCHEDULED', cron_fired_until: now };
        break;
      }
      case 'PAUSE_CRON_JOB':
        if (job.cron_state !== 'SCHEDULED') throw validation(JOB_CRON_TEXTS.pauseNotScheduled);
        change = { cron_state: 'PAUSED' };
        break;
      case 'RESUME_CRON_JOB':
        if (job.cron_state !== 'PAUSED') throw validation(JOB_CRON_TEXTS.resumeNotPaused);
        // Fires missed while paused are skipped.
        change = { cron_state: 'SCHEDULED', cron_fired_until: now };
        break;
      case 'TERMINATE_CRON_JOB':
        if (job.cron_state !== 'SCHEDULED' && job.cron_state !== 'PAUSED') {
          throw validation(JOB_CRON_TEXTS.terminateNothing);
        }
        change = { cron_state: 'TERMINATED' };
        break;
    }
    await q.setSchedule(tx, job.id, change, now);
    await writeAudit(tx, {
      ...auditOf(actor, moduleId),
      event: 'JOB_SCHEDULE_CHANGED',
      entityId: job.id,
      details: {
        operation,
        before: { cronState: job.cron_state, cronExpression: job.cron_expression },
        after: { cronState: change.cron_state, cronExpression: change.cron_expression ?? job.cron_expression },
      },
    });
  });
  return getJobDetail(ctx.db, moduleId, body.id);
}
