import { type ActivityHandler, PermanentActivityError } from '@/jobs/activity.ts';
import { glModelOf } from '@/lib/gl/gl-model.ts';
import { dayOf, runGl } from '@/lib/gl/gl-snapshots.ts';

/**
 * GL_EXECUTION activity (decision 0034): works out the GL configuration named by the activity as on the run's day
 * and keeps it as a snapshot of the execution. A configuration that is not the module's fails at once.
 */
export const runGlActivity: ActivityHandler = async (ctx, run) => {
  if (run.typeId === null) throw new PermanentActivityError('The GL activity names no GL configuration');
  const model = await glModelOf(ctx.db, run.moduleId, run.typeId);
  if (!model) throw new PermanentActivityError(`GL configuration ${run.typeId} not found in this product`);
  const now = ctx.now();
  const { snapshotId, report } = await runGl(ctx.db, model, {
    asOnDate: dayOf(now),
    trigger: 'JOB',
    jobExecutionId: run.jobExecutionId,
    userId: null,
    now,
  });
  const openRows = report.lines.reduce((n, l) => n + l.openCount, 0);
  ctx.log.info({ jobExecutionId: run.jobExecutionId, glConfigId: model.id, snapshotId, openRows }, 'GL run completed');
  return { counts: { glSnapshot: snapshotId, items: report.lines.length, openRows }, status: 'COMPLETED' };
};
