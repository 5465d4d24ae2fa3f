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
import type { Actor } from '@/lib/actor.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { storeUpload, uploadPath } from '@/lib/uploads.ts';
import * as q from './files.queries.ts';

const pipelineNotFound = () => new AppError('NOT_FOUND', PIPELINE_TEXTS.notFound);

/** The pipeline files go to: of this module, FILE, with a config (its file kind decides the extension). */
export async function uploadTarget(ctx: FeatureContext, moduleId: number, pipelineId: number) {
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
};
const invalid = (errorKind: FileErrorKind, message: string): Verdict => ({
  status: 'INVALID',
  uploadStatus: 'INVALID',
  errorKind,
  message,
});

/**
 * Stores one uploaded file under DATA_DIR/uploads/<module>/<pipeline>/<file id>, streamed with its hash and
 * size, and records what can be told before loading (`precheckFile`, the same checks a job's load starts with):
 * a problem makes it INVALID (kept, with the reason); otherwise it is UPLOADED and waits for a run of its pipeline.
 */
export async function storeFile(
  ctx: FeatureContext,
  moduleId: number,
  target: { id: number; fileKind: FileKind },
  part: MultipartFile,
  actor: Actor,
): Promise<UploadedFileResult> {
  const name = part.filename.trim() || 'unnamed';
  const id = await q.insertStartedFile(ctx.db, {
    moduleId,
    pipelineId: target.id,
    name,
    userId: actor.principal.userId,
  });
  const storedPath = uploadPath(moduleId, target.id, id);
  const absolute = join(ctx.config.dataDir, storedPath);
  let stored: Awaited<ReturnType<typeof storeUpload>>;
  try {
    stored = await storeUpload(part.file, absolute);
  } catch (err) {
    await q.finishUpload(
      ctx.db,
      id,
      {
        storedPath,
        sizeBytes: 0,
        sha256: '',
        status: 'INVALID',
        uploadStatus: 'INVALID',
        errorKind: 'Invalid File Content',
        errorMessage: 'The upload did not complete',
      },
      ctx.now(),
    );
    throw err;
  }
  // A partial file is useless: its bytes are dropped, the record stays to say why.
  if (stored.isTruncated) await rm(absolute, { force: true });
  const checked = await precheckFile(
    ctx.db,
    { id, name, sha256: stored.sha256, truncatedAtBytes: stored.isTruncated ? ctx.config.uploadMaxBytes : undefined },
    { pipelineId: target.id, fileKind: target.fileKind },
  );
  const verdict: Verdict = checked.ok
    ? { status: 'UPLOADED', uploadStatus: 'UPLOADED', errorKind: null, message: null }
    : invalid(checked.kind, checked.problem);
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    await q.finishUpload(
      tx,
      id,
      {
        storedPath,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        status: verdict.status,
        uploadStatus: verdict.uploadStatus,
        errorKind: verdict.errorKind,
        errorMessage: verdict.message,
      },
      ctx.now(),
    );
    await writeAudit(tx, {
      event: 'FILE_UPLOADED',
      outcome: verdict.status === 'INVALID' ? 'FAILURE' : 'SUCCESS',
      userId: actor.principal.userId,
      userName: actor.principal.userName,
      moduleId,
      entityType: 'uploaded_file',
      entityId: id,
      details: {
        pipelineId: target.id,
        fileName: name,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        status: verdict.status,
        errorKind: verdict.errorKind,
      },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return {
    fileId: id,
    fileName: name,
    status: verdict.status,
    uploadStatus: verdict.uploadStatus,
    errorKind: verdict.errorKind,
    errorMessage: verdict.message,
    sizeBytes: stored.sizeBytes,
  };
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
    uploadedBy: r.uploaded_by,
    uploadedAt: r.created_at.toISOString(),
  };
}

export function toDetail(r: q.FileRow): FileDetail {
  return {
    ...toHistoryRow(r),
    errorMessage: r.error_message,
    sizeBytes: r.size_bytes,
    contentSha256: r.content_sha256,
    jobExecutionId: r.job_execution_id,
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
