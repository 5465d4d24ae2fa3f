import type { ReconRun } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';
import { type ListColumnMap, pagingSql } from '@/lib/paging-sql.ts';

export type RunRecord = {
  id: number;
  recon_id: number;
  recon_name: string;
  kind: ReconRun['kind'];
  status: ReconRun['status'];
  job_execution_id: number | null;
  started_by: string | null;
  started_at: Date;
  finished_at: Date | null;
  summary: { rowsA?: number; rowsB?: number; rules?: ReconRun['rules'] };
  reason: string | null;
  error: string | null;
};

const SELECT = sql`SELECT rr.id, rr.recon_id, r.name AS recon_name, rr.kind, rr.status, rr.job_execution_id,
  u.user_name AS started_by, rr.started_at, rr.finished_at, rr.summary, rr.reason, rr.error
  FROM recon_run rr JOIN recon r ON r.id = rr.recon_id LEFT JOIN app_user u ON u.id = rr.started_by`;

const LIST_COLUMNS: ListColumnMap = {
  id: sql`rr.id`,
  reconName: sql`r.name`,
  kind: sql`rr.kind`,
  status: sql`rr.status`,
  startedAt: sql`rr.started_at`,
  finishedAt: sql`rr.finished_at`,
};

export async function isReconOfModule(db: Db, moduleId: number, reconId: number): Promise<boolean> {
  const recon = await db
    .selectFrom('recon')
    .select('id')
    .where('id', '=', reconId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  return recon !== undefined;
}

/** The recon's engine run or dry run still running, if any. */
export function runningEngineRun(db: Db, reconId: number) {
  return db
    .selectFrom('recon_run')
    .select('id')
    .where('recon_id', '=', reconId)
    .where('status', '=', 'RUNNING')
    .where('kind', 'in', ['ENGINE', 'DRY_RUN'])
    .executeTakeFirst();
}

export async function runOfModule(db: Db, moduleId: number, id: number): Promise<RunRecord | undefined> {
  return (await sql<RunRecord>`${SELECT} WHERE rr.id = ${id} AND rr.module_id = ${moduleId}`.execute(db)).rows[0];
}

/** A page of the module's runs (of one recon when asked); `total` counts the module's (or recon's) runs. */
export async function pageOfRuns(
  db: Db,
  moduleId: number,
  query: Record<string, unknown> & { start: number; length: number; reconId?: number },
): Promise<{ rows: RunRecord[]; total: number; filtered: number }> {
  const { where, orderBy } = pagingSql(query, LIST_COLUMNS, { tieBreaker: sql`rr.id DESC` });
  const recon = query.reconId === undefined ? sql`true` : sql`rr.recon_id = ${query.reconId}`;
  const scope = sql`rr.module_id = ${moduleId} AND ${recon}`;
  const [page, counts] = await Promise.all([
    sql<RunRecord>`${SELECT} WHERE ${scope} AND ${where} ORDER BY ${orderBy} OFFSET ${query.start} LIMIT ${query.length}`.execute(
      db,
    ),
    sql<{ total: number; filtered: number }>`
      SELECT (SELECT count(*)::int FROM recon_run rr WHERE ${scope}) AS total,
             (SELECT count(*)::int FROM recon_run rr JOIN recon r ON r.id = rr.recon_id WHERE ${scope} AND ${where}) AS filtered`.execute(
      db,
    ),
  ]);
  return { rows: page.rows, total: counts.rows[0]?.total ?? 0, filtered: counts.rows[0]?.filtered ?? 0 };
}
