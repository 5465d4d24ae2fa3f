import { type ActivityHandler, PermanentActivityError } from '@/jobs/activity.ts';
import { runReconNow } from '@/lib/recon/recon-runner.ts';

/**
 * RECON activity: runs the recon's enabled rules on its open rows (those loaded by earlier activities included).
 * Counts per status go to the execution history. A rule that does not compile, or a recon without sides or
 * rules, fails the activity at once: another attempt would fail the same way. Rows dated inside a GL
 * configuration's closed books are left out of every rule; their count per side is one of the counts.
 */
export const runReconActivity: ActivityHandler = async (ctx, run) => {
  if (run.typeId === null) throw new PermanentActivityError('The recon activity names no recon');
  const outcome = await runReconNow(ctx.db, {
    moduleId: run.moduleId,
    reconId: run.typeId,
    startedBy: null,
    dryRun: false,
    jobExecutionId: run.jobExecutionId,
    activityExecutionId: run.activityExecutionId,
  });
  if (outcome.status === 'FAILED' || !outcome.summary)
    throw new PermanentActivityError(outcome.error ?? 'The recon run failed');
  const s = outcome.summary;
  const counts: Record<string, number> = { reconRun: outcome.runId, rowsA: s.rowsA, rowsB: s.rowsB, groups: 0 };
  for (const r of s.rules) {
    counts.groups = (counts.groups ?? 0) + r.groups;
    counts[r.ruleType] = (counts[r.ruleType] ?? 0) + r.rowsA + r.rowsB;
  }
  // Open rows inside a closed period (decision 0035) that no rule read; the run's summary names the day.
  for (const l of s.leftOut ?? []) counts[`leftOut${l.side}`] = l.rows;
  ctx.log.info({ jobExecutionId: run.jobExecutionId, reconId: run.typeId, ...counts, ms: s.ms }, 'recon run completed');
  return { counts, status: 'COMPLETED' };
};
