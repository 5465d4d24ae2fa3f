import {
  activityTargetNotFound,
  BULK_PROCESSOR_APPROVAL_ENTITY,
  coupleJobFilters,
  JOB_ACTIVITY_TYPES,
  JOB_BULK_PROCESSOR_TYPES,
  JOB_FILTER_NAMES,
  JOB_PIPELINE_SOURCES,
  JOB_RETRIES_MAX,
  JOB_RETRY_INTERVAL_MAX_MINUTES,
  JOB_TEXTS,
  type JobActivityInput,
  type JobDetail,
  type JobFilterName,
  type JobSaveRequest,
  unknownActivityType,
  unknownBulkProcessorType,
  unknownJobFilter,
  unknownPipelineSource,
  validateJobSave,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { pruneSettings, readStoredSettings } from '@/jobs/job-settings-store.ts';
import { isValidCronExpression } from '@/jobs/schedules.ts';
import { type Actor, auditBy } from '@/lib/actor.ts';
import { AppError, notFound, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { toJobDetail } from './jobs.mappers.ts';
import * as q from './jobs.queries.ts';

export const auditOf = (actor: Actor, moduleId: number) => ({
  outcome: 'SUCCESS' as const,
  ...auditBy(actor),
  moduleId,
  entityType: 'job',
});

export async function getJobDetail(db: Db, moduleId: number, id: number): Promise<JobDetail> {
  const job = await q.getJob(db, moduleId, id);
  if (!job) throw notFound('Job');
  const [activities, filters, last] = await Promise.all([
    q.listActivities(db, id),
    q.listFilters(db, id),
    q.lastExecution(db, id),
  ]);
  return toJobDetail(job, activities, filters, last);
}

const FIELD_OF_MESSAGE: Record<string, string> = {
  [JOB_TEXTS.nameTooLong]: 'name',
  [JOB_TEXTS.selectDashboard]: 'dashboardId',
};
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
const isOneOf = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

/** Sorted by the sequence sent (then by position), renumbered from 1; bulk rows keep only their bulk details. */
function normalizeActivities(input: readonly JobActivityInput[], moduleId: number): q.ActivityValues[] {
  const ordered = input
    .map((a, i) => ({ a, i }))
    .sort((x, y) => (x.a.sequence ?? x.i + 1) - (y.a.sequence ?? y.i + 1) || x.i - y.i);
  return ordered.map(({ a }, index) => {
    const sequence = index + 1;
    const type = a.type ?? 'BULK_PROCESSOR';
    if (!isOneOf(JOB_ACTIVITY_TYPES, type)) throw validation(unknownActivityType(sequence, type), 'activities');
    const source = type === 'PIPE_LINE' ? (a.activity?.pipelineSource ?? null) : null;
    if (source !== null && !isOneOf(JOB_PIPELINE_SOURCES, source)) {
      throw validation(unknownPipelineSource(sequence, source), 'activities');
    }
    const isBulk = type === 'BULK_PROCESSOR';
    const bulkType = a.bulkProcessorActivityDetails?.bulkProcessorType ?? '';
    if (isBulk && !JOB_BULK_PROCESSOR_TYPES.some((b) => b.value === bulkType)) {
      throw validation(unknownBulkProcessorType(sequence, bulkType), 'activities');
    }
    return {
      id: a.id ?? null,
      sequence,
      enabled: a.enabled ?? true,
      type,
      type_id: isBulk ? null : (a.activity?.typeId ?? null),
      pipeline_source: source,
      integration_auth_id: isBulk ? null : (a.activity?.integrationAuthId ?? null),
      job_configuration: isBulk ? null : json(a.activity?.jobConfiguration),
      additional_info: isBulk ? null : json(a.activity?.additionalInfo),
      bulk_processor_details: isBulk
        ? json({
            bulkProcessorType: bulkType,
            bulkProcessorApprovalRefEntityName: BULK_PROCESSOR_APPROVAL_ENTITY,
            bulkProcessorApprovalRefEntityId: moduleId,
          })
        : null,
      dispute_activity: json(a.disputeActivity),
    };
  });
}

/** The four filters, unknown names refused, with the batch-wise coupling applied. */
function normalizeFilters(input: JobSaveRequest['jobFilters']): Record<JobFilterName, boolean> {
  const flags = Object.fromEntries(JOB_FILTER_NAMES.map((n) => [n, false])) as Record<JobFilterName, boolean>;
  for (const f of input ?? []) {
    const name = f.filterName.name;
    if (!isOneOf(JOB_FILTER_NAMES, name)) throw validation(unknownJobFilter(name), 'jobFilters');
    flags[name] = f.enabled ?? false;
  }
  return coupleJobFilters(flags);
}

const TARGETS: Partial<Record<string, { table: q.TargetTable; label: string }>> = {
  PIPE_LINE: { table: 'pipeline', label: 'pipeline' },
  RECON: { table: 'recon', label: 'recon' },
  FETCH_EXPORT_REPORT: { table: 'export_report_config', label: 'export report config' },
  CREATE_EXPORT_REPORT: { table: 'export_report_config', label: 'export report config' },
  EMAIL_FETCH: { table: 'email_parsing_config', label: 'email parsing rule' },
};

/** Activity targets with a table in this version must be records of this module. */
async function assertTargetsExist(db: Db, moduleId: number, activities: readonly q.ActivityValues[]) {
  for (const table of ['pipeline', 'recon', 'export_report_config', 'email_parsing_config'] as const) {
    const wanted = activities.filter((a) => TARGETS[a.type]?.table === table && a.type_id !== null);
    const found = await q.existingIds(
      db,
      table,
      moduleId,
      wanted.map((a) => a.type_id as number),
    );
    const missing = wanted.find((a) => !found.has(a.type_id as number));
    if (missing) {
      const label = TARGETS[missing.type]?.label ?? table;
      throw validation(activityTargetNotFound(missing.sequence, label, missing.type_id as number), 'activities');
    }
  }
}

const nameTaken = () => validation(JOB_TEXTS.nameTaken, 'name');

/** Create (POST v2/jobs) or update (PUT v2/jobs?opertionType=UPDATE): the spec's checks first, in its order. */
export async function saveJob(
  ctx: FeatureContext,
  moduleId: number,
  body: JobSaveRequest,
  actor: Actor,
  mode: 'create' | 'update',
): Promise<JobDetail> {
  const jobId = mode === 'update' ? body.id : null;
  if (mode === 'update' && !jobId) throw validation(JOB_TEXTS.idRequired, 'id');
  if (body.moduleId != null && body.moduleId !== moduleId) throw validation(JOB_TEXTS.moduleMismatch, 'moduleId');
  const first = validateJobSave(body);
  if (first) throw validation(first, FIELD_OF_MESSAGE[first] ?? 'activities');
  const name = (body.name ?? '').trim();
  if (!name) throw validation(JOB_TEXTS.nameRequired, 'name');
  const retries = body.noOfRetrial ?? 0;
  if (retries < 0 || retries > JOB_RETRIES_MAX) throw validation(JOB_TEXTS.retriesRange, 'noOfRetrial');
  const interval = body.retrialInterval ?? 0;
  if (interval < 0 || interval > JOB_RETRY_INTERVAL_MAX_MINUTES) {
    throw validation(JOB_TEXTS.intervalRange, 'retrialInterval');
  }
  const activities = normalizeActivities(body.activities ?? [], moduleId);
  const filters = normalizeFilters(body.jobFilters);
  const scheduleType = body.scheduleType ?? 'MANUAL';
  // "the cron expression is dropped when MANUAL"
  const cron = scheduleType === 'MANUAL' ? null : body.cronExpression?.trim() || null;
  if (cron !== null && !isValidCronExpression(cron)) throw validation(JOB_TEXTS.cronInvalid, 'cronExpression');
  const now = ctx.now();

  const id = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = jobId ? await q.getJob(tx, moduleId, jobId) : undefined;
    if (jobId && !before) throw notFound('Job');
    await assertTargetsExist(tx, moduleId, activities);
    if (await q.isNameTaken(tx, moduleId, name, jobId)) throw nameTaken();
    const values: q.JobValues = {
      name,
      description: body.description?.trim() ?? before?.description ?? '',
      no_of_retrial: retries,
      retrial_interval: interval,
      schedule_type: scheduleType,
      cron_expression: cron,
      dashboard_id: body.dashboardId === undefined ? (before?.dashboard_id ?? null) : body.dashboardId,
      file_approval_enabled: body.fileApprovalEnabled ?? before?.file_approval_enabled ?? false,
    };
    const id = before ? before.id : await q.insertJob(tx, moduleId, values, actor.principal.userId, now);
    await q.syncActivities(tx, id, activities);
    await q.replaceFilters(tx, id, filters);
    const pipelines = new Set(await q.jobPipelineIds(tx, id));
    const pruned = pruneSettings(readStoredSettings(before?.additional_settings), pipelines);
    const hasSchedule = before?.cron_state === 'SCHEDULED' || before?.cron_state === 'PAUSED';
    await q.updateJob(
      tx,
      id,
      {
        ...values,
        file_approval_enabled: values.file_approval_enabled && !pruned.isApprovalOff,
        additional_settings: JSON.stringify(pruned.settings),
        // A job turned MANUAL loses its schedule.
        ...(scheduleType === 'MANUAL' && hasSchedule ? { cron_state: 'TERMINATED' as const } : {}),
      },
      now,
    );
    await writeAudit(tx, {
      ...auditOf(actor, moduleId),
      event: before ? 'JOB_UPDATED' : 'JOB_CREATED',
      entityId: id,
      details: {
        name,
        activities: activities.map((a) => ({
          sequence: a.sequence,
          type: a.type,
          typeId: a.type_id,
          enabled: a.enabled,
        })),
        filters,
        scheduleType,
        cronExpression: cron,
        ...(before ? { before: { name: before.name, scheduleType: before.schedule_type } } : {}),
      },
    });
    return id;
  }).catch((err: unknown) => {
    // Two saves racing for one name: the unique index decides.
    if ((err as { code?: string }).code === '23505' && !(err instanceof AppError)) throw nameTaken();
    throw err;
  });
  return getJobDetail(ctx.db, moduleId, id);
}

export { type Actor, actorOf } from '@/lib/actor.ts';
