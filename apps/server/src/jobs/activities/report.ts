import { withTransaction } from '@recon/db';
import type { WorkerContext } from '@/jobs/activity.ts';
import { type ActivityHandler, type ActivityResult, PermanentActivityError } from '@/jobs/activity.ts';
import { enqueueDownload } from '@/jobs/export-queue.ts';
import { wakeLocalWorkers } from '@/jobs/queue.ts';
import { fileReportDownload } from '@/lib/reports/report-downloads.ts';
import { runReport } from '@/lib/reports/report-runs.ts';
import * as q from '@/lib/reports/reports.queries.ts';

/**
 * REPORT and REPORT_GROUP activities (decision 0036). REPORT runs the report config named by the activity with its
 * saved filter values: a report execution of the job's run, and its results as an XLSX file in the Downloads area
 * (report-downloads) of whoever started the run (else the job's maker). REPORT_GROUP does the same for each report
 * of a saved group (GET /v2/scheduleSqlQuerys), in order; one failing report fails the activity after the others ran.
 */

async function runOne(ctx: WorkerContext, run: Parameters<ActivityHandler>[1], config: q.ReportConfigRecord) {
  const e = await runReport(ctx.db, {
    moduleId: run.moduleId,
    config,
    filterValues: [],
    trigger: 'JOB',
    userId: null,
    jobExecutionId: run.jobExecutionId,
    now: ctx.now,
  });
  if (e.status !== 'COMPLETED') return { execution: e, downloadId: null };
  const requester = await q.jobRequesterOf(ctx.db, run.jobExecutionId);
  if (requester === null) return { execution: e, downloadId: null };
  const download = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const row = await fileReportDownload(tx, {
      moduleId: run.moduleId,
      userId: requester,
      executionId: e.id,
      reportName: e.report_name,
      format: 'XLSX',
      now: ctx.now(),
    });
    await enqueueDownload(tx, row.id);
    return row;
  });
  wakeLocalWorkers();
  return { execution: e, downloadId: download.id };
}

async function runAll(
  ctx: WorkerContext,
  run: Parameters<ActivityHandler>[1],
  configs: q.ReportConfigRecord[],
): Promise<ActivityResult> {
  let rows = 0;
  const failed: string[] = [];
  for (const config of configs) {
    const { execution, downloadId } = await runOne(ctx, run, config);
    rows += execution.row_count ?? 0;
    if (execution.status !== 'COMPLETED') failed.push(`${config.name}: ${execution.error ?? ''}`);
    ctx.log.info(
      { jobExecutionId: run.jobExecutionId, reportId: config.id, executionId: execution.id, downloadId },
      'report run',
    );
  }
  if (failed.length > 0) throw new Error(`Report run failed — ${failed.join('; ')}`);
  return { counts: { reports: configs.length, rows }, status: 'COMPLETED' };
}

export const runReportActivity: ActivityHandler = async (ctx, run) => {
  if (run.typeId === null) throw new PermanentActivityError('The report activity names no report');
  const config = await q.configOf(ctx.db, run.moduleId, run.typeId);
  if (!config) throw new PermanentActivityError(`Report ${run.typeId} not found in this product`);
  return runAll(ctx, run, [config]);
};

export const runReportGroupActivity: ActivityHandler = async (ctx, run) => {
  if (run.typeId === null) throw new PermanentActivityError('The report group activity names no report group');
  const [group] = await q.groupsOf(ctx.db, run.moduleId, run.typeId);
  if (!group) throw new PermanentActivityError(`Report group ${run.typeId} not found in this product`);
  const configs = await q.configsByIds(
    ctx.db,
    run.moduleId,
    group.reports.map((r) => r.id),
  );
  const inOrder = group.reports.flatMap((r) => configs.filter((c) => c.id === r.id));
  return runAll(ctx, run, inOrder);
};
