import type { FieldError, FileConnection, FileUploadConfig, FileUploadConfigRequest } from '@recon/contract';
import {
  dateFormatNotAllowed,
  dateFormatRequired,
  fileColumnMappedTwice,
  INGESTION_MODE_LABELS,
  PIPELINE_TEXTS,
  tableColumnMappedTwice,
  tableColumnTypeMismatch,
  tableColumnUnknown,
} from '@recon/contract';
import type { DataType, Db, FileMapping } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import type { Actor } from '@/lib/actor.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import * as q from './file-upload-configs.queries.ts';
import * as pq from './pipelines.queries.ts';
import { configStatusOf, pipelineNotFound } from './pipelines.service.ts';

export function toConfig(r: q.ConfigRow): FileUploadConfig {
  return {
    id: r.id,
    pipelineId: r.pipeline_id,
    fileKind: r.file_kind,
    sheetName: r.sheet_name,
    headerRow: r.header_row,
    delimiter: r.delimiter,
    ingestionMode: r.ingestion_mode,
    ingestionModeLabel: INGESTION_MODE_LABELS[r.ingestion_mode],
    connection: r.connection as FileConnection,
    mappings: r.mappings.map((m) => ({
      fileColumn: m.fileColumn,
      tableColumn: m.tableColumn ?? null,
      dataType: m.dataType ?? null,
      dateFormat: (m.dateFormat ?? null) as FileUploadConfig['mappings'][number]['dateFormat'],
      isRequired: m.isRequired,
    })),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

const isDate = (t: DataType) => t === 'DATE' || t === 'DATETIME';

/**
 * Checks the mappings against the pipeline's table (every loaded column a user column of that table, with its
 * type, at most once; date columns with a format) and answers every problem at once, in mapping order.
 */
export function checkMappings(
  body: FileUploadConfigRequest,
  columns: readonly { name: string; data_type: DataType }[],
): { errors: FieldError[]; mappings: FileMapping[] } {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field, defaultMessage: message });
  const types = new Map(columns.map((c) => [c.name, c.data_type]));
  const seenFile = new Set<string>();
  const seenTable = new Set<string>();
  if (!body.mappings.some((m) => m.tableColumn)) fail('mappings', PIPELINE_TEXTS.mappingsRequired);
  const mappings = body.mappings.map((m, i): FileMapping => {
    const field = `mappings.${i}`;
    const fileKey = m.fileColumn.toLowerCase();
    if (seenFile.has(fileKey)) fail(`${field}.fileColumn`, fileColumnMappedTwice(m.fileColumn));
    seenFile.add(fileKey);
    if (!m.tableColumn)
      return { fileColumn: m.fileColumn, tableColumn: null, dataType: null, dateFormat: null, isRequired: false };
    const actual = types.get(m.tableColumn);
    if (seenTable.has(m.tableColumn)) fail(`${field}.tableColumn`, tableColumnMappedTwice(m.tableColumn));
    seenTable.add(m.tableColumn);
    if (!actual) fail(`${field}.tableColumn`, tableColumnUnknown(m.tableColumn));
    else if (m.dataType !== actual) fail(`${field}.dataType`, tableColumnTypeMismatch(m.tableColumn, actual));
    else if (isDate(actual) && !m.dateFormat) fail(`${field}.dateFormat`, dateFormatRequired(m.tableColumn));
    else if (!isDate(actual) && m.dateFormat) fail(`${field}.dateFormat`, dateFormatNotAllowed(m.tableColumn));
    return {
      fileColumn: m.fileColumn,
      tableColumn: m.tableColumn,
      dataType: actual ?? m.dataType,
      dateFormat: m.dateFormat,
      isRequired: m.isRequired,
    };
  });
  return { errors, mappings };
}

function checkConnection(body: FileUploadConfigRequest): FieldError[] {
  if (body.ingestionMode === 'AMAZON_S3' && !body.connection.bucket) {
    return [{ field: 'connection.bucket', defaultMessage: PIPELINE_TEXTS.bucketRequired }];
  }
  if (body.ingestionMode === 'SFTP' && !body.connection.host) {
    return [{ field: 'connection.host', defaultMessage: PIPELINE_TEXTS.hostRequired }];
  }
  return [];
}

async function filePipeline(db: Db, moduleId: number, pipelineId: number) {
  const p = await pq.getPipeline(db, moduleId, pipelineId);
  if (!p) throw pipelineNotFound();
  if (p.source !== 'FILE') throw validation(PIPELINE_TEXTS.configNotRequired, 'pipelineId');
  return p;
}

export async function getConfig(ctx: FeatureContext, moduleId: number, pipelineId: number): Promise<FileUploadConfig> {
  const p = await pq.getPipeline(ctx.db, moduleId, pipelineId);
  if (!p) throw pipelineNotFound();
  const row = await q.getConfig(ctx.db, pipelineId);
  if (!row) throw new AppError('NOT_FOUND', PIPELINE_TEXTS.configNotFound);
  return toConfig(row);
}

export async function configStatus(ctx: FeatureContext, moduleId: number, pipelineId: number) {
  const p = await pq.getPipeline(ctx.db, moduleId, pipelineId);
  if (!p) throw pipelineNotFound();
  return { pipelineId, status: configStatusOf(p.source, p.has_config) };
}

export async function saveConfig(
  ctx: FeatureContext,
  moduleId: number,
  pipelineId: number,
  body: FileUploadConfigRequest,
  mode: 'create' | 'update',
  actor: Actor,
): Promise<FileUploadConfig> {
  await ctx.db.transaction().execute(async (tx) => {
    const p = await filePipeline(tx, moduleId, pipelineId);
    const before = await q.getConfig(tx, pipelineId);
    if (mode === 'create' && before) throw validation(PIPELINE_TEXTS.configExists, 'pipelineId');
    if (mode === 'update' && !before) throw new AppError('NOT_FOUND', PIPELINE_TEXTS.configNotFound);
    const { errors, mappings } = checkMappings(body, await q.tableColumns(tx, p.data_table_id));
    errors.push(...checkConnection(body));
    if (errors.length > 0) throw new AppError('VALIDATION', errors[0]?.defaultMessage ?? 'Invalid config', errors);
    const values: q.ConfigValues = {
      fileKind: body.fileKind,
      sheetName: body.fileKind === 'xlsx' ? body.sheetName : null,
      headerRow: body.headerRow,
      delimiter: body.fileKind === 'csv' ? body.delimiter : ',',
      ingestionMode: body.ingestionMode,
      connection: body.connection,
      mappings,
    };
    if (mode === 'create') await q.insertConfig(tx, pipelineId, values);
    else await q.updateConfig(tx, pipelineId, values, ctx.now());
    await writeAudit(tx, {
      event: mode === 'create' ? 'FILE_UPLOAD_CONFIG_CREATED' : 'FILE_UPLOAD_CONFIG_UPDATED',
      outcome: 'SUCCESS',
      userId: actor.principal.userId,
      userName: actor.principal.userName,
      moduleId,
      entityType: 'pipeline',
      entityId: pipelineId,
      details: {
        pipeline: p.name,
        fileKind: values.fileKind,
        ingestionMode: values.ingestionMode,
        mappings: values.mappings.length,
        ...(before && { before: { fileKind: before.file_kind, mappings: before.mappings.length } }),
      },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
  return getConfig(ctx, moduleId, pipelineId);
}
