import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileErrorKind, FileRejection, FileStatus, SkippedCount } from '@recon/contract';
import { describeRejectionReason, FILE_TEXTS, FINAL_FILE_STATUSES } from '@recon/contract';
import { LOCKS, withTransaction } from '@recon/db';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { WorkerContext } from '@/jobs/activity.ts';
import { closedPeriodRefusalOfLoad } from '@/lib/gl/closed-periods.ts';
import {
  type FileOutcome,
  LimitExceeded,
  markInvalid,
  markRejected,
  type RowCounts,
  type RunRef,
  skipped,
  skippedTotal,
} from './file-outcomes.ts';
import { type HeaderMatch, matchHeader } from './header-check.ts';
import * as q from './ingest.queries.ts';
import { IngestFileError, invalidContent, NO_HEADER_MESSAGE, NO_ROWS_MESSAGE } from './ingest-error.ts';
import { describeLimit, isOverLimit } from './limits.ts';
import type { LoadPlan } from './load-plan.ts';
import { buildLoadSql } from './load-sql.ts';
import { precheckFile } from './precheck.ts';
import { openRecords } from './record-source.ts';
import type { Cell } from './records.ts';
import { type Layout, type LayoutSource, RowEncoder } from './row-encoder.ts';
import { SpillBuffer } from './spill-buffer.ts';

export type { FileOutcome, RunRef } from './file-outcomes.ts';
export type FileToLoad = { id: number; name: string; storedPath: string; sha256: string; uploadStatus: string };

/**
 * A file a run took whose bytes are not all there (an upload cut off, a file removed from DATA_DIR): refused with
 * the reason through the file's INVALID status, never read (its empty stored path is DATA_DIR itself: EISDIR).
 */
async function isFullyStored(dataDir: string, file: FileToLoad): Promise<boolean> {
  if (!file.storedPath || file.uploadStatus === 'UPLOAD_STARTED') return false;
  const stored = await stat(resolve(dataDir, file.storedPath)).catch(() => null);
  return stored?.isFile() === true;
}

/** A parser or COPY error as the file's fault when it is one: a value PostgreSQL refuses as text is (class 22). */
function fileErrorOf(err: unknown): unknown {
  if (err instanceof IngestFileError) return err;
  if (String((err as { code?: unknown }).code).startsWith('22')) {
    return invalidContent(`The file could not be read: ${(err as Error).message}`);
  }
  return err;
}

/** The first reasons of a rejection, for the file's message and the failed activity's. */
const REASONS_IN_MESSAGE = 3;
function reasonsText(rejection: FileRejection | null): string {
  if (!rejection) return '';
  return ` ${rejection.reasons.slice(0, REASONS_IN_MESSAGE).map(describeRejectionReason).join('; ')}`;
}

function assertWithinLimits(plan: LoadPlan, counts: RowCounts, rejection: FileRejection | null): void {
  const { total, invalid, duplicate } = counts;
  if (plan.limits.invalid && isOverLimit(invalid, total, plan.limits.invalid)) {
    throw new LimitExceeded(
      'File Contains Invalid Records',
      `${invalid} of ${total} rows are invalid, over the limit of ${describeLimit(plan.limits.invalid)}: nothing was loaded.${reasonsText(rejection)}`,
      counts,
      rejection,
    );
  }
  if (plan.limits.duplicate && isOverLimit(duplicate, total, plan.limits.duplicate)) {
    throw new LimitExceeded(
      'Duplicate Records File',
      `${duplicate} of ${total} rows are duplicates, over the limit of ${describeLimit(plan.limits.duplicate)}: nothing was loaded`,
      counts,
      rejection,
    );
  }
}

/** "1 row", "3 rows": the notes a person reads in the run drawer and the file history. */
const rowCount = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** Rows above the header (or the first data row) are skipped by the config's header row: counted with the rest. */
function topSkipped(plan: LoadPlan): SkippedCount[] {
  const top = plan.settings.headerRow - 1;
  if (top <= 0) return [];
  return [{ reason: plan.settings.hasHeader ? 'Rows above the header' : 'Rows above the first row', count: top }];
}

/** How the encoder finds each column: from the header, or (no header) from the config. */
function layoutSourceOf(plan: LoadPlan, onMatch: (m: HeaderMatch) => void): LayoutSource {
  const fixed = plan.fixedPositions;
  if (fixed) {
    return {
      layout: { positions: plan.staged.map((s) => fixed[s.expectedIndex] as number), expectedPositions: fixed },
    };
  }
  return {
    onHeader: (cells: Cell[]): Layout => {
      const match = matchHeader(cells, plan.expected);
      onMatch(match);
      return {
        positions: plan.staged.map((s) => match.positions[s.expectedIndex] as number),
        expectedPositions: match.positions,
      };
    },
  };
}

/**
 * Inside the open transaction: streams the file, checked and typed row by row, into the data table (COPY),
 * then its failing rows into the invalid table, then marks duplicates. Answers the counts and the header
 * verdict; throws IngestFileError or LimitExceeded.
 */
async function copyAndLoad(ctx: WorkerContext, client: PoolClient, plan: LoadPlan, file: FileToLoad, run: RunRef) {
  const mappings = plan.staged.map((s) => s.mapping);
  const sql = buildLoadSql({ target: plan.target, invalid: plan.invalid }, mappings, plan.duplicateKeys);
  const startedAt = performance.now();
  // Without a header every file "matches" the config: its columns are where the config says.
  let header: HeaderMatch | null = plan.fixedPositions ? { kind: 'No Error', positions: [], note: null } : null;
  const invalidRows = new SpillBuffer(resolve(ctx.config.dataDir, 'tmp'));
  try {
    const encoder = new RowEncoder({
      mappings,
      ids: { fileId: file.id, jobExecutionId: run.jobExecutionId },
      headerRow: plan.settings.headerRow,
      layoutSource: layoutSourceOf(plan, (match) => {
        header = match;
      }),
      invalid: invalidRows,
      skip: plan.skip,
      isWidthChecked: plan.settings.isWidthChecked,
    });
    const source = openRecords(resolve(ctx.config.dataDir, file.storedPath), plan.settings);
    try {
      await pipeline([...source.stages, encoder, client.query(copyFrom(sql.copyValid))]);
    } catch (err) {
      throw fileErrorOf(source.mapError(err));
    }
    const match = header as HeaderMatch | null;
    if (!match) throw invalidContent(NO_HEADER_MESSAGE);
    const total = encoder.dataRows;
    if (total === 0) throw invalidContent(NO_ROWS_MESSAGE);
    const copiedAt = performance.now();
    await q.updateFile(ctx.db, file.id, { uploadStatus: 'VALIDATION_PENDING' }, ctx.now());

    const invalid = encoder.invalidRows;
    if (invalid > 0) await pipeline(invalidRows.read(), client.query(copyFrom(sql.copyInvalid)));
    const duplicate = sql.markDuplicates ? ((await client.query(sql.markDuplicates, [file.id])).rowCount ?? 0) : 0;
    // Where the time goes, per file: parsing, checks and the data table's COPY run together; then the rest.
    ctx.log.info(
      {
        fileId: file.id,
        rows: total,
        copyMs: Math.round(copiedAt - startedAt),
        afterCopyMs: Math.round(performance.now() - copiedAt),
      },
      'file loaded',
    );
    const counts: RowCounts = { total, invalid, duplicate, skipped: [...topSkipped(plan), ...encoder.skipped()] };
    return { counts, loaded: total - invalid, match, rejection: encoder.rejection.result() };
  } finally {
    invalidRows.dispose();
  }
}

/**
 * Loads one file in ONE transaction: parse and check (streamed) → COPY of the valid rows, typed, into the data
 * table → COPY of the failing rows into the invalid table with their reasons → duplicates marked → the file's
 * status and counts. Over a limit, or on any error, the transaction rolls back and nothing of the file stays;
 * the file's final status commits with its rows, so a retry after a crash loads it exactly once.
 */
export async function loadFile(
  ctx: WorkerContext,
  plan: LoadPlan,
  file: FileToLoad,
  run: RunRef,
): Promise<FileOutcome> {
  if (!(await isFullyStored(ctx.config.dataDir, file))) {
    return markInvalid(ctx, file.id, 'Invalid File Content', FILE_TEXTS.notStored, run);
  }
  const checked = await precheckFile(ctx.db, file, { pipelineId: plan.pipelineId, fileKind: plan.settings.fileKind });
  if (!checked.ok) return markInvalid(ctx, file.id, checked.kind, checked.problem, run);
  await q.updateFile(
    ctx.db,
    file.id,
    { uploadStatus: 'EXTRACTION_PENDING', activityExecutionId: run.activityExecutionId },
    ctx.now(),
  );

  try {
    // One worker loads a file: a second one waits here, then finds it final and skips it.
    return await withTransaction(ctx.db, { lock: LOCKS.file(file.id) }, async ({ client }) => {
      const current = await client.query<{ status: FileStatus }>('SELECT status FROM uploaded_file WHERE id = $1', [
        file.id,
      ]);
      const status = current.rows[0]?.status;
      if (!status || FINAL_FILE_STATUSES.includes(status)) return skipped();
      const { counts, loaded, match, rejection } = await copyAndLoad(ctx, client, plan, file, run);
      assertWithinLimits(plan, counts, rejection);
      // Closed books (decision 0035): a file bringing rows dated inside a closed period is refused whole.
      const closed = await closedPeriodRefusalOfLoad(ctx.db, client, {
        pipelineId: plan.pipelineId,
        target: plan.target,
        fileId: file.id,
      });
      if (closed) throw invalidContent(closed);
      const skippedRows = skippedTotal(counts.skipped);
      const notes = [
        counts.invalid > 0
          ? `${rowCount(counts.invalid)} failed validation and ${counts.invalid === 1 ? 'is' : 'are'} in the invalid rows:${reasonsText(rejection)}`
          : null,
        skippedRows > 0 ? `${rowCount(skippedRows)} skipped by the config's skip rules` : null,
        counts.duplicate > 0
          ? `${rowCount(counts.duplicate)} ${counts.duplicate === 1 ? 'is a duplicate' : 'are duplicates'}`
          : null,
        match.note,
      ].filter((n) => n !== null);
      const errorKind: FileErrorKind = counts.invalid > 0 ? 'File Contains Invalid Records' : match.kind;
      const errorMessage = notes.length ? notes.join('. ') : null;
      await client.query(
        `UPDATE uploaded_file SET status = 'FINISHED', upload_status = 'VALID', error_kind = $2, error_message = $3,
           total_rows = $4, valid_rows = $5, invalid_rows = $6, duplicate_rows = $7, activity_execution_id = $8,
           updated_at = $9, skipped_rows = $10, skip_summary = $11, rejection_summary = $12 WHERE id = $1`,
        [
          file.id,
          errorKind,
          errorMessage,
          counts.total,
          loaded,
          counts.invalid,
          counts.duplicate,
          run.activityExecutionId,
          ctx.now(),
          skippedRows,
          JSON.stringify(counts.skipped),
          rejection ? JSON.stringify(rejection) : null,
        ],
      );
      return {
        status: 'FINISHED',
        errorKind,
        errorMessage,
        totalRows: counts.total,
        loadedRows: loaded,
        invalidRows: counts.invalid,
        duplicateRows: counts.duplicate,
        skippedRows,
      };
    });
  } catch (err) {
    if (err instanceof IngestFileError) return markInvalid(ctx, file.id, err.kind, err.message, run);
    if (err instanceof LimitExceeded) return markRejected(ctx, file.id, err, run);
    throw err;
  }
}
