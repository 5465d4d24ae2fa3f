import type { GlReport } from '@recon/contract';
import type { Db } from '@recon/db';
import { insertSnapshot } from './gl.queries.ts';
import { glReport } from './gl-figures.ts';
import type { GlModel } from './gl-model.ts';

/** The day of a moment as the GL reads "today" (UTC, as the server's clock and the job runner record it). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * One GL run (manual refresh or a GL_EXECUTION activity, decision 0034): the report as on the day, kept as a
 * snapshot with that day, so what the ledger said on each run can be read later even after rows change.
 */
export async function runGl(
  db: Db,
  model: GlModel,
  run: { asOnDate: string; trigger: 'MANUAL' | 'JOB'; jobExecutionId: number | null; userId: number | null; now: Date },
): Promise<{ snapshotId: number; report: GlReport }> {
  const report = await glReport(db, model, run.asOnDate, null);
  const snapshotId = await insertSnapshot(db, {
    glConfigId: model.id,
    asOnDate: run.asOnDate,
    trigger: run.trigger,
    jobExecutionId: run.jobExecutionId,
    report,
    createdBy: run.userId,
    now: run.now,
  });
  return { snapshotId, report };
}
