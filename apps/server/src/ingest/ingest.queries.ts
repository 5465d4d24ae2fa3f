import type { FileErrorKind, FileRejection, FileStatus, SkippedCount, UploadStatus } from '@recon/contract';
import type { Db, FileMapping } from '@recon/db';
import { sql } from 'kysely';

export async function getPipelineForRun(db: Db, pipelineId: number, moduleId: number) {
  return db
    .selectFrom('pipeline as p')
    .innerJoin('data_table as t', 't.id', 'p.data_table_id')
    .leftJoin('file_upload_config as c', 'c.pipeline_id', 'p.id')
    .select([
      'p.id',
      'p.name',
      'p.source',
      'p.data_table_id',
      't.table_name',
      't.invalid_table_name',
      'c.file_kind',
      'c.sheet_name',
      'c.header_row',
      'c.delimiter',
      'c.has_header',
      'c.skip_rules',
      'c.mappings',
    ])
    .where('p.id', '=', pipelineId)
    .where('p.module_id', '=', moduleId)
    .executeTakeFirst();
}

export function tableColumns(db: Db, dataTableId: number) {
  return db
    .selectFrom('data_table_column')
    .select(['name', 'data_type', 'is_money', 'max_length'])
    .where('data_table_id', '=', dataTableId)
    .orderBy('sequence')
    .execute();
}

export async function duplicateKeyColumns(db: Db, dataTableId: number): Promise<string[]> {
  const row = await db
    .selectFrom('duplicate_check_config')
    .select('column_names')
    .where('data_table_id', '=', dataTableId)
    .where('is_enabled', '=', true)
    .executeTakeFirst();
  return row?.column_names ?? [];
}

/** The limits of the data source this pipeline feeds (the first active one when several do). */
export function dataSourceLimits(db: Db, pipelineId: number, moduleId: number) {
  return db
    .selectFrom('data_source')
    .select(['id', 'max_invalid_record', 'max_invalid_unit', 'max_duplicate_record', 'max_duplicate_unit'])
    .where('pipeline_id', '=', pipelineId)
    .where('module_id', '=', moduleId)
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
}

export function filesOfRun(db: Db, jobExecutionId: number, pipelineId: number, moduleId: number) {
  return db
    .selectFrom('uploaded_file')
    .select([
      'id',
      'original_name',
      'stored_path',
      'content_sha256',
      'status',
      'upload_status',
      'error_kind',
      'error_message',
      'total_rows',
      'valid_rows',
      'invalid_rows',
      'duplicate_rows',
      'skipped_rows',
    ])
    .where('job_execution_id', '=', jobExecutionId)
    .where('pipeline_id', '=', pipelineId)
    .where('module_id', '=', moduleId)
    .orderBy('id')
    .execute();
}

/** Another file of the same pipeline already loaded with the same content, else with the same name. */
export async function loadedTwin(db: Db, file: { id: number; pipelineId: number; sha256: string; name: string }) {
  return db
    .selectFrom('uploaded_file')
    .select(['id', sql<boolean>`content_sha256 = ${file.sha256}`.as('same_content')])
    .where('pipeline_id', '=', file.pipelineId)
    .where('id', '<>', file.id)
    .where('status', '=', 'FINISHED')
    .where((eb) => eb.or([eb('content_sha256', '=', file.sha256), eb('original_name', '=', file.name)]))
    .orderBy(sql`content_sha256 = ${file.sha256}`, 'desc')
    .orderBy('id')
    .executeTakeFirst();
}

export type FileUpdate = {
  status?: FileStatus;
  uploadStatus?: UploadStatus;
  errorKind?: FileErrorKind | null;
  errorMessage?: string | null;
  totalRows?: number | null;
  validRows?: number | null;
  invalidRows?: number | null;
  duplicateRows?: number | null;
  skippedRows?: number | null;
  skipped?: SkippedCount[] | null;
  rejection?: FileRejection | null;
  activityExecutionId?: number | null;
};

export async function updateFile(db: Db, id: number, u: FileUpdate, now: Date): Promise<void> {
  await db
    .updateTable('uploaded_file')
    .set({
      ...(u.status !== undefined && { status: u.status }),
      ...(u.uploadStatus !== undefined && { upload_status: u.uploadStatus }),
      ...(u.errorKind !== undefined && { error_kind: u.errorKind }),
      ...(u.errorMessage !== undefined && { error_message: u.errorMessage }),
      ...(u.totalRows !== undefined && { total_rows: u.totalRows }),
      ...(u.validRows !== undefined && { valid_rows: u.validRows }),
      ...(u.invalidRows !== undefined && { invalid_rows: u.invalidRows }),
      ...(u.duplicateRows !== undefined && { duplicate_rows: u.duplicateRows }),
      ...(u.skippedRows !== undefined && { skipped_rows: u.skippedRows }),
      ...(u.skipped !== undefined && { skip_summary: u.skipped ? JSON.stringify(u.skipped) : null }),
      ...(u.rejection !== undefined && { rejection_summary: u.rejection ? JSON.stringify(u.rejection) : null }),
      ...(u.activityExecutionId !== undefined && { activity_execution_id: u.activityExecutionId }),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export type { FileMapping };
