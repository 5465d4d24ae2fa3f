import type { PagedColumn, PagedOrder } from '@recon/contract';
import type { Db } from '@recon/db';
import { type Expression, type SqlBool, sql } from 'kysely';

// Column → SQL it searches and sorts by. Only these columns are accepted from the client.
const COLUMNS = {
  id: sql`j.id`,
  name: sql`j.name`,
  description: sql`j.description`,
  activityCount: sql`(SELECT count(*) FROM job_activity a WHERE a.job_id = j.id)`,
  scheduleType: sql`j.schedule_type`,
  cronState: sql`coalesce(j.cron_state, '')`,
  lastExecutionStatus: sql`coalesce(le.status, '')`,
  lastExecutionAt: sql`le.created_at`,
} as const;
type ColumnKey = keyof typeof COLUMNS;
const isColumn = (c: string): c is ColumnKey => c in COLUMNS;
const SEARCHABLE: readonly ColumnKey[] = ['name', 'description', 'scheduleType', 'cronState', 'lastExecutionStatus'];
const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;

export type JobListRow = {
  id: number;
  name: string;
  description: string;
  activity_count: number;
  schedule_type: string;
  cron_expression: string | null;
  cron_state: 'SCHEDULED' | 'PAUSED' | 'TERMINATED' | null;
  last_id: number | null;
  last_status: string | null;
  last_at: Date | null;
};

/** The module's jobs as a DataTables page: column search (contains), `search[value]` on the name, ordering. */
export async function listJobs(
  db: Db,
  moduleId: number,
  p: { start: number; length: number; columns: PagedColumn[]; order: PagedOrder[]; search: string },
) {
  const filters: Expression<SqlBool>[] = [];
  for (const c of p.columns) {
    const v = c.search.value.trim();
    if (!v || !c.searchable || !isColumn(c.data) || !SEARCHABLE.includes(c.data)) continue;
    filters.push(sql<SqlBool>`(${COLUMNS[c.data]})::text ILIKE ${like(v)}`);
  }
  if (p.search.trim()) filters.push(sql<SqlBool>`j.name ILIKE ${like(p.search.trim())}`);
  const where = sql.join([sql`j.module_id = ${moduleId}`, ...filters], sql` AND `);
  const sorts = p.order
    .map((o) => ({ data: p.columns[o.column]?.data, dir: o.dir }))
    .filter((o): o is { data: ColumnKey; dir: 'asc' | 'desc' } => !!o.data && isColumn(o.data))
    .map((o) => sql`${COLUMNS[o.data]} ${sql.raw(o.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`);
  const orderBy = sql.join([...sorts, sql`j.id DESC`], sql`, `);
  const lastExecution = sql`LEFT JOIN LATERAL (
      SELECT e.id, e.status, e.created_at FROM job_execution e WHERE e.job_id = j.id ORDER BY e.id DESC LIMIT 1
    ) le ON true`;
  const [rows, totals] = await Promise.all([
    sql<JobListRow>`
      SELECT j.id, j.name, j.description, j.schedule_type, j.cron_expression, j.cron_state,
             (SELECT count(*)::int FROM job_activity a WHERE a.job_id = j.id) AS activity_count,
             le.id AS last_id, le.status AS last_status, le.created_at AS last_at
      FROM job j ${lastExecution}
      WHERE ${where} ORDER BY ${orderBy} OFFSET ${p.start} LIMIT ${p.length}`.execute(db),
    sql<{ total: number; filtered: number }>`
      SELECT (SELECT count(*)::int FROM job WHERE module_id = ${moduleId}) AS total,
             (SELECT count(*)::int FROM job j ${lastExecution} WHERE ${where}) AS filtered`.execute(db),
  ]);
  const t = totals.rows[0] ?? { total: 0, filtered: 0 };
  return { rows: rows.rows, total: t.total, filtered: t.filtered };
}

/** Jobs of every module the user is assigned to (live, active modules), by module then job name. */
export function listJobsOfUserModules(db: Db, moduleIds: readonly number[]) {
  if (moduleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('job as j')
    .innerJoin('module as m', 'm.id', 'j.module_id')
    .select(['j.id', 'j.name', 'j.module_id', 'm.name as module_name'])
    .where('j.module_id', 'in', [...moduleIds])
    .where('m.deleted_at', 'is', null)
    .orderBy('m.name')
    .orderBy('j.name')
    .execute();
}

export function listExportReportConfigs(db: Db, moduleId: number, exportJobTypeName?: string) {
  let q = db.selectFrom('export_report_config').selectAll().where('module_id', '=', moduleId);
  if (exportJobTypeName) q = q.where('export_job_type_name', '=', exportJobTypeName);
  return q.orderBy('config_name').orderBy('id').execute();
}

export async function listExportJobTypeNames(db: Db, moduleId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('export_report_config')
    .select('export_job_type_name')
    .distinct()
    .where('module_id', '=', moduleId)
    .orderBy('export_job_type_name')
    .execute();
  return rows.map((r) => r.export_job_type_name);
}

/** The module's email parsing rules with their pipeline, and its mail accounts: an EMAIL_FETCH activity's choices. */
export function listEmailFetchRules(db: Db, moduleId: number) {
  return db
    .selectFrom('email_parsing_config as e')
    .leftJoin('pipeline as p', 'p.id', 'e.pipeline_id')
    .select([
      'e.id',
      'e.name',
      'e.sender',
      'e.subject_pattern',
      'e.attachment_pattern',
      'e.pipeline_id',
      'e.is_active',
      'p.name as pipeline_name',
    ])
    .where('e.module_id', '=', moduleId)
    .orderBy(sql`lower(e.name)`)
    .orderBy('e.id')
    .execute();
}
export function listMailAccounts(db: Db, moduleId: number) {
  return db
    .selectFrom('oauth_account')
    .select(['id', 'provider', 'account', 'status'])
    .where('module_id', '=', moduleId)
    .where('kind', '=', 'MAIL')
    .orderBy('provider')
    .orderBy(sql`lower(account)`)
    .execute();
}
