import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileDateFormat, FileKind, SkipRules } from '@recon/contract';
import { type DataType, type Db, type StoredNumberFormat, withTransaction } from '@recon/db';
import pino from 'pino';
import type { Config } from '@/config.ts';
import type { ActivityRun, WorkerContext } from '@/jobs/activity.ts';
import { type ColumnSpec, createPhysicalTables, physicalNames, qualified } from '@/lib/data-tables/ddl.ts';

/** Test data for pipelines and files, written straight to the database (the features that own it are elsewhere). */

export type TableFixture = { id: number; table: string; invalid: string; name: string };

export async function addDataTable(
  db: Db,
  moduleId: number,
  name: string,
  columns: readonly ColumnSpec[],
  duplicateKeys: readonly string[] = [],
): Promise<TableFixture> {
  const names = physicalNames(moduleId, name);
  return withTransaction(db, {}, async ({ db: tx }) => {
    await createPhysicalTables(tx, names, columns);
    const { id } = await tx
      .insertInto('data_table')
      .values({
        module_id: moduleId,
        name,
        table_name: names.table,
        history_table_name: names.history,
        invalid_table_name: names.invalid,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('data_table_column')
      .values(
        columns.map((c, i) => ({
          data_table_id: id,
          name: c.name,
          data_type: c.dataType,
          is_money: c.isMoney,
          max_length: c.maxLength ?? null,
          sequence: i + 1,
        })),
      )
      .execute();
    if (duplicateKeys.length) {
      await tx
        .insertInto('duplicate_check_config')
        .values({ data_table_id: id, column_names: [...duplicateKeys] })
        .execute();
    }
    return { id, name, table: qualified(names.table), invalid: qualified(names.invalid) };
  });
}

export async function addPipeline(db: Db, moduleId: number, name: string, dataTableId: number, source = 'FILE') {
  const { id } = await db
    .insertInto('pipeline')
    .values({ module_id: moduleId, name, source, data_table_id: dataTableId, created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export type MappingFixture = {
  fileColumn: string;
  tableColumn?: string | null;
  dataType?: DataType | null;
  dateFormat?: FileDateFormat | null;
  dateFormats?: string[];
  numberFormat?: Partial<StoredNumberFormat>;
  isRequired?: boolean;
  columnNumber?: number;
  start?: number;
  length?: number;
  fillDown?: boolean;
};

export type ConfigFixture = {
  fileKind?: FileKind;
  delimiter?: string;
  headerRow?: number;
  sheetName?: string | null;
  hasHeader?: boolean;
  skipRules?: Partial<SkipRules>;
};

const NUMBER_FORMAT_DEFAULTS: StoredNumberFormat = {
  grouping: 'any',
  trailingMinus: false,
  drCr: 'none',
  currency: false,
  scale: 0,
};

export async function addFileConfig(
  db: Db,
  pipelineId: number,
  mappings: readonly MappingFixture[],
  options: ConfigFixture = {},
) {
  await db
    .insertInto('file_upload_config')
    .values({
      pipeline_id: pipelineId,
      file_kind: options.fileKind ?? 'csv',
      delimiter: options.delimiter ?? ',',
      header_row: options.headerRow ?? 1,
      sheet_name: options.sheetName ?? null,
      has_header: options.hasHeader ?? true,
      skip_rules: JSON.stringify(options.skipRules ?? {}),
      mappings: JSON.stringify(
        mappings.map((m) => ({
          fileColumn: m.fileColumn,
          tableColumn: m.tableColumn === undefined ? m.fileColumn : m.tableColumn,
          dataType: m.dataType ?? null,
          dateFormat: m.dateFormat ?? m.dateFormats?.[0] ?? null,
          ...(m.dateFormats && { dateFormats: m.dateFormats }),
          ...(m.numberFormat && { numberFormat: { ...NUMBER_FORMAT_DEFAULTS, ...m.numberFormat } }),
          isRequired: m.isRequired ?? false,
          columnNumber: m.columnNumber ?? null,
          start: m.start ?? null,
          length: m.length ?? null,
          ...(m.fillDown && { fillDown: true }),
        })),
      ),
    })
    .execute();
}

export type LimitFixture = { value: string; unit: 'COUNT' | 'PERCENTAGE' | null };

/** A recon and a data source bound to the pipeline, carrying the invalid and duplicate limits. */
export async function addDataSource(
  db: Db,
  moduleId: number,
  pipelineId: number,
  dataTableId: number,
  limits: { invalid?: LimitFixture; duplicate?: LimitFixture } = {},
  name = `ds-${pipelineId}`,
) {
  const recon = await db
    .insertInto('recon')
    .values({ module_id: moduleId, name: `recon-${name}`, created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('data_source')
    .values({
      module_id: moduleId,
      name,
      recon_id: recon.id,
      pipeline_id: pipelineId,
      invalid_pipeline_id: pipelineId,
      data_table_id: dataTableId,
      max_invalid_record: limits.invalid?.value ?? '100',
      max_invalid_unit: limits.invalid ? limits.invalid.unit : 'PERCENTAGE',
      max_duplicate_record: limits.duplicate?.value ?? '100',
      max_duplicate_unit: limits.duplicate ? limits.duplicate.unit : 'PERCENTAGE',
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A job with one PIPE_LINE activity and one execution of it, as the runner would create them. */
export async function addExecution(db: Db, moduleId: number, pipelineId: number, jobName = `job-${Date.now()}`) {
  const job = await db
    .insertInto('job')
    .values({ module_id: moduleId, name: jobName.slice(0, 50), created_by: null, additional_settings: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const execution = await db
    .insertInto('job_execution')
    .values({ module_id: moduleId, job_id: job.id, status: 'RUNNING', params: '{}', created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const activity = await db
    .insertInto('activity_execution')
    .values({ job_execution_id: execution.id, sequence: 1, type: 'PIPE_LINE', type_id: pipelineId, counts: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { jobId: job.id, jobExecutionId: execution.id, activityExecutionId: activity.id };
}

/** Stores bytes as an uploaded file of the pipeline, attached to an execution when given. */
export async function addStoredFile(
  db: Db,
  dataDir: string,
  f: { moduleId: number; pipelineId: number; name: string; content: string | Buffer; jobExecutionId?: number },
) {
  const bytes = typeof f.content === 'string' ? Buffer.from(f.content, 'utf8') : f.content;
  const row = await db
    .insertInto('uploaded_file')
    .values({
      module_id: f.moduleId,
      pipeline_id: f.pipelineId,
      job_execution_id: f.jobExecutionId ?? null,
      original_name: f.name,
      stored_path: '',
      size_bytes: bytes.length,
      content_sha256: createHash('sha256').update(bytes).digest('hex'),
      status: 'UPLOADED',
      upload_status: 'UPLOADED',
      uploaded_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const relative = join('uploads', String(f.moduleId), String(f.pipelineId), String(row.id));
  mkdirSync(join(dataDir, 'uploads', String(f.moduleId), String(f.pipelineId)), { recursive: true });
  writeFileSync(join(dataDir, relative), bytes);
  await db.updateTable('uploaded_file').set({ stored_path: relative }).where('id', '=', row.id).execute();
  return row.id;
}

export function workerContext(db: Db, config: Config): WorkerContext {
  return { db, config, log: pino({ level: 'silent' }), now: () => new Date() };
}

export function pipelineRun(
  moduleId: number,
  pipelineId: number,
  ids: { jobId: number; jobExecutionId: number; activityExecutionId: number },
): ActivityRun {
  return {
    jobExecutionId: ids.jobExecutionId,
    activityExecutionId: ids.activityExecutionId,
    moduleId,
    jobId: ids.jobId,
    type: 'PIPE_LINE',
    typeId: pipelineId,
    attempt: 1,
    params: {},
    configuration: null,
  };
}
