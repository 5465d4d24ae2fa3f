import type { Db, ReportExecutionTable } from '@recon/db';
import { type Selectable, sql } from 'kysely';

/** Report configs, groups and executions (decision 0036), shared by the calls, the activities and the exporter. */

export type ReportConfigRecord = {
  id: number;
  module_id: number;
  name: string;
  description: string | null;
  data_source_id: number;
  definition: Record<string, unknown>;
  created_by_name: string;
  created_at: Date;
  updated_at: Date;
};

const configs = (db: Db) =>
  db
    .selectFrom('report_config as c')
    .innerJoin('app_user as u', 'u.id', 'c.created_by')
    .select([
      'c.id',
      'c.module_id',
      'c.name',
      'c.description',
      'c.data_source_id',
      'c.definition',
      'u.user_name as created_by_name',
      'c.created_at',
      'c.updated_at',
    ]);

export async function configOf(db: Db, moduleId: number, id: number): Promise<ReportConfigRecord | undefined> {
  return configs(db).where('c.id', '=', id).where('c.module_id', '=', moduleId).executeTakeFirst();
}

export async function configsByIds(db: Db, moduleId: number, ids: readonly number[]): Promise<ReportConfigRecord[]> {
  if (ids.length === 0) return [];
  return configs(db)
    .where('c.id', 'in', [...ids])
    .where('c.module_id', '=', moduleId)
    .execute();
}

/** A page of the module's configs by name (search over name and description). */
export async function configsPage(
  db: Db,
  moduleId: number,
  p: { start: number; length: number; search: string },
): Promise<{ total: number; filtered: number; rows: ReportConfigRecord[] }> {
  const like = `%${p.search.replace(/[\\%_]/g, '\\$&')}%`;
  const searched = p.search
    ? sql<boolean>`(c.name ILIKE ${like} OR coalesce(c.description, '') ILIKE ${like})`
    : sql<boolean>`true`;
  const [rows, counts] = await Promise.all([
    configs(db)
      .where('c.module_id', '=', moduleId)
      .where(searched)
      .orderBy(sql`lower(c.name)`)
      .orderBy('c.id')
      .offset(p.start)
      .limit(p.length)
      .execute(),
    sql<{ total: number; filtered: number }>`SELECT count(*)::int AS total,
      (count(*) FILTER (WHERE ${searched}))::int AS filtered FROM report_config c WHERE c.module_id = ${moduleId}`.execute(
      db,
    ),
  ]);
  return { total: counts.rows[0]?.total ?? 0, filtered: counts.rows[0]?.filtered ?? 0, rows };
}

export type ExecutionRecord = Selectable<ReportExecutionTable> & { run_by_name: string | null };

const executions = (db: Db) =>
  db
    .selectFrom('report_execution as e')
    .leftJoin('app_user as u', 'u.id', 'e.requested_by')
    .selectAll('e')
    .select('u.user_name as run_by_name');

export async function executionOf(db: Db, moduleId: number, id: number): Promise<ExecutionRecord | undefined> {
  return executions(db).where('e.id', '=', id).where('e.module_id', '=', moduleId).executeTakeFirst();
}

export async function executionsPage(
  db: Db,
  moduleId: number,
  p: { start: number; length: number; reportId?: number },
): Promise<{ total: number; rows: ExecutionRecord[] }> {
  let rows = executions(db).where('e.module_id', '=', moduleId);
  let count = db
    .selectFrom('report_execution as e')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('e.module_id', '=', moduleId);
  if (p.reportId !== undefined) {
    rows = rows.where('e.report_config_id', '=', p.reportId);
    count = count.where('e.report_config_id', '=', p.reportId);
  }
  const [page, total] = await Promise.all([
    rows.orderBy('e.id', 'desc').offset(p.start).limit(p.length).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { total: total.n, rows: page };
}

/** The latest execution of each config. */
export async function lastExecutions(
  db: Db,
  configIds: readonly number[],
): Promise<Map<number, { id: number; status: ExecutionRecord['status']; started_at: Date }>> {
  if (configIds.length === 0) return new Map();
  const r = await sql<{ report_config_id: number; id: number; status: ExecutionRecord['status']; started_at: Date }>`
    SELECT DISTINCT ON (report_config_id) report_config_id, id, status, started_at FROM report_execution
    WHERE report_config_id IN (${sql.join([...configIds])}) ORDER BY report_config_id, id DESC`.execute(db);
  return new Map(r.rows.map((row) => [row.report_config_id, row]));
}

export async function insertExecution(
  db: Db,
  e: {
    moduleId: number;
    reportId: number;
    reportName: string;
    dataSourceId: number;
    definition: object;
    trigger: 'MANUAL' | 'JOB';
    userId: number | null;
    jobExecutionId: number | null;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('report_execution')
    .values({
      module_id: e.moduleId,
      report_config_id: e.reportId,
      report_name: e.reportName,
      data_source_id: e.dataSourceId,
      definition: JSON.stringify(e.definition),
      status: 'RUNNING',
      trigger: e.trigger,
      requested_by: e.userId,
      job_execution_id: e.jobExecutionId,
      started_at: e.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishExecution(
  db: Db,
  id: number,
  f: {
    status: 'COMPLETED' | 'FAILED';
    maxRowId: number | null;
    rowCount: number | null;
    error: string | null;
    now: Date;
  },
): Promise<void> {
  await db
    .updateTable('report_execution')
    .set({ status: f.status, max_row_id: f.maxRowId, row_count: f.rowCount, error: f.error, finished_at: f.now })
    .where('id', '=', id)
    .execute();
}

export type GroupRecord = { id: number; name: string; updated_at: Date; reports: { id: number; name: string }[] };

export async function groupsOf(db: Db, moduleId: number, id?: number): Promise<GroupRecord[]> {
  let q = db
    .selectFrom('report_group')
    .select(['id', 'name', 'updated_at'])
    .where('module_id', '=', moduleId)
    .orderBy(sql`lower(name)`)
    .orderBy('id');
  if (id !== undefined) q = q.where('id', '=', id);
  const groups = await q.execute();
  if (groups.length === 0) return [];
  const members = await db
    .selectFrom('report_group_member as m')
    .innerJoin('report_config as c', 'c.id', 'm.report_config_id')
    .select(['m.report_group_id', 'c.id', 'c.name'])
    .where(
      'm.report_group_id',
      'in',
      groups.map((g) => g.id),
    )
    .orderBy('m.sequence')
    .execute();
  return groups.map((g) => ({
    ...g,
    reports: members.filter((m) => m.report_group_id === g.id).map((m) => ({ id: m.id, name: m.name })),
  }));
}

/** Whom a job's files are filed under: who started the execution, else who made the job (null for neither). */
export async function jobRequesterOf(db: Db, jobExecutionId: number): Promise<number | null> {
  const row = await db
    .selectFrom('job_execution as e')
    .innerJoin('job as j', 'j.id', 'e.job_id')
    .select(['e.created_by as run_by', 'j.created_by as job_by'])
    .where('e.id', '=', jobExecutionId)
    .executeTakeFirst();
  return row?.run_by ?? row?.job_by ?? null;
}
