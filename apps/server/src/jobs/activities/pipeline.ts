import { FINAL_FILE_STATUSES, type FileStatus } from '@recon/contract';
import * as q from '@/ingest/ingest.queries.ts';
import { loadFile } from '@/ingest/ingest-file.ts';
import { buildLoadPlan } from '@/ingest/load-plan.ts';
import { ActivityFailedWithCounts, type ActivityHandler } from '@/jobs/activity.ts';

/**
 * PIPE_LINE activity: validates and loads every file attached to this execution for the activity's
 * pipeline, one transaction per file, in upload order. Files already in a final status are not loaded again,
 * so a retry after a crash loads each file exactly once. Counts cover every file of the execution.
 *
 * Outcome: a file REJECTED (over a data source limit) or INVALID (its layout or content) fails the activity
 * with a message naming each such file, and the counts of all files (those that loaded stay loaded); invalid
 * rows within the limits do not fail it (PARTIALLY_COMPLETED). Rows skip rules took out are counted apart
 * (skippedRows) and never make a file partial.
 */
export const runPipelineActivity: ActivityHandler = async (ctx, run) => {
  if (run.typeId === null) throw new Error('The pipeline activity names no pipeline');
  const plan = await buildLoadPlan(ctx.db, run.typeId, run.moduleId);
  const files = await q.filesOfRun(ctx.db, run.jobExecutionId, plan.pipelineId, run.moduleId);
  for (const f of files) {
    if (FINAL_FILE_STATUSES.includes(f.status as FileStatus)) continue;
    const outcome = await loadFile(
      ctx,
      plan,
      {
        id: f.id,
        name: f.original_name,
        storedPath: f.stored_path,
        sha256: f.content_sha256,
        uploadStatus: f.upload_status,
      },
      run,
    );
    ctx.log.info(
      { jobExecutionId: run.jobExecutionId, pipelineId: plan.pipelineId, fileId: f.id, ...outcome },
      'pipeline file processed',
    );
  }

  const after = await q.filesOfRun(ctx.db, run.jobExecutionId, plan.pipelineId, run.moduleId);
  const loaded = after.filter((f) => f.status === 'FINISHED');
  const failed = after.filter((f) => f.status === 'REJECTED' || f.status === 'INVALID');
  const sum = (rows: typeof after, pick: (f: (typeof after)[number]) => number | null) =>
    rows.reduce((s, f) => s + (pick(f) ?? 0), 0);
  const counts = {
    files: after.length,
    totalRows: sum(after, (f) => f.total_rows),
    loadedRows: sum(loaded, (f) => f.valid_rows),
    invalidRows: sum(after, (f) => f.invalid_rows),
    duplicateRows: sum(loaded, (f) => f.duplicate_rows),
    skippedRows: sum(loaded, (f) => f.skipped_rows),
    rejectedFiles: failed.length,
  };
  if (failed.length > 0) {
    const detail = failed
      .map(
        (f) => `${f.original_name}: ${f.status} — ${f.error_kind ?? 'Invalid File Content'}: ${f.error_message ?? ''}`,
      )
      .join('; ');
    // The files that loaded stay loaded (one transaction per file): the failed activity still shows them.
    throw new ActivityFailedWithCounts(
      `${failed.length} of ${after.length} files of pipeline "${plan.pipelineName}" were not loaded. ${detail}`,
      counts,
    );
  }
  return { counts, status: counts.invalidRows > 0 ? 'PARTIALLY_COMPLETED' : 'COMPLETED' };
};
