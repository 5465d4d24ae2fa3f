import type { FieldError, FileConnection, FileUploadConfig, FileUploadConfigRequest } from '@recon/contract';
import {
  columnNumberTaken,
  dateFormatNotAllowed,
  dateFormatRequired,
  fileColumnMappedTwice,
  fixedWidthPositionsRequired,
  INGESTION_MODE_LABELS,
  numberFormatNotAllowed,
  PIPELINE_TEXTS,
  skipColumnUnknown,
  tableColumnMappedTwice,
  tableColumnTypeMismatch,
  tableColumnUnknown,
} from '@recon/contract';
import { type DataType, type Db, type FileMapping, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { dateFormatsOf, skipRulesOf } from '@/ingest/load-plan.ts';
import { type Actor, auditBy } from '@/lib/actor.ts';
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
    hasHeader: r.file_kind !== 'fixed_width' && r.has_header,
    skipRules: skipRulesOf(r.skip_rules),
    ingestionMode: r.ingestion_mode,
    ingestionModeLabel: INGESTION_MODE_LABELS[r.ingestion_mode],
    connection: r.connection as FileConnection,
    mappings: r.mappings.map((m) => {
      const dateFormats = dateFormatsOf(m);
      return {
        fileColumn: m.fileColumn,
        tableColumn: m.tableColumn ?? null,
        dataType: m.dataType ?? null,
        dateFormat: dateFormats[0] ?? null,
        dateFormats,
        numberFormat: m.numberFormat ?? null,
        isRequired: m.isRequired,
        columnNumber: m.columnNumber ?? null,
        start: m.start ?? null,
        length: m.length ?? null,
        fillDown: m.fillDown ?? false,
      };
    }),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

const isDate = (t: DataType) => t === 'DATE' || t === 'DATETIME';
const isNumber = (t: DataType) => t === 'INT' || t === 'BIGINT' || t === 'DOUBLE' || t === 'FLOAT';

/** How a config lays its columns out: by header name, by column number, or by fixed-width cut. */
type Layout = 'header' | 'position' | 'fixed';
const layoutOf = (body: FileUploadConfigRequest): Layout =>
  body.fileKind === 'fixed_width' ? 'fixed' : body.hasHeader ? 'header' : 'position';

/**
 * Checks the mappings against the pipeline's table (every loaded column a user column of that table, with its
 * type, at most once; date columns with a format, number formats on number columns only) and the file layout
 * (fixed width: a start and length per column; no header: each column number once), and answers every problem
 * at once, in mapping order.
 */
export function checkMappings(
  body: FileUploadConfigRequest,
  columns: readonly { name: string; data_type: DataType }[],
): { errors: FieldError[]; mappings: FileMapping[] } {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field, defaultMessage: message });
  const types = new Map(columns.map((c) => [c.name, c.data_type]));
  const layout = layoutOf(body);
  const seenFile = new Set<string>();
  const seenTable = new Set<string>();
  const seenNumber = new Set<number>();
  if (!body.mappings.some((m) => m.tableColumn)) fail('mappings', PIPELINE_TEXTS.mappingsRequired);
  const mappings = body.mappings.map((m, i): FileMapping => {
    const field = `mappings.${i}`;
    const fileKey = m.fileColumn.toLowerCase();
    if (seenFile.has(fileKey)) fail(`${field}.fileColumn`, fileColumnMappedTwice(m.fileColumn));
    seenFile.add(fileKey);
    const position = {
      columnNumber: layout === 'position' ? (m.columnNumber ?? i + 1) : null,
      start: layout === 'fixed' ? m.start : null,
      length: layout === 'fixed' ? m.length : null,
    };
    if (layout === 'fixed' && (!m.start || !m.length))
      fail(`${field}.start`, fixedWidthPositionsRequired(m.fileColumn));
    if (position.columnNumber !== null) {
      if (seenNumber.has(position.columnNumber))
        fail(`${field}.columnNumber`, columnNumberTaken(position.columnNumber));
      seenNumber.add(position.columnNumber);
    }
    if (!m.tableColumn) {
      return {
        fileColumn: m.fileColumn,
        tableColumn: null,
        dataType: null,
        dateFormat: null,
        isRequired: false,
        ...position,
      };
    }
    const actual = types.get(m.tableColumn);
    const dateFormats = m.dateFormats?.length ? m.dateFormats : m.dateFormat ? [m.dateFormat] : [];
    if (seenTable.has(m.tableColumn)) fail(`${field}.tableColumn`, tableColumnMappedTwice(m.tableColumn));
    seenTable.add(m.tableColumn);
    if (!actual) fail(`${field}.tableColumn`, tableColumnUnknown(m.tableColumn));
    else if (m.dataType !== actual) fail(`${field}.dataType`, tableColumnTypeMismatch(m.tableColumn, actual));
    else if (isDate(actual) && dateFormats.length === 0) fail(`${field}.dateFormat`, dateFormatRequired(m.tableColumn));
    else if (!isDate(actual) && dateFormats.length > 0)
      fail(`${field}.dateFormat`, dateFormatNotAllowed(m.tableColumn));
    else if (!isNumber(actual) && m.numberFormat) fail(`${field}.numberFormat`, numberFormatNotAllowed(m.tableColumn));
    return {
      fileColumn: m.fileColumn,
      tableColumn: m.tableColumn,
      dataType: actual ?? m.dataType,
      dateFormat: dateFormats[0] ?? null,
      dateFormats,
      numberFormat: m.numberFormat,
      isRequired: m.isRequired,
      ...position,
      fillDown: m.fillDown,
    };
  });
  return { errors, mappings };
}

/** Skip rules may only name the config's own file columns. */
function checkSkipRules(body: FileUploadConfigRequest): FieldError[] {
  const names = new Set(body.mappings.map((m) => m.fileColumn.trim().toLowerCase()));
  const unknown = (name: string) => !names.has(name.trim().toLowerCase());
  const errors: FieldError[] = [];
  body.skipRules.blankColumns.forEach((name, i) => {
    if (unknown(name)) errors.push({ field: `skipRules.blankColumns.${i}`, defaultMessage: skipColumnUnknown(name) });
  });
  body.skipRules.patterns.forEach((p, i) => {
    if (p.column !== null && unknown(p.column)) {
      errors.push({ field: `skipRules.patterns.${i}.column`, defaultMessage: skipColumnUnknown(p.column) });
    }
  });
  return errors;
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
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const p = await filePipeline(tx, moduleId, pipelineId);
    const before = await q.getConfig(tx, pipelineId);
    if (mode === 'create' && before) throw validation(PIPELINE_TEXTS.configExists, 'pipelineId');
    if (mode === 'update' && !before) throw new AppError('NOT_FOUND', PIPELINE_TEXTS.configNotFound);
    const { errors, mappings } = checkMappings(body, await q.tableColumns(tx, p.data_table_id));
    errors.push(...checkSkipRules(body), ...checkConnection(body));
    if (errors.length > 0) throw new AppError('VALIDATION', errors[0]?.defaultMessage ?? 'Invalid config', errors);
    const values: q.ConfigValues = {
      fileKind: body.fileKind,
      sheetName: body.fileKind === 'xlsx' ? body.sheetName : null,
      headerRow: body.headerRow,
      delimiter: body.fileKind === 'csv' ? body.delimiter : ',',
      hasHeader: body.fileKind !== 'fixed_width' && body.hasHeader,
      skipRules: body.skipRules,
      ingestionMode: body.ingestionMode,
      connection: body.connection,
      mappings,
    };
    if (mode === 'create') await q.insertConfig(tx, pipelineId, values);
    else await q.updateConfig(tx, pipelineId, values, ctx.now());
    await writeAudit(tx, {
      event: mode === 'create' ? 'FILE_UPLOAD_CONFIG_CREATED' : 'FILE_UPLOAD_CONFIG_UPDATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
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
    });
  });
  return getConfig(ctx, moduleId, pipelineId);
}
