import { RECON_RUN_TEXTS, RECON_TEXTS, type ReconRun } from '@recon/contract';
import type { Db } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { createRun, executeRun } from '@/lib/recon/recon-runner.ts';
import * as q from './recon-runs.queries.ts';

function toRun(r: q.RunRecord): ReconRun {
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
  if (!(await q.isReconOfModule(db, moduleId, reconId))) throw new AppError('NOT_FOUND', RECON_TEXTS.notFound);
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
  const running = await q.runningEngineRun(ctx.db, body.reconId);
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
  const row = await q.runOfModule(ctx.db, moduleId, id);
  if (!row) throw new AppError('NOT_FOUND', RECON_RUN_TEXTS.notFound);
  return toRun(row);
}

export async function listRuns(
  ctx: FeatureContext,
  moduleId: number,
  query: Record<string, unknown> & { start: number; length: number; reconId?: number },
): Promise<{ rows: ReconRun[]; total: number; filtered: number }> {
  const page = await q.pageOfRuns(ctx.db, moduleId, query);
  return { rows: page.rows.map(toRun), total: page.total, filtered: page.filtered };
}
