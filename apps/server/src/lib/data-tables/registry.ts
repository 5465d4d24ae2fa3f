import {
  DATA_TABLE_TEXTS,
  type DataTableColumnInput,
  type DataTableDetail,
  type DataTableKind,
  type DataTableRow,
  type DuplicateCheckConfig,
  isMoneyColumn,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';
import { AppError } from '@/lib/app-error.ts';
import { type ListColumnMap, pagingSql } from '@/lib/paging-sql.ts';
import { createPhysicalTables, physicalNames } from './ddl.ts';

/**
 * The registry of data tables (rows of data_table / data_table_column) shared by the data-tables,
 * master-data and data-sources features. Every read takes the caller's module: another module's table
 * is never found.
 */

export type DataTableRecord = {
  id: number;
  module_id: number;
  name: string;
  kind: DataTableKind;
  description: string;
  table_name: string;
  history_table_name: string;
  invalid_table_name: string;
  created_at: Date;
  updated_at: Date;
};

export const getDataTable = (db: Db, moduleId: number, id: number, kind?: DataTableKind) => {
  let q = db.selectFrom('data_table').selectAll().where('module_id', '=', moduleId).where('id', '=', id);
  if (kind) q = q.where('kind', '=', kind);
  return q.executeTakeFirst() as Promise<DataTableRecord | undefined>;
};

/** A table by its physical name (m<module>_<name>) or its logical name, in one module. */
export const findDataTableByName = (db: Db, moduleId: number, table: string) =>
  db
    .selectFrom('data_table')
    .selectAll()
    .where('module_id', '=', moduleId)
    .where((eb) => eb.or([eb('table_name', '=', table), eb(sql`lower(name)`, '=', table.toLowerCase())]))
    .orderBy('id')
    .executeTakeFirst() as Promise<DataTableRecord | undefined>;

export const listDataTableColumns = (db: Db, dataTableId: number) =>
  db
    .selectFrom('data_table_column')
    .select(['id', 'name', 'data_type', 'is_money', 'max_length', 'sequence'])
    .where('data_table_id', '=', dataTableId)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
export type DataTableColumnRecord = Awaited<ReturnType<typeof listDataTableColumns>>[number];

export const getDuplicateCheckConfig = (db: Db, dataTableId: number) =>
  db.selectFrom('duplicate_check_config').selectAll().where('data_table_id', '=', dataTableId).executeTakeFirst();

export function toDuplicateCheckConfig(
  config: { id: number; data_table_id: number; column_names: string[]; is_enabled: boolean },
  tableName: string,
): DuplicateCheckConfig {
  return {
    id: config.id,
    dataTableId: config.data_table_id,
    tableName,
    columnNames: config.column_names,
    isEnabled: config.is_enabled,
  };
}

/** The detail answer of a table: registry row, columns in order, duplicate-check config. */
export async function dataTableDetail(
  db: Db,
  moduleId: number,
  id: number,
  kind?: DataTableKind,
): Promise<DataTableDetail | undefined> {
  const t = await getDataTable(db, moduleId, id, kind);
  if (!t) return undefined;
  const [columns, duplicate] = await Promise.all([listDataTableColumns(db, id), getDuplicateCheckConfig(db, id)]);
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    description: t.description,
    columnCount: columns.length,
    tableName: t.table_name,
    historyTableName: t.history_table_name,
    invalidTableName: t.invalid_table_name,
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
    columns: columns.map((c) => ({
      id: c.id,
      name: c.name,
      dataType: c.data_type,
      isMoney: c.is_money,
      maxLength: c.max_length,
      sequence: c.sequence,
    })),
    duplicateCheck: duplicate ? toDuplicateCheckConfig(duplicate, t.table_name) : null,
  };
}

const LIST_COLUMNS: ListColumnMap = {
  id: sql`dt.id`,
  name: sql`dt.name`,
  kind: sql`dt.kind`,
  description: sql`dt.description`,
  tableName: sql`dt.table_name`,
  columnCount: sql`(SELECT count(*) FROM data_table_column c WHERE c.data_table_id = dt.id)`,
  createdAt: sql`dt.created_at`,
};

/** A DataTables page of the module's tables (of one kind when given), by name unless the client orders. */
export async function listDataTables(
  db: Db,
  moduleId: number,
  query: Record<string, unknown> & { start: number; length: number },
  kind?: DataTableKind,
): Promise<{ rows: DataTableRow[]; total: number; filtered: number }> {
  const scope = kind ? sql`dt.module_id = ${moduleId} AND dt.kind = ${kind}` : sql`dt.module_id = ${moduleId}`;
  const { where, orderBy } = pagingSql(query, LIST_COLUMNS, {
    tieBreaker: sql`lower(dt.name), dt.id`,
    globalSearch: ['name', 'tableName', 'description'],
  });
  const [page, counts] = await Promise.all([
    sql<{
      id: number;
      name: string;
      kind: DataTableKind;
      description: string;
      table_name: string;
      created_at: Date;
      column_count: number;
    }>`SELECT dt.id, dt.name, dt.kind, dt.description, dt.table_name, dt.created_at,
              (SELECT count(*)::int FROM data_table_column c WHERE c.data_table_id = dt.id) AS column_count
       FROM data_table dt WHERE ${scope} AND ${where}
       ORDER BY ${orderBy} OFFSET ${query.start} LIMIT ${query.length}`.execute(db),
    sql<{ total: number; filtered: number }>`
       SELECT (SELECT count(*)::int FROM data_table dt WHERE ${scope}) AS total,
              (SELECT count(*)::int FROM data_table dt WHERE ${scope} AND ${where}) AS filtered`.execute(db),
  ]);
  return {
    rows: page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      description: r.description,
      columnCount: r.column_count,
      tableName: r.table_name,
      createdAt: r.created_at.toISOString(),
    })),
    total: counts.rows[0]?.total ?? 0,
    filtered: counts.rows[0]?.filtered ?? 0,
  };
}

export const isDataTableNameTaken = async (db: Db, moduleId: number, name: string) =>
  (await db
    .selectFrom('data_table')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst()) !== undefined;

export const dataTableNameTaken = () =>
  new AppError('VALIDATION', DATA_TABLE_TEXTS.nameTaken, [
    { field: 'name', defaultMessage: DATA_TABLE_TEXTS.nameTaken },
  ]);

export type NewDataTable = {
  moduleId: number;
  name: string;
  description: string;
  kind: DataTableKind;
  columns: readonly DataTableColumnInput[];
  createdBy: number | null;
};

/**
 * Registers a table and creates its physical main, history and invalid tables. Run it inside the caller's
 * transaction: registry rows and DDL commit together or not at all.
 */
export async function createDataTable(tx: Db, t: NewDataTable): Promise<number> {
  if (await isDataTableNameTaken(tx, t.moduleId, t.name)) throw dataTableNameTaken();
  const names = physicalNames(t.moduleId, t.name);
  const columns = t.columns.map((c) => ({
    name: c.name,
    dataType: c.dataType,
    isMoney: isMoneyColumn(c),
    maxLength: c.dataType === 'VARCHAR' ? (c.maxLength ?? null) : null,
  }));
  const { id } = await tx
    .insertInto('data_table')
    .values({
      module_id: t.moduleId,
      name: t.name,
      kind: t.kind,
      description: t.description,
      table_name: names.table,
      history_table_name: names.history,
      invalid_table_name: names.invalid,
      created_by: t.createdBy,
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
        max_length: c.maxLength,
        sequence: i + 1,
      })),
    )
    .execute();
  await createPhysicalTables(tx, names, columns);
  return id;
}
