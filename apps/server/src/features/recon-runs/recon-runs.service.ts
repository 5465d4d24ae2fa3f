import { RECON_RUN_TEXTS, RECON_TEXTS, type ReconRun } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { type ListColumnMap, pagingSql } from '@/lib/paging-sql.ts';
import { createRun, executeRun } from '@/lib/recon/recon-runner.ts';

type RunRecord = {
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

function toRun(r: RunRecord): ReconRun {
  return {
    id: r.id,
    reconId: r.recon_id,
    reconName: r.recon_name,
    kind: r.kind,
    status: r.status,
    jobExecutionId: r.job_execution_id,
    startedBy: r.started_by,
    startedAt: r.started_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
    rowsA: r.summary.rowsA ?? 0,
    rowsB: r.summary.rowsB ?? 0,
    rules: r.summary.rules ?? [],
    reason: r.reason,
    error: r.error,
  };
}

async function reconOfModule(db: Db, moduleId: number, reconId: number): Promise<void> {
  const recon = await db
    .selectFrom('recon')
    .select('id')
    .where('id', '=', reconId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  if (!recon) throw new AppError('NOT_FOUND', RECON_TEXTS.notFound);
}

/**
 * Starts an engine run (or a dry run) of a recon in the background and answers its id at once; the run's
 * progress and outcome are read with getRun. One run of a recon at a time.
 */
export async function startRun(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: { reconId: number; dryRun: boolean },
): Promise<{ id: number; status: 'RUNNING' }> {
  await reconOfModule(ctx.db, actor.moduleId, body.reconId);
  const running = await ctx.db
    .selectFrom('recon_run')
    .select('id')
    .where('recon_id', '=', body.reconId)
    .where('status', '=', 'RUNNING')
    .where('kind', 'in', ['ENGINE', 'DRY_RUN'])
    .executeTakeFirst();
  if (running) throw new AppError('CONFLICT', RECON_RUN_TEXTS.alreadyRunning);
  const id = await createRun(ctx.db, {
    moduleId: actor.moduleId,
    reconId: body.reconId,
    kind: body.dryRun ? 'DRY_RUN' : 'ENGINE',
    startedBy: actor.userId,
  });
  await auditChange(ctx.db, actor, {
    event: 'RECON_RUN_STARTED',
    entityType: 'recon',
    entityId: body.reconId,
    details: { runId: id, dryRun: body.dryRun },
  });
  void executeRun(ctx.db, id, { moduleId: actor.moduleId, reconId: body.reconId, dryRun: body.dryRun }).catch(() => {
    // executeRun recorded the failure on the run; nothing waits for this promise.
  });
  return { id, status: 'RUNNING' };
}

export async function getRun(ctx: FeatureContext, moduleId: number, id: number): Promise<ReconRun> {
  const r = await sql<RunRecord>`${SELECT} WHERE rr.id = ${id} AND rr.module_id = ${moduleId}`.execute(ctx.db);
  const row = r.rows[0];
  if (!row) throw new AppError('NOT_FOUND', RECON_RUN_TEXTS.notFound);
  return toRun(row);
}

export async function listRuns(
  ctx: FeatureContext,
  moduleId: number,
  query: Record<string, unknown> & { start: number; length: number; reconId?: number },
): Promise<{ rows: ReconRun[]; total: number; filtered: number }> {
  const { where, orderBy } = pagingSql(query, LIST_COLUMNS, { tieBreaker: sql`rr.id DESC` });
  const recon = query.reconId === undefined ? sql`true` : sql`rr.recon_id = ${query.reconId}`;
  const scope = sql`rr.module_id = ${moduleId} AND ${recon}`;
  const [page, counts] = await Promise.all([
    sql<RunRecord>`${SELECT} WHERE ${scope} AND ${where} ORDER BY ${orderBy} OFFSET ${query.start} LIMIT ${query.length}`.execute(
      ctx.db,
    ),
    sql<{ total: number; filtered: number }>`
      SELECT (SELECT count(*)::int FROM recon_run rr WHERE ${scope}) AS total,
             (SELECT count(*)::int FROM recon_run rr JOIN recon r ON r.id = rr.recon_id WHERE ${scope} AND ${where}) AS filtered`.execute(
      ctx.db,
    ),
  ]);
  return { rows: page.rows.map(toRun), total: counts.rows[0]?.total ?? 0, filtered: counts.rows[0]?.filtered ?? 0 };
}
