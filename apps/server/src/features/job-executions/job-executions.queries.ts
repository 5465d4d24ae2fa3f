import type { JobExecutionStatus, PagedColumn, PagedOrder } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';
import { executionRowsQuery } from '@/jobs/execution-view.ts';

// Column → SQL it searches and sorts by. Only these columns are accepted from the client.
const SEARCH = {
  jobName: sql<string>`j.name`,
  status: sql<string>`e.status`,
  trigger: sql<string>`e.trigger_type`,
  startedBy: sql<string>`coalesce(u.user_name, '')`,
} as const;
const SORT = {
  ...SEARCH,
  id: sql`e.id`,
  batchNumber: sql`e.batch_number`,
  cycleNumber: sql`e.cycle_number`,
  createdAt: sql`e.created_at`,
  startedAt: sql`e.started_at`,
  finishedAt: sql`e.finished_at`,
  durationSeconds: sql`(e.finished_at - e.started_at)`,
} as const;
const isSearch = (c: string): c is keyof typeof SEARCH => c in SEARCH;
const isSort = (c: string): c is keyof typeof SORT => c in SORT;
const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;

export type ExecutionFilters = {
  jobId?: number;
  status?: JobExecutionStatus;
  fromDate?: string;
  toDate?: string;
  columns: PagedColumn[];
  order: PagedOrder[];
  start: number;
  length: number;
};

/** The module's runs, newest first unless ordered otherwise, with the total and the filtered count. */
export async function listExecutions(db: Db, moduleId: number, f: ExecutionFilters) {
  let q = executionRowsQuery(db).where('e.module_id', '=', moduleId);
  if (f.jobId) q = q.where('e.job_id', '=', f.jobId);
  if (f.status) q = q.where('e.status', '=', f.status);
  if (f.fromDate) q = q.where('e.created_at', '>=', sql<Date>`${f.fromDate}::date`);
  // toDate covers its whole day.
  if (f.toDate) q = q.where('e.created_at', '<', sql<Date>`${f.toDate}::date + 1`);
  for (const c of f.columns) {
    const v = c.search.value.trim();
    if (v && c.searchable && isSearch(c.data)) q = q.where(SEARCH[c.data], 'ilike', like(v));
  }
  let page = q;
  for (const o of f.order) {
    const data = f.columns[o.column]?.data;
    if (data && isSort(data))
      page = page.orderBy(sql`${SORT[data]} ${sql.raw(o.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`);
  }
  const [rows, filtered, total] = await Promise.all([
    page.orderBy('e.id', 'desc').offset(f.start).limit(f.length).execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('job_execution')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('module_id', '=', moduleId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, filtered: filtered.n, total: total.n };
}

export async function isJobOfModule(db: Db, moduleId: number, jobId: number) {
  const row = await db
    .selectFrom('job')
    .select('id')
    .where('id', '=', jobId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function lastExecutionOfJob(db: Db, moduleId: number, jobId: number) {
  const row = await db
    .selectFrom('job_execution')
    .select('id')
    .where('job_id', '=', jobId)
    .where('module_id', '=', moduleId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export function dataSourcePipeline(db: Db, moduleId: number, dataSourceId: number) {
  return db
    .selectFrom('data_source')
    .select('pipeline_id')
    .where('id', '=', dataSourceId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
}

/** The newest run of the module with a PIPE_LINE activity on the pipeline. */
export async function lastExecutionOfPipeline(db: Db, moduleId: number, pipelineId: number) {
  const row = await db
    .selectFrom('activity_execution as a')
    .innerJoin('job_execution as e', 'e.id', 'a.job_execution_id')
    .select('e.id')
    .where('a.type', '=', 'PIPE_LINE')
    .where('a.type_id', '=', pipelineId)
    .where('e.module_id', '=', moduleId)
    .orderBy('a.job_execution_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** A run of the module with what approval decisions need: who started it, its job's settings, its pipelines. */
export async function getExecutionForApproval(db: Db, moduleId: number, id: number) {
  const e = await db
    .selectFrom('job_execution as e')
    .innerJoin('job as j', 'j.id', 'e.job_id')
    .select(['e.id', 'e.status', 'e.created_by', 'e.job_id', 'j.additional_settings'])
    .where('e.id', '=', id)
    .where('e.module_id', '=', moduleId)
    .executeTakeFirst();
  if (!e) return undefined;
  const activities = await db
    .selectFrom('activity_execution')
    .select(['id', 'type', 'type_id'])
    .where('job_execution_id', '=', id)
    .execute();
  return {
    ...e,
    activityIds: new Set(activities.map((a) => a.id)),
    pipelineIds: [
      ...new Set(
        activities.filter((a) => a.type === 'PIPE_LINE' && a.type_id !== null).map((a) => a.type_id as number),
      ),
    ],
  };
}
export type ExecutionForApproval = NonNullable<Awaited<ReturnType<typeof getExecutionForApproval>>>;
