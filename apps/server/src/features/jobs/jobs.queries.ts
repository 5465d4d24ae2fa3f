import type { JobFilterName } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';

export async function getJob(db: Db, moduleId: number, id: number) {
  return db.selectFrom('job').selectAll().where('id', '=', id).where('module_id', '=', moduleId).executeTakeFirst();
}
export type JobRecord = NonNullable<Awaited<ReturnType<typeof getJob>>>;

/** Activities in order, with the name of what each one runs (pipeline, recon, export config). */
export function listActivities(db: Db, jobId: number) {
  return db
    .selectFrom('job_activity as a')
    .selectAll('a')
    .select(
      sql<string | null>`CASE
        WHEN a.type = 'PIPE_LINE' THEN (SELECT p.name FROM pipeline p WHERE p.id = a.type_id)
        WHEN a.type = 'RECON' THEN (SELECT r.name FROM recon r WHERE r.id = a.type_id)
        WHEN a.type IN ('FETCH_EXPORT_REPORT', 'CREATE_EXPORT_REPORT')
          THEN (SELECT x.config_name FROM export_report_config x WHERE x.id = a.type_id)
        WHEN a.type = 'EMAIL_FETCH' THEN (SELECT e.name FROM email_parsing_config e WHERE e.id = a.type_id)
      END`.as('target_name'),
    )
    .where('a.job_id', '=', jobId)
    .orderBy('a.sequence')
    .execute();
}
export type ActivityRecord = Awaited<ReturnType<typeof listActivities>>[number];

export function listFilters(db: Db, jobId: number) {
  return db.selectFrom('job_filter').select(['filter_name', 'enabled']).where('job_id', '=', jobId).execute();
}

export function lastExecution(db: Db, jobId: number) {
  return db
    .selectFrom('job_execution')
    .select(['id', 'status', 'created_at'])
    .where('job_id', '=', jobId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function isNameTaken(db: Db, moduleId: number, name: string, exceptId?: number | null) {
  let q = db
    .selectFrom('job')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export type TargetTable = 'pipeline' | 'recon' | 'export_report_config' | 'email_parsing_config';

/** Which of the ids are records of this module (an id of another module counts as missing). */
export async function existingIds(db: Db, table: TargetTable, moduleId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('module_id', '=', moduleId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export type JobValues = {
  name: string;
  description: string;
  no_of_retrial: number;
  retrial_interval: number;
  schedule_type: string;
  cron_expression: string | null;
  dashboard_id: number | null;
  file_approval_enabled: boolean;
};

export async function insertJob(db: Db, moduleId: number, values: JobValues, createdBy: number, now: Date) {
  const row = await db
    .insertInto('job')
    .values({
      ...values,
      module_id: moduleId,
      created_by: createdBy,
      additional_settings: '{}',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateJob(
  db: Db,
  id: number,
  values: JobValues & { cron_state?: 'TERMINATED' | null; additional_settings?: string },
  now: Date,
) {
  await db
    .updateTable('job')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export type ActivityValues = {
  id: number | null;
  sequence: number;
  enabled: boolean;
  type: string;
  type_id: number | null;
  pipeline_source: string | null;
  integration_auth_id: number | null;
  job_configuration: string | null;
  additional_info: string | null;
  bulk_processor_details: string | null;
  dispute_activity: string | null;
};

/**
 * Makes the job's activities exactly `activities`: rows sent back with their id are updated in place (past
 * runs keep their link), others inserted, missing ones deleted. Sequences move freely inside the transaction.
 */
export async function syncActivities(tx: Db, jobId: number, activities: readonly ActivityValues[]) {
  await sql`SET CONSTRAINTS job_activity_job_id_sequence_key DEFERRED`.execute(tx);
  const existing = new Set(
    (await tx.selectFrom('job_activity').select('id').where('job_id', '=', jobId).execute()).map((r) => r.id),
  );
  const kept = activities.filter((a) => a.id !== null && existing.has(a.id)).map((a) => a.id as number);
  let remove = tx.deleteFrom('job_activity').where('job_id', '=', jobId);
  if (kept.length > 0) remove = remove.where('id', 'not in', kept);
  await remove.execute();
  for (const { id, ...values } of activities) {
    if (id !== null && existing.has(id)) {
      await tx.updateTable('job_activity').set(values).where('id', '=', id).execute();
    } else {
      await tx
        .insertInto('job_activity')
        .values({ ...values, job_id: jobId })
        .execute();
    }
  }
}

export async function replaceFilters(tx: Db, jobId: number, filters: Readonly<Record<JobFilterName, boolean>>) {
  await tx.deleteFrom('job_filter').where('job_id', '=', jobId).execute();
  await tx
    .insertInto('job_filter')
    .values(Object.entries(filters).map(([filter_name, enabled]) => ({ job_id: jobId, filter_name, enabled })))
    .execute();
}

/** Pipelines the job's PIPE_LINE activities load (enabled or not: a disabled activity is still in the job). */
export async function jobPipelineIds(db: Db, jobId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('job_activity')
    .select('type_id')
    .distinct()
    .where('job_id', '=', jobId)
    .where('type', '=', 'PIPE_LINE')
    .where('type_id', 'is not', null)
    .execute();
  return rows.map((r) => r.type_id as number);
}

export async function setSchedule(
  db: Db,
  jobId: number,
  change: {
    schedule_type?: 'CRON';
    cron_expression?: string;
    cron_state: 'SCHEDULED' | 'PAUSED' | 'TERMINATED';
    cron_fired_until?: Date;
  },
  now: Date,
) {
  await db
    .updateTable('job')
    .set({ ...change, updated_at: now })
    .where('id', '=', jobId)
    .execute();
}

export async function saveAdditionalSettings(
  db: Db,
  jobId: number,
  values: { file_approval_enabled: boolean; dashboard_id: number | null; additional_settings: string },
  now: Date,
) {
  await db
    .updateTable('job')
    .set({ ...values, updated_at: now })
    .where('id', '=', jobId)
    .execute();
}
