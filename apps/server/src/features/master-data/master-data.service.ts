import {
  type CreateDataTableRequest,
  checkColumnValue,
  type DataTableDetail,
  type FieldError,
  MASTER_DATA_TEXTS,
  type MasterDataRow,
  type MasterDataRowRequest,
  unknownColumn,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { createAuditedDataTable } from '@/lib/data-tables/create-table.ts';
import {
  type DataTableColumnRecord,
  type DataTableRecord,
  dataTableDetail,
  getDataTable,
  listDataTableColumns,
} from '@/lib/data-tables/registry.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import * as q from './master-data.queries.ts';

const tableNotFound = () => new AppError('NOT_FOUND', MASTER_DATA_TEXTS.notFound);
const rowNotFound = () => new AppError('NOT_FOUND', MASTER_DATA_TEXTS.rowNotFound);

type MasterTable = { table: DataTableRecord; columns: DataTableColumnRecord[] };

async function requireMasterTable(db: Db, moduleId: number, id: number): Promise<MasterTable> {
  const table = await getDataTable(db, moduleId, id, 'MASTER');
  if (!table) throw tableNotFound();
  return { table, columns: await listDataTableColumns(db, id) };
}

export async function getMasterTable(ctx: FeatureContext, moduleId: number, id: number): Promise<DataTableDetail> {
  const detail = await dataTableDetail(ctx.db, moduleId, id, 'MASTER');
  if (!detail) throw tableNotFound();
  return detail;
}

export async function createMasterTable(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: CreateDataTableRequest,
): Promise<DataTableDetail> {
  const id = await createAuditedDataTable(ctx.db, actor, body, 'MASTER');
  return getMasterTable(ctx, actor.moduleId, id);
}

export async function listMasterRows(
  ctx: FeatureContext,
  moduleId: number,
  id: number,
  query: Record<string, unknown> & { start: number; length: number },
) {
  const { table, columns } = await requireMasterTable(ctx.db, moduleId, id);
  return q.listRows(ctx.db, table, columns, query);
}

/**
 * Checks every sent value against its column (all problems at once, each naming its column) and answers
 * the cells to write in column order.
 */
function checkValues(columns: readonly DataTableColumnRecord[], body: MasterDataRowRequest): [string, string | null][] {
  const byName = new Map(columns.map((c) => [c.name, c]));
  const errors: FieldError[] = [];
  for (const key of Object.keys(body.values)) {
    if (!byName.has(key)) errors.push({ field: `values.${key}`, defaultMessage: unknownColumn(key) });
  }
  const cells: [string, string | null][] = [];
  for (const c of columns) {
    if (!Object.hasOwn(body.values, c.name)) continue;
    const checked = checkColumnValue(
      { name: c.name, dataType: c.data_type, isMoney: c.is_money, maxLength: c.max_length },
      body.values[c.name],
    );
    if (checked.ok) cells.push([c.name, checked.value]);
    else errors.push({ field: `values.${c.name}`, defaultMessage: checked.message });
  }
  if (errors.length > 0) throw new AppError('VALIDATION', errors[0]?.defaultMessage ?? 'Invalid value', errors);
  return cells;
}

const valuesRequired = () =>
  new AppError('VALIDATION', MASTER_DATA_TEXTS.valuesRequired, [
    { field: 'values', defaultMessage: MASTER_DATA_TEXTS.valuesRequired },
  ]);

export async function createMasterRow(
  ctx: FeatureContext,
  actor: ModuleActor,
  id: number,
  body: MasterDataRowRequest,
): Promise<MasterDataRow> {
  return withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const { table, columns } = await requireMasterTable(tx, actor.moduleId, id);
    const cells = checkValues(columns, body);
    if (!cells.some(([, v]) => v !== null)) throw valuesRequired();
    const rowId = await q.insertRow(tx, table, cells);
    const row = (await q.getRow(tx, table, columns, rowId)) as MasterDataRow;
    await auditChange(tx, actor, {
      event: 'MASTER_DATA_ROW_CREATED',
      entityType: 'master_data_row',
      entityId: `${table.id}:${rowId}`,
      details: { table: table.table_name, rowId, values: Object.fromEntries(cells) },
    });
    return row;
  });
}

export async function updateMasterRow(
  ctx: FeatureContext,
  actor: ModuleActor,
  id: number,
  rowId: number,
  body: MasterDataRowRequest,
): Promise<MasterDataRow> {
  return withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const { table, columns } = await requireMasterTable(tx, actor.moduleId, id);
    const cells = checkValues(columns, body);
    if (cells.length === 0) throw valuesRequired();
    const before = await q.getRow(tx, table, columns, rowId, true);
    if (!before) throw rowNotFound();
    await q.copyRowToHistory(tx, table, columns, rowId, 'MASTER_DATA_UPDATE');
    await q.updateRow(tx, table, rowId, cells);
    const after = (await q.getRow(tx, table, columns, rowId)) as MasterDataRow;
    const changed = cells.map(([name]) => name).filter((name) => before[name] !== after[name]);
    await auditChange(tx, actor, {
      event: 'MASTER_DATA_ROW_UPDATED',
      entityType: 'master_data_row',
      entityId: `${table.id}:${rowId}`,
      details: {
        table: table.table_name,
        rowId,
        before: Object.fromEntries(changed.map((n) => [n, before[n]])),
        after: Object.fromEntries(changed.map((n) => [n, after[n]])),
      },
    });
    return after;
  });
}

export async function deleteMasterRow(ctx: FeatureContext, actor: ModuleActor, id: number, rowId: number) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const { table, columns } = await requireMasterTable(tx, actor.moduleId, id);
    const before = await q.getRow(tx, table, columns, rowId, true);
    if (!before) throw rowNotFound();
    await q.copyRowToHistory(tx, table, columns, rowId, 'MASTER_DATA_DELETE');
    await q.deleteRow(tx, table, rowId);
    await auditChange(tx, actor, {
      event: 'MASTER_DATA_ROW_DELETED',
      entityType: 'master_data_row',
      entityId: `${table.id}:${rowId}`,
      details: { table: table.table_name, rowId, values: before },
    });
  });
  return { message: MASTER_DATA_TEXTS.rowDeleted };
}
