import type { FileErrorKind, FileStatus, UploadStatus } from '@recon/contract';
import type { Db } from '@recon/db';
import { type Expression, type SqlBool, sql } from 'kysely';

export function getFilePipeline(db: Db, moduleId: number, pipelineId: number) {
  return db
    .selectFrom('pipeline as p')
    .leftJoin('file_upload_config as c', 'c.pipeline_id', 'p.id')
    .select(['p.id', 'p.name', 'p.source', 'c.file_kind'])
    .where('p.id', '=', pipelineId)
    .where('p.module_id', '=', moduleId)
    .executeTakeFirst();
}

export async function insertStartedFile(
  db: Db,
  f: { moduleId: number; pipelineId: number; name: string; userId: number },
): Promise<number> {
  const row = await db
    .insertInto('uploaded_file')
    .values({
      module_id: f.moduleId,
      pipeline_id: f.pipelineId,
      original_name: f.name,
      stored_path: '',
      size_bytes: 0,
      content_sha256: '',
      status: 'UPLOADED',
      upload_status: 'UPLOAD_STARTED',
      uploaded_by: f.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishUpload(
  db: Db,
  id: number,
  f: {
    storedPath: string;
    sizeBytes: number;
    sha256: string;
    status: FileStatus;
    uploadStatus: UploadStatus;
    errorKind: FileErrorKind | null;
    errorMessage: string | null;
    /** Rows counted at upload (the load counts them again); null when not read. */
    totalRows: number | null;
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('uploaded_file')
    .set({
      stored_path: f.storedPath,
      size_bytes: f.sizeBytes,
      content_sha256: f.sha256,
      status: f.status,
      upload_status: f.uploadStatus,
      error_kind: f.errorKind,
      error_message: f.errorMessage,
      total_rows: f.totalRows,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Rows of an upload request that failed before it was whole: it is as if they never came. */
export async function deleteStartedFiles(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('uploaded_file').where('id', 'in', ids).where('upload_status', '=', 'UPLOAD_STARTED').execute();
}

/** An uploaded file no run has taken becomes DELETED; answers whether it was one. */
export async function discardWaitingFile(db: Db, id: number, reason: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('uploaded_file')
    .set({ status: 'DELETED', error_message: reason, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'UPLOADED')
    .where('upload_status', '=', 'UPLOADED')
    .where('job_execution_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

function fileQuery(db: Db, moduleId: number) {
  return db
    .selectFrom('uploaded_file as f')
    .innerJoin('pipeline as p', 'p.id', 'f.pipeline_id')
    .leftJoin('app_user as u', 'u.id', 'f.uploaded_by')
    .select([
      'f.id',
      'f.original_name',
      'f.pipeline_id',
      'p.name as pipeline_name',
      'f.status',
      'f.upload_status',
      'f.error_kind',
      'f.error_message',
      'f.total_rows',
      'f.valid_rows',
      'f.invalid_rows',
      'f.duplicate_rows',
      'f.skipped_rows',
      'f.skip_summary',
      'f.rejection_summary',
      'u.user_name as uploaded_by',
      'f.created_at',
      'f.updated_at',
      'f.size_bytes',
      'f.content_sha256',
      'f.job_execution_id',
      'f.activity_execution_id',
    ])
    .where('f.module_id', '=', moduleId);
}
export type FileRow = NonNullable<Awaited<ReturnType<typeof getFile>>>;

export function getFile(db: Db, moduleId: number, id: number) {
  return fileQuery(db, moduleId).where('f.id', '=', id).executeTakeFirst();
}

export function filesOfExecution(db: Db, moduleId: number, pipelineId: number, jobExecutionId: number) {
  return fileQuery(db, moduleId)
    .where('f.pipeline_id', '=', pipelineId)
    .where('f.job_execution_id', '=', jobExecutionId)
    .orderBy('f.id')
    .execute();
}

// Column → SQL it searches and sorts by; only these are accepted from the client.
export const HISTORY_COLUMNS = {
  fileName: sql`f.original_name`,
  pipelineName: sql`p.name`,
  status: sql`f.status`,
  errorKind: sql`coalesce(f.error_kind, '')`,
  totalRows: sql`f.total_rows`,
  validRows: sql`f.valid_rows`,
  invalidRows: sql`f.invalid_rows`,
  duplicateRows: sql`f.duplicate_rows`,
  skippedRows: sql`f.skipped_rows`,
  uploadedBy: sql`coalesce(u.user_name, '')`,
  uploadedAt: sql`f.created_at`,
} as const;
export type HistoryColumn = keyof typeof HISTORY_COLUMNS;

export async function listHistory(
  db: Db,
  moduleId: number,
  where: Expression<SqlBool>[],
  orderBy: Expression<unknown>[],
  start: number,
  length: number,
) {
  const filter = where.length ? sql.join(where, sql` AND `) : sql`true`;
  const from = sql`uploaded_file f JOIN pipeline p ON p.id = f.pipeline_id LEFT JOIN app_user u ON u.id = f.uploaded_by`;
  const [ids, totals] = await Promise.all([
    sql<{ id: number }>`SELECT f.id FROM ${from} WHERE f.module_id = ${moduleId} AND ${filter}
      ORDER BY ${sql.join([...orderBy, sql`f.id DESC`], sql`, `)} OFFSET ${start} LIMIT ${length}`.execute(db),
    sql<{ total: number; filtered: number }>`SELECT
      (SELECT count(*)::int FROM uploaded_file WHERE module_id = ${moduleId}) AS total,
      (SELECT count(*)::int FROM ${from} WHERE f.module_id = ${moduleId} AND ${filter}) AS filtered`.execute(db),
  ]);
  const order = ids.rows.map((r) => r.id);
  const rows = order.length ? await fileQuery(db, moduleId).where('f.id', 'in', order).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    rows: order.map((id) => byId.get(id)).filter((r) => r !== undefined),
    total: totals.rows[0]?.total ?? 0,
    filtered: totals.rows[0]?.filtered ?? 0,
  };
}
