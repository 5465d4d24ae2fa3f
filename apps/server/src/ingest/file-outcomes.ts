import type { FileErrorKind, FileRejection, FileStatus, SkippedCount } from '@recon/contract';
import type { WorkerContext } from '@/jobs/activity.ts';
import * as q from './ingest.queries.ts';

export type RunRef = { jobExecutionId: number; activityExecutionId: number };

export type FileOutcome = {
  status: Extract<FileStatus, 'FINISHED' | 'INVALID' | 'REJECTED'> | 'SKIPPED';
  errorKind: FileErrorKind | null;
  errorMessage: string | null;
  totalRows: number;
  loadedRows: number;
  invalidRows: number;
  duplicateRows: number;
  skippedRows: number;
};

/** total: the rows read as data (skipped rows are not); skipped: per skip rule. */
export type RowCounts = { total: number; invalid: number; duplicate: number; skipped: SkippedCount[] };

export const skippedTotal = (skipped: readonly SkippedCount[]) => skipped.reduce((n, s) => n + s.count, 0);

/** Over a data source limit: the load transaction is rolled back and the file recorded REJECTED. */
export class LimitExceeded extends Error {
  constructor(
    readonly kind: FileErrorKind,
    message: string,
    readonly counts: RowCounts,
    readonly rejection: FileRejection | null,
  ) {
    super(message);
  }
}

export const skipped = (): FileOutcome => ({
  status: 'SKIPPED',
  errorKind: null,
  errorMessage: null,
  totalRows: 0,
  loadedRows: 0,
  invalidRows: 0,
  duplicateRows: 0,
  skippedRows: 0,
});

/** Records a file that cannot be loaded as it is (nothing of it was stored). */
export async function markInvalid(
  ctx: WorkerContext,
  id: number,
  kind: FileErrorKind,
  message: string,
  run: RunRef,
): Promise<FileOutcome> {
  await q.updateFile(
    ctx.db,
    id,
    {
      status: 'INVALID',
      uploadStatus: 'INVALID',
      errorKind: kind,
      errorMessage: message,
      totalRows: null,
      validRows: null,
      invalidRows: null,
      duplicateRows: null,
      skippedRows: null,
      skipped: null,
      rejection: null,
      activityExecutionId: run.activityExecutionId,
    },
    ctx.now(),
  );
  return { ...skipped(), status: 'INVALID', errorKind: kind, errorMessage: message };
}

/** Records a file over a limit, after its load was rolled back: the counts say why. */
export async function markRejected(
  ctx: WorkerContext,
  id: number,
  err: LimitExceeded,
  run: RunRef,
): Promise<FileOutcome> {
  await q.updateFile(
    ctx.db,
    id,
    {
      status: 'REJECTED',
      uploadStatus: 'INVALID',
      errorKind: err.kind,
      errorMessage: err.message,
      totalRows: err.counts.total,
      validRows: 0,
      invalidRows: err.counts.invalid,
      duplicateRows: err.counts.duplicate,
      skippedRows: skippedTotal(err.counts.skipped),
      skipped: err.counts.skipped,
      rejection: err.rejection,
      activityExecutionId: run.activityExecutionId,
    },
    ctx.now(),
  );
  return {
    status: 'REJECTED',
    errorKind: err.kind,
    errorMessage: err.message,
    totalRows: err.counts.total,
    loadedRows: 0,
    invalidRows: err.counts.invalid,
    duplicateRows: err.counts.duplicate,
    skippedRows: skippedTotal(err.counts.skipped),
  };
}
