import type { Db, ReconRunKind } from '@recon/db';
import { LOCKS, withTransaction } from '@recon/db';
import { RuleCompileError, type RunSummary, runRecon } from '@recon/recon-engine';
import { withClosedPeriods } from '@/lib/gl/closed-periods.ts';
import { ReconNotRunnable, type ReconSide, reconInput } from './recon-input.ts';
import { reconStateChanged } from './recon-listeners.ts';

/** Memory a run's joins and sorts may use before spilling to disk (per sort / hash, this session only). */
const RUN_WORK_MEM = '256MB';

export type ReconRunRequest = {
  moduleId: number;
  reconId: number;
  startedBy: number | null;
  dryRun: boolean;
  jobExecutionId?: number | null;
  activityExecutionId?: number | null;
};

export type ReconRunOutcome = {
  runId: number;
  status: 'COMPLETED' | 'FAILED';
  summary: RunSummary | null;
  error: string | null;
};

export async function createRun(
  db: Db,
  r: { moduleId: number; reconId: number; kind: ReconRunKind; startedBy: number | null; reason?: string | null } & {
    jobExecutionId?: number | null;
    activityExecutionId?: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('recon_run')
    .values({
      module_id: r.moduleId,
      recon_id: r.reconId,
      kind: r.kind,
      started_by: r.startedBy,
      reason: r.reason ?? null,
      job_execution_id: r.jobExecutionId ?? null,
      activity_execution_id: r.activityExecutionId ?? null,
      summary: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(
  db: Db,
  runId: number,
  outcome: { status: 'COMPLETED' | 'FAILED'; summary?: unknown; error?: string | null },
): Promise<void> {
  await db
    .updateTable('recon_run')
    .set({
      status: outcome.status,
      summary: JSON.stringify(outcome.summary ?? {}),
      error: outcome.error ?? null,
      finished_at: new Date(),
    })
    .where('id', '=', runId)
    .execute();
}

/** A failure a person can act on (a rule that does not compile, a recon without sides or rules). */
export function isRunnerError(err: unknown): err is Error {
  return err instanceof RuleCompileError || err instanceof ReconNotRunnable;
}

/**
 * Runs a recon's enabled rules on its open rows: one transaction holding the recon's lock, a recon_run row
 * recording the outcome. A dry run does everything and rolls back: its summary says what would have matched.
 */
export async function runReconNow(db: Db, req: ReconRunRequest): Promise<ReconRunOutcome> {
  const runId = await createRun(db, {
    moduleId: req.moduleId,
    reconId: req.reconId,
    kind: req.dryRun ? 'DRY_RUN' : 'ENGINE',
    startedBy: req.startedBy,
    jobExecutionId: req.jobExecutionId,
    activityExecutionId: req.activityExecutionId,
  });
  return executeRun(db, runId, req);
}

/** Executes a run created with createRun (kind ENGINE or DRY_RUN) and records its outcome. */
export async function executeRun(
  db: Db,
  runId: number,
  req: Pick<ReconRunRequest, 'moduleId' | 'reconId' | 'dryRun'>,
): Promise<ReconRunOutcome> {
  try {
    const summary = await withTransaction(db, { lock: LOCKS.recon(req.reconId), commit: !req.dryRun }, async (tx) => {
      await tx.sql.query(`SET LOCAL work_mem = '${RUN_WORK_MEM}'`);
      const input = await withClosedPeriods(db, await reconInput(db, req.moduleId, req.reconId));
      const summary = await runRecon({ db: tx.sql, input, runId });
      return withSourceNames(summary, input);
    });
    await finishRun(db, runId, { status: 'COMPLETED', summary });
    if (!req.dryRun) await reconStateChanged(db, { moduleId: req.moduleId, reconId: req.reconId, cause: 'RUN' });
    return { runId, status: 'COMPLETED', summary, error: null };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await finishRun(db, runId, { status: 'FAILED', error: message });
    if (isRunnerError(err)) return { runId, status: 'FAILED', summary: null, error: message };
    throw err;
  }
}

/** The rows left out for closed books, named by their data source (shown in the run's summary). */
function withSourceNames(summary: RunSummary, input: { sideA: ReconSide; sideB: ReconSide }): RunSummary {
  if (!summary.leftOut) return summary;
  const name = (side: 'A' | 'B') => (side === 'A' ? input.sideA : input.sideB).dataSourceName;
  return { ...summary, leftOut: summary.leftOut.map((l) => ({ ...l, dataSourceName: name(l.side) })) };
}

/** Runs cut off by a stop of the server (their transaction rolled back): FAILED, never left RUNNING. */
export async function failInterruptedRuns(db: Db): Promise<number> {
  const r = await db
    .updateTable('recon_run')
    .set({
      status: 'FAILED',
      error: 'The server stopped during the run; nothing of it was kept',
      finished_at: new Date(),
    })
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
