import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type {
  FileDetail,
  FileErrorKind,
  FileHistoryRow,
  FileKind,
  FileStatus,
  UploadedFileResult,
  UploadStatus,
} from '@recon/contract';
import { FILE_TEXTS, PIPELINE_TEXTS } from '@recon/contract';
import { withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { precheckFile } from '@/ingest/precheck.ts';
import { scanUpload } from '@/ingest/upload-scan.ts';
import type { Actor } from '@/lib/actor.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { beginReceiving, endReceiving, removeStoredBytes, storeUpload, uploadPath } from '@/lib/uploads.ts';
import * as q from './files.queries.ts';

/** What storing a file needs: the job worker (mail fetch) has no more than this. */
export type StoreContext = Pick<FeatureContext, 'db' | 'config' | 'now'>;

const pipelineNotFound = () => new AppError('NOT_FOUND', PIPELINE_TEXTS.notFound);

/** The pipeline files go to: of this module, FILE, with a config (its file kind decides the extension). */
export async function uploadTarget(ctx: StoreContext, moduleId: number, pipelineId: number) {
  const p = await q.getFilePipeline(ctx.db, moduleId, pipelineId);
  if (!p) throw pipelineNotFound();
  if (p.source !== 'FILE') throw validation(PIPELINE_TEXTS.configNotRequired, 'pipelineId');
  if (!p.file_kind) throw validation(FILE_TEXTS.configMissing, 'pipelineId');
  return { id: p.id, name: p.name, fileKind: p.file_kind };
}

type Verdict = {
  status: FileStatus;
  uploadStatus: UploadStatus;
  errorKind: FileErrorKind | null;
  message: string | null;
  /** Rows counted by the upload's first read; null when not read. */
  totalRows?: number | null;
};
const invalid = (errorKind: FileErrorKind, message: string): Verdict => ({
  status: 'INVALID',
  uploadStatus: 'INVALID',
  errorKind,
  message,
});

/** A file of an upload request, stored and checked, not yet recorded: the request may still fail. */
export type ReceivedFile = {
  id: number;
  name: string;
  storedPath: string;
  sizeBytes: number;
  sha256: string;
  verdict: Verdict;
};

/**
 * Streams one file part to DATA_DIR/uploads/<module>/<pipeline>/<file id> with its hash and size, and checks what
 * can be told before loading (`precheckFile`, the same checks a job's load starts with). Its row stays
 * UPLOAD_STARTED until the whole request has arrived (`recordReceived`): a request that fails later keeps none of
 * its files (`dropReceived`). A part cut off midway takes its row and bytes with it.
 */
export async function receiveFile(
  ctx: StoreContext,
  moduleId: number,
  target: { id: number; fileKind: FileKind },
  part: MultipartFile,
  actor: Actor,
): Promise<ReceivedFile> {
  const name = part.filename.trim() || 'unnamed';
  const id = await q.insertStartedFile(ctx.db, {
    moduleId,
    pipelineId: target.id,
    name,
    userId: actor.principal.userId,
  });
  beginReceiving(id);
  const storedPath = uploadPath(moduleId, target.id, id);
  const absolute = join(ctx.config.dataDir, storedPath);
  try {
    const stored = await storeUpload(part.file, absolute);
    // Cut short by the size limit: its bytes are dropped, the record stays (INVALID) to say why.
    if (stored.isTruncated) await rm(absolute, { force: true });
    const checked = await precheckFile(
      ctx.db,
      { id, name, sha256: stored.sha256, truncatedAtBytes: stored.isTruncated ? ctx.config.uploadMaxBytes : undefined },
      { pipelineId: target.id, fileKind: target.fileKind },
    );
    // A file that passed the precheck is read once: its rows and its header check show while it waits for its run
    // (informational: the verdict stays UPLOADED, the load checks again and decides).
    const scan = checked.ok ? await scanUpload(ctx.db, moduleId, target.id, absolute) : null;
    const verdict: Verdict = checked.ok
      ? {
          status: 'UPLOADED',
          uploadStatus: 'UPLOADED',
          errorKind: scan?.errorKind ?? null,
          message: scan?.message ?? null,
          totalRows: scan?.rows ?? null,
        }
      : invalid(checked.kind, checked.problem);
    return { id, name, storedPath, sizeBytes: stored.sizeBytes, sha256: stored.sha256, verdict };
  } catch (err) {
    // Left UPLOAD_STARTED only if this cleanup fails too: the sweep then takes it once it is no longer received.
    try {
      await rm(absolute, { force: true });
      await q.deleteStartedFiles(ctx.db, [id]);
    } finally {
      endReceiving(id);
    }
    throw err;
  }
}

/** The request failed after some of its files arrived: their bytes and rows go, as if it never came. */
export async function dropReceived(
  ctx: FeatureContext,
  moduleId: number,
  pipelineId: number,
  files: readonly ReceivedFile[],
): Promise<void> {
  try {
    for (const f of files) await removeStoredBytes(ctx.config.dataDir, { moduleId, pipelineId, fileId: f.id });
    await q.deleteStartedFiles(
      ctx.db,
      files.map((f) => f.id),
    );
  } finally {
    for (const f of files) endReceiving(f.id);
  }
}

/** The whole request arrived: every file gets its verdict and its audit record, in one transaction. */
export async function recordReceived(
  ctx: StoreContext,
  moduleId: number,
  pipelineId: number,
  files: readonly ReceivedFile[],
  actor: Actor,
): Promise<UploadedFileResult[]> {
  try {
    await withTransaction(ctx.db, {}, async ({ db: tx }) => {
      for (const f of files) {
        await q.finishUpload(
          tx,
          f.id,
          {
            storedPath: f.storedPath,
            sizeBytes: f.sizeBytes,
            sha256: f.sha256,
            status: f.verdict.status,
            uploadStatus: f.verdict.uploadStatus,
            errorKind: f.verdict.errorKind,
            errorMessage: f.verdict.message,
            totalRows: f.verdict.totalRows ?? null,
          },
          ctx.now(),
        );
        await writeAudit(tx, {
          event: 'FILE_UPLOADED',
          outcome: f.verdict.status === 'INVALID' ? 'FAILURE' : 'SUCCESS',
          userId: actor.principal.userId,
          userName: actor.principal.userName,
          moduleId,
          entityType: 'uploaded_file',
          entityId: f.id,
          details: {
            pipelineId,
            fileName: f.name,
            sizeBytes: f.sizeBytes,
            sha256: f.sha256,
            status: f.verdict.status,
            errorKind: f.verdict.errorKind,
          },
          ip: actor.ip,
          requestId: actor.requestId,
        });
      }
    });
  } finally {
    for (const f of files) endReceiving(f.id);
  }
  return files.map((f) => ({
    fileId: f.id,
    fileName: f.name,
    status: f.verdict.status,
    uploadStatus: f.verdict.uploadStatus,
    errorKind: f.verdict.errorKind,
    errorMessage: f.verdict.message,
    sizeBytes: f.sizeBytes,
  }));
}

/**
 * DELETE v2/files/:id: an uploaded file no run has taken is DELETED, its bytes removed, audited. The Upload & Run
 * page left before its run leaves such files behind; they also expire on their own (`sweepUploads`).
 */
export async function discardFile(
  ctx: FeatureContext,
  moduleId: number,
  id: number,
  actor: Actor,
): Promise<FileDetail> {
  const row = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const file = await q.getFile(tx, moduleId, id);
    if (!file) throw new AppError('NOT_FOUND', FILE_TEXTS.notFound);
    const discarded = await q.discardWaitingFile(tx, id, FILE_TEXTS.discarded(actor.principal.userName), ctx.now());
    if (!discarded) throw new AppError('CONFLICT', FILE_TEXTS.notDiscardable);
    await writeAudit(tx, {
      event: 'FILE_DISCARDED',
      outcome: 'SUCCESS',
      userId: actor.principal.userId,
      userName: actor.principal.userName,
      moduleId,
      entityType: 'uploaded_file',
      entityId: id,
      details: { pipelineId: file.pipeline_id, fileName: file.original_name, reason: 'discarded' },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return file;
  });
  await removeStoredBytes(ctx.config.dataDir, { moduleId, pipelineId: row.pipeline_id, fileId: id });
  return getFile(ctx, moduleId, id);
}

/** Skipped rows (by rule) and why rows failed: absent on files loaded before these were kept. */
function outcomeOf(r: q.FileRow) {
  return {
    skippedRows: r.skipped_rows,
    skipped: r.skip_summary ?? [],
    rejection: r.rejection_summary,
  };
}

export function toHistoryRow(r: q.FileRow): FileHistoryRow {
  return {
    id: r.id,
    fileName: r.original_name,
    pipelineId: r.pipeline_id,
    pipelineName: r.pipeline_name,
    status: r.status as FileStatus,
    uploadStatus: r.upload_status as UploadStatus,
    errorKind: r.error_kind as FileErrorKind | null,
    totalRows: r.total_rows,
    validRows: r.valid_rows,
    invalidRows: r.invalid_rows,
    duplicateRows: r.duplicate_rows,
    ...outcomeOf(r),
    sizeBytes: r.size_bytes,
    jobExecutionId: r.job_execution_id,
    uploadedBy: r.uploaded_by,
    uploadedAt: r.created_at.toISOString(),
  };
}

export function toDetail(r: q.FileRow): FileDetail {
  return {
    ...toHistoryRow(r),
    errorMessage: r.error_message,
    contentSha256: r.content_sha256,
    activityExecutionId: r.activity_execution_id,
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function getFile(ctx: FeatureContext, moduleId: number, id: number): Promise<FileDetail> {
  const row = await q.getFile(ctx.db, moduleId, id);
  if (!row) throw new AppError('NOT_FOUND', FILE_TEXTS.notFound);
  return toDetail(row);
}

export async function fileSummary(ctx: FeatureContext, moduleId: number, pipelineId: number, jobExecutionId: number) {
  const p = await q.getFilePipeline(ctx.db, moduleId, pipelineId);
  if (!p) throw pipelineNotFound();
  const rows = await q.filesOfExecution(ctx.db, moduleId, pipelineId, jobExecutionId);
  return rows.map((r) => ({
    fileId: r.id,
    fileName: r.original_name,
    status: r.status as FileStatus,
    uploadStatus: r.upload_status as UploadStatus,
    errorKind: r.error_kind as FileErrorKind | null,
    errorMessage: r.error_message,
    totalRows: r.total_rows,
    validRows: r.valid_rows,
    invalidRows: r.invalid_rows,
    duplicateRows: r.duplicate_rows,
    ...outcomeOf(r),
    uploadedAt: r.created_at.toISOString(),
  }));
}
