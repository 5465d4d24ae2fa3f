import type { MasterDataRow } from '@recon/contract';
import type { Db } from '@recon/db';
import { quoteIdent } from '@recon/recon-engine';
import { type RawBuilder, sql } from 'kysely';
import { qualified, SYSTEM_COLUMNS } from '@/lib/data-tables/ddl.ts';
import type { DataTableColumnRecord, DataTableRecord } from '@/lib/data-tables/registry.ts';
import { type ListColumnMap, pagingSql } from '@/lib/paging-sql.ts';

// Physical names come from the registry and pass quoteIdent (validated identifiers); values are parameters.
const ident = (name: string) => sql.raw(quoteIdent(name));
const tableRef = (name: string) => sql.raw(qualified(name));

/** The text a cell is answered as: ISO dates, money as its exact decimal, everything else as PostgreSQL prints it. */
function textOf(c: DataTableColumnRecord): RawBuilder<unknown> {
  const col = ident(c.name);
  if (c.data_type === 'DATE' && !c.is_money) return sql`to_char(${col}, 'YYYY-MM-DD')`;
  if (c.data_type === 'DATETIME' && !c.is_money) return sql`to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
  return sql`${col}::text`;
}

const selectList = (columns: readonly DataTableColumnRecord[]) =>
  sql.join([sql`_id`, ...columns.map((c) => sql`${textOf(c)} AS ${ident(c.name)}`)], sql`, `);

/** A DataTables page of a table's rows: column search (contains) and order on its user columns and `_id`. */
export async function listRows(
  db: Db,
  table: DataTableRecord,
  columns: readonly DataTableColumnRecord[],
  query: Record<string, unknown> & { start: number; length: number },
): Promise<{ rows: MasterDataRow[]; total: number; filtered: number }> {
  // Qualified with the row alias: a bare name in ORDER BY would sort by the text output column instead.
  const map: ListColumnMap = Object.fromEntries([
    ['_id', sql`r._id`],
    ...columns.map((c) => [c.name, sql`r.${ident(c.name)}`] as const),
  ]);
  const { where, orderBy } = pagingSql(query, map, {
    tieBreaker: sql`r._id`,
    globalSearch: columns.map((c) => c.name),
  });
  const from = tableRef(table.table_name);
  const [page, counts] = await Promise.all([
    sql<MasterDataRow>`SELECT ${selectList(columns)} FROM ${from} AS r WHERE ${where}
                       ORDER BY ${orderBy} OFFSET ${query.start} LIMIT ${query.length}`.execute(db),
    sql<{ total: number; filtered: number }>`
      SELECT (SELECT count(*)::int FROM ${from}) AS total,
             (SELECT count(*)::int FROM ${from} AS r WHERE ${where}) AS filtered`.execute(db),
  ]);
  return { rows: page.rows, total: counts.rows[0]?.total ?? 0, filtered: counts.rows[0]?.filtered ?? 0 };
}

/** One row as lists show it; `forUpdate` locks it so its history copy and its change see the same version. */
export async function getRow(
  db: Db,
  table: DataTableRecord,
  columns: readonly DataTableColumnRecord[],
  rowId: number,
  forUpdate = false,
): Promise<MasterDataRow | undefined> {
  const lock = forUpdate ? sql` FOR UPDATE` : sql``;
  const r = await sql<MasterDataRow>`SELECT ${selectList(columns)} FROM ${tableRef(table.table_name)}
                                     WHERE _id = ${rowId}${lock}`.execute(db);
  return r.rows[0];
}

export async function insertRow(db: Db, table: DataTableRecord, values: [string, string | null][]): Promise<number> {
  const names = sql.join(values.map(([n]) => ident(n)));
  const params = sql.join(values.map(([, v]) => sql`${v}`));
  const r = await sql<{ _id: number }>`INSERT INTO ${tableRef(table.table_name)} (${names}) VALUES (${params})
                                        RETURNING _id`.execute(db);
  return r.rows[0]?._id as number;
}

export async function updateRow(
  db: Db,
  table: DataTableRecord,
  rowId: number,
  values: [string, string | null][],
): Promise<void> {
  const sets = sql.join(values.map(([n, v]) => sql`${ident(n)} = ${v}`));
  await sql`UPDATE ${tableRef(table.table_name)} SET ${sets} WHERE _id = ${rowId}`.execute(db);
}

export async function deleteRow(db: Db, table: DataTableRecord, rowId: number): Promise<void> {
  await sql`DELETE FROM ${tableRef(table.table_name)} WHERE _id = ${rowId}`.execute(db);
}

/** Keeps the version a person is about to change or delete in the table's history (reason says which). */
export async function copyRowToHistory(
  db: Db,
  table: DataTableRecord,
  columns: readonly DataTableColumnRecord[],
  rowId: number,
  reason: 'MASTER_DATA_UPDATE' | 'MASTER_DATA_DELETE',
): Promise<void> {
  const names = sql.join([...SYSTEM_COLUMNS, ...columns.map((c) => c.name)].map(ident));
  await sql`INSERT INTO ${tableRef(table.history_table_name)} (${names}, _history_reason)
            SELECT ${names}, ${reason} FROM ${tableRef(table.table_name)} WHERE _id = ${rowId}`.execute(db);
}
