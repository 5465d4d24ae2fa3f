import {
  type AddDataTableColumnRequest,
  type CreateDataTableRequest,
  columnAlreadyExists,
  columnNotInTable,
  DATA_TABLE_TEXTS,
  type DataTableDetail,
  type DataType,
  type DuplicateCheckConfig,
  defaultInputType,
  isMoneyColumn,
  MAX_DATA_TABLE_COLUMNS,
  RECON_STATUS_COLUMN,
  type SaveDuplicateCheckConfigRequest,
  STATUS_COLUMN_PATTERN,
  type TableColumn,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { createAuditedDataTable } from '@/lib/data-tables/create-table.ts';
import { SYSTEM_COLUMNS, syncDateIndexes } from '@/lib/data-tables/ddl.ts';
import {
  type DataTableRecord,
  dataTableDetail,
  findDataTableByName,
  getDataTable,
  getDuplicateCheckConfig,
  listDataTableColumns,
  toDuplicateCheckConfig,
} from '@/lib/data-tables/registry.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import * as q from './data-tables.queries.ts';

/** The label pickers show for each system column (ddl.ts creates them; adding one without a label fails here). */
const SYSTEM_COLUMN_TYPES: Record<(typeof SYSTEM_COLUMNS)[number], DataType> = {
  _id: 'BIGINT',
  _file_id: 'BIGINT',
  _execution_id: 'BIGINT',
  _row_no: 'INT',
  _recon_status: 'VARCHAR',
  _match_id: 'BIGINT',
  _rule_id: 'BIGINT',
  _reconciled_at: 'DATETIME',
  _recon_execution_id: 'BIGINT',
  _ticket_id: 'BIGINT',
  _lien_status: 'VARCHAR',
  _loaded_at: 'DATETIME',
};

const notFound = () => new AppError('NOT_FOUND', DATA_TABLE_TEXTS.notFound);
const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION', message, [{ field, defaultMessage: message }]);

async function requireDetail(db: Db, moduleId: number, id: number): Promise<DataTableDetail> {
  const detail = await dataTableDetail(db, moduleId, id);
  if (!detail) throw notFound();
  return detail;
}

export const getTableDetail = (ctx: FeatureContext, moduleId: number, id: number) =>
  requireDetail(ctx.db, moduleId, id);

export async function createTable(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: CreateDataTableRequest,
): Promise<DataTableDetail> {
  const id = await createAuditedDataTable(ctx.db, actor, body, 'DATA');
  return requireDetail(ctx.db, actor.moduleId, id);
}

export async function addColumn(
  ctx: FeatureContext,
  actor: ModuleActor,
  id: number,
  body: AddDataTableColumnRequest,
): Promise<DataTableDetail> {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const table = await getDataTable(tx, actor.moduleId, id);
    if (!table) throw notFound();
    const existing = await listDataTableColumns(tx, id);
    if (existing.some((c) => c.name === body.name)) throw fieldError('name', columnAlreadyExists(body.name));
    if (existing.length >= MAX_DATA_TABLE_COLUMNS) throw fieldError('name', DATA_TABLE_TEXTS.tooManyColumns);
    const column = {
      name: body.name,
      dataType: body.dataType,
      isMoney: isMoneyColumn(body),
      maxLength: body.dataType === 'VARCHAR' ? (body.maxLength ?? null) : null,
    };
    await q.insertColumn(tx, id, column);
    await q.addPhysicalColumn(tx, table, column);
    const dataSources = await q.addElementToDataSources(tx, id, {
      name: column.name,
      dataType: column.dataType,
      inputType: defaultInputType(column.dataType),
    });
    // A table without a date column listed its data sources by loading time: its first date column takes over.
    await syncDateIndexes(tx, [id]);
    await auditChange(tx, actor, {
      event: 'DATA_TABLE_COLUMN_ADDED',
      entityType: 'data_table',
      entityId: id,
      details: { table: table.table_name, column, dataSources },
    });
  });
  return requireDetail(ctx.db, actor.moduleId, id);
}

async function requireTableByName(db: Db, moduleId: number, table: string): Promise<DataTableRecord> {
  const found = await findDataTableByName(db, moduleId, table);
  if (!found) throw notFound();
  return found;
}

/** User columns in their order, then the system columns, each with its data type. */
export async function tableColumns(ctx: FeatureContext, moduleId: number, table: string): Promise<TableColumn[]> {
  const t = await requireTableByName(ctx.db, moduleId, table);
  const user = await listDataTableColumns(ctx.db, t.id);
  return [
    ...user.map((c) => ({ name: c.name, type: c.data_type, isMoney: c.is_money, isSystem: false })),
    ...SYSTEM_COLUMNS.map((name) => ({ name, type: SYSTEM_COLUMN_TYPES[name], isMoney: false, isSystem: true })),
  ];
}

/** "status-column options are those named status or status_N", then the engine's `_recon_status`. */
export async function statusColumns(ctx: FeatureContext, moduleId: number, table: string): Promise<TableColumn[]> {
  const columns = await tableColumns(ctx, moduleId, table);
  return [
    ...columns.filter((c) => !c.isSystem && STATUS_COLUMN_PATTERN.test(c.name)),
    ...columns.filter((c) => c.name === RECON_STATUS_COLUMN),
  ];
}

export async function duplicateCheckConfigs(
  ctx: FeatureContext,
  moduleId: number,
  tableName: string,
): Promise<DuplicateCheckConfig[]> {
  const t = await requireTableByName(ctx.db, moduleId, tableName);
  const config = await getDuplicateCheckConfig(ctx.db, t.id);
  return config ? [toDuplicateCheckConfig(config, t.table_name)] : [];
}

export async function saveDuplicateCheckConfig(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: SaveDuplicateCheckConfigRequest,
): Promise<DuplicateCheckConfig> {
  return withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const t = await requireTableByName(tx, actor.moduleId, body.tableName);
    const columns = new Set((await listDataTableColumns(tx, t.id)).map((c) => c.name));
    const seen = new Set<string>();
    body.columnNames.forEach((name, i) => {
      if (!columns.has(name)) throw fieldError(`columnNames.${i}`, columnNotInTable(name, t.name));
      if (seen.has(name)) throw fieldError(`columnNames.${i}`, `Column "${name}" is listed more than once`);
      seen.add(name);
    });
    const before = await getDuplicateCheckConfig(tx, t.id);
    const id = await q.upsertDuplicateCheckConfig(tx, t.id, body.columnNames, body.isEnabled);
    await auditChange(tx, actor, {
      event: 'DUPLICATE_CHECK_CONFIG_SAVED',
      entityType: 'duplicate_check_config',
      entityId: id,
      details: {
        table: t.table_name,
        before: before ? { columnNames: before.column_names, isEnabled: before.is_enabled } : null,
        after: { columnNames: body.columnNames, isEnabled: body.isEnabled },
      },
    });
    return { id, dataTableId: t.id, tableName: t.table_name, columnNames: body.columnNames, isEnabled: body.isEnabled };
  });
}

export async function deleteDuplicateCheckConfig(ctx: FeatureContext, actor: ModuleActor, id: number) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const config = await q.getDuplicateCheckConfigInModule(tx, actor.moduleId, id);
    if (!config) throw new AppError('NOT_FOUND', DATA_TABLE_TEXTS.duplicateConfigNotFound);
    await q.deleteDuplicateCheckConfig(tx, id);
    await auditChange(tx, actor, {
      event: 'DUPLICATE_CHECK_CONFIG_DELETED',
      entityType: 'duplicate_check_config',
      entityId: id,
      details: { table: config.table_name, columnNames: config.column_names, isEnabled: config.is_enabled },
    });
  });
  return { message: DATA_TABLE_TEXTS.duplicateConfigDeleted };
}
