import {
  type CountMethod,
  columnNotInTable,
  DATA_SOURCE_FORM_TEXTS,
  DATA_SOURCE_NAME_MAX,
  DATA_SOURCE_TEXTS,
  type DataElementInput,
  type DataSourceRequest,
  defaultInputType,
  elementAlreadyExists,
  elementTypeIncompatible,
  firstDataSourceFormError,
  historyTableMismatch,
  invalidTableMismatch,
  isCompatibleType,
  LIMIT_PATTERN,
  limitFormat,
  limitPercentage,
  limitWholeNumber,
  pipelineTableMismatch,
  refId,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { AppError } from '@/lib/app-error.ts';
import { catalogColumns } from '@/lib/data-tables/ddl.ts';
import {
  type DataTableColumnRecord,
  type DataTableRecord,
  findDataTableByName,
  listDataTableColumns,
} from '@/lib/data-tables/registry.ts';
import type { ModuleActor } from '@/lib/module-actor.ts';
import * as q from './data-sources.queries.ts';

export const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION', message, [{ field, defaultMessage: message }]);

export type ResolvedForm = {
  values: q.DataSourceValues;
  table: DataTableRecord;
  columns: DataTableColumnRecord[];
};

/** A limit as stored: an exact decimal ≥ 0; whole when counted in records, at most 100 when a percentage. */
function parseLimit(raw: string | number, method: CountMethod | null, label: string, field: string): string {
  const value = String(raw).trim();
  if (!LIMIT_PATTERN.test(value)) throw fieldError(field, limitFormat(label));
  if (method === 'COUNT' && /\.\d*[1-9]/.test(value)) throw fieldError(field, limitWholeNumber(label));
  if (method === 'PERCENTAGE' && Number(value) > 100) throw fieldError(field, limitPercentage(label));
  return value;
}

/** Accepts the logical `<name>_history` form too, as the table field accepts the logical name. */
const matchesPhysical = (given: string, physical: string, logical: string) => given === physical || given === logical;

/**
 * The create / edit checks: first the spec's ordered form checks (shared with the web form), then the
 * server's own — the product is the selected module, the name is free in it, recon, pipelines and table
 * exist in it and fit together, limits are well-formed.
 */
export async function resolveForm(
  db: Db,
  actor: ModuleActor,
  body: DataSourceRequest,
  exceptId?: number,
): Promise<ResolvedForm> {
  const tableName = body.table?.trim();
  const table = tableName ? await findDataTableByName(db, actor.moduleId, tableName) : undefined;
  // The physical table must be readable too: a registered table whose columns PostgreSQL cannot list is the
  // spec's "Unable to load column data".
  const readable = table ? (await catalogColumns(db, table.table_name)).length > 0 : false;
  const columns = table && readable ? await listDataTableColumns(db, table.id) : null;
  const first = firstDataSourceFormError({ ...body, columns });
  if (first) {
    // The columns cannot be read because the module has no such table: say so.
    if (first.message === DATA_SOURCE_FORM_TEXTS.columnsUnavailable && !table) {
      throw new AppError('NOT_FOUND', DATA_SOURCE_TEXTS.tableNotFound);
    }
    throw fieldError(first.field, first.message);
  }
  if (!table || !columns) throw new AppError('NOT_FOUND', DATA_SOURCE_TEXTS.tableNotFound);

  if (refId(body.product) !== actor.moduleId) throw fieldError('product', DATA_SOURCE_TEXTS.productMismatch);
  const name = (body.name ?? '').trim();
  if (name.length > DATA_SOURCE_NAME_MAX) throw fieldError('name', DATA_SOURCE_TEXTS.nameTooLong);
  if (await q.isNameTaken(db, actor.moduleId, name, exceptId)) throw fieldError('name', DATA_SOURCE_TEXTS.nameTaken);

  const recon = await q.getRecon(db, actor.moduleId, refId(body.recon) as number);
  if (!recon) throw new AppError('NOT_FOUND', DATA_SOURCE_TEXTS.reconNotFound);
  const pipeline = await q.getPipeline(db, actor.moduleId, refId(body.pipeline) as number);
  if (!pipeline) throw new AppError('NOT_FOUND', DATA_SOURCE_TEXTS.pipelineNotFound);
  const invalidPipeline = await q.getPipeline(db, actor.moduleId, refId(body.pipelineIdForInvalidData) as number);
  if (!invalidPipeline) throw new AppError('NOT_FOUND', DATA_SOURCE_TEXTS.invalidPipelineNotFound);
  if (pipeline.data_table_id !== table.id)
    throw fieldError('pipeline', pipelineTableMismatch(pipeline.name, table.name));
  if (!matchesPhysical(body.historyTable?.trim() ?? '', table.history_table_name, `${table.name}_history`)) {
    throw fieldError('historyTable', historyTableMismatch(table.history_table_name));
  }
  if (!matchesPhysical(body.invalidTable?.trim() ?? '', table.invalid_table_name, `${table.name}_invalid`)) {
    throw fieldError('invalidTable', invalidTableMismatch(table.invalid_table_name));
  }

  const duplicateUnit = body.maxDuplicateRecordCountMethod || null;
  const invalidUnit = body.maxInvalidRecordCountMethod || null;
  return {
    table,
    columns,
    values: {
      name,
      recon_id: recon.id,
      pipeline_id: pipeline.id,
      invalid_pipeline_id: invalidPipeline.id,
      data_table_id: table.id,
      max_duplicate_record: parseLimit(
        body.maxDuplicateRecord ?? '',
        duplicateUnit,
        'Duplicate Records Limit',
        'maxDuplicateRecord',
      ),
      max_duplicate_unit: duplicateUnit,
      max_invalid_record: parseLimit(
        body.maxInvalidRecord ?? '',
        invalidUnit,
        'Invalid Records Limit',
        'maxInvalidRecord',
      ),
      max_invalid_unit: invalidUnit,
      is_active: body.isActive ?? true,
    },
  };
}

/** The column an element shows, checked: it exists in the table and its type is compatible. */
export function checkElementColumn(
  columns: readonly DataTableColumnRecord[],
  table: { name: string },
  name: string,
  type: string,
  fieldPrefix = '',
): DataTableColumnRecord {
  const column = columns.find((c) => c.name === name);
  if (!column) throw fieldError(`${fieldPrefix}name`, columnNotInTable(name, table.name));
  if (!isCompatibleType(type, column.data_type)) {
    throw fieldError(`${fieldPrefix}type`, elementTypeIncompatible(type, name, column.data_type));
  }
  return column;
}

/** The elements a new data source starts with: the given ones, checked, or every user column of its table. */
export function initialElements(
  columns: readonly DataTableColumnRecord[],
  table: { name: string },
  given: readonly DataElementInput[] | undefined,
): Omit<q.ElementRecord, 'id'>[] {
  if (!given?.length) {
    return columns.map((c, i) => ({
      name: c.name,
      input_type: defaultInputType(c.data_type),
      type: c.data_type,
      active: true,
      sequence: i + 1,
    }));
  }
  const seen = new Set<string>();
  const checked = given.map((e, i) => {
    checkElementColumn(columns, table, e.name, e.type, `dataElements.${i}.`);
    if (seen.has(e.name)) throw fieldError(`dataElements.${i}.name`, elementAlreadyExists(e.name));
    seen.add(e.name);
    return { e, order: e.sequence ?? Number.MAX_SAFE_INTEGER, index: i };
  });
  checked.sort((a, b) => a.order - b.order || a.index - b.index);
  return checked.map(({ e }, i) => ({
    name: e.name,
    input_type: e.inputType ?? defaultInputType(e.type),
    type: e.type,
    active: e.active,
    sequence: i + 1,
  }));
}
