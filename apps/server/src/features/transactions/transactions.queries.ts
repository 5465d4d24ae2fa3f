import { LOADED_AT_DATE_COLUMN } from '@recon/contract';
import type { Db } from '@recon/db';
import { quoteIdent } from '@recon/recon-engine';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';
import type { TransactionSource, TransactionView } from '@/lib/recon/transaction-query.ts';
import {
  type Counts,
  latestDateSql,
  rowsByIdSql,
  type TransactionRecord,
  transactionCountsSql,
  transactionPageSql,
} from '@/lib/recon/transaction-rows.ts';

/** The data elements of some data sources: which columns are shown at first, in which order. */
export function dataElementsOf(db: Db, dataSourceIds: readonly number[]) {
  if (dataSourceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('data_element')
    .select(['data_source_id', 'name', 'active', 'sequence'])
    .where('data_source_id', 'in', dataSourceIds)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

/** Rows of a source matching a condition on the row or its state (`r`, `s`), in id order. */
export async function rowsWhere(
  db: Db,
  source: TransactionSource,
  where: RawBuilder<SqlBool>,
  limit?: number,
): Promise<TransactionRecord[]> {
  return (await rowsByIdSql(source, where, limit).execute(db)).rows;
}

/** One page of a view's rows in a tab. */
export async function tabPageOf(
  db: Db,
  view: TransactionView,
  page: { start: number; length: number },
  tabStatuses: readonly string[],
): Promise<TransactionRecord[]> {
  return (await transactionPageSql(view, page, tabStatuses).execute(db)).rows;
}

/** A view's counts in a tab: exact, or stopped at `cap` + 1 when a cap is given. */
export async function tabCountsOf(
  db: Db,
  view: TransactionView,
  tabStatuses: readonly string[],
  cap?: number,
): Promise<Counts> {
  const counts = await transactionCountsSql(view, tabStatuses, cap).execute(db);
  return { total: counts.rows[0]?.total ?? 0, filtered: counts.rows[0]?.filtered ?? 0 };
}

/** The latest date of a tab's rows, in the view's date column (so an empty date range can say where rows are). */
export async function latestDateOf(db: Db, view: TransactionView, tabStatuses: readonly string[]) {
  return (await latestDateSql(view, tabStatuses).execute(db)).rows[0]?.latest ?? null;
}

/** One row of a source by its id. */
export async function rowById(db: Db, source: TransactionSource, rowId: number) {
  return (await rowsWhere(db, source, sql<SqlBool>`r._id = ${rowId}`))[0];
}

/** Rows of a group in one source (its state table is indexed on match_id). */
export function groupRowsOf(db: Db, source: TransactionSource, matchId: number) {
  return rowsWhere(db, source, sql<SqlBool>`s.match_id = ${matchId}`);
}

/**
 * Rows whose text columns equal or start with a reference (case-insensitive), at most `limit`. No index serves
 * this: each data source is scanned until `limit` rows are found.
 */
export function searchRows(
  db: Db,
  source: TransactionSource,
  textColumns: readonly string[],
  value: string,
  limit: number,
) {
  const prefix = `${value.replace(/[\\%_]/g, '\\$&')}%`;
  const any = textColumns.map((c) => sql<SqlBool>`r.${sql.raw(quoteIdent(c))} ILIKE ${prefix}`);
  return rowsWhere(db, source, sql<SqlBool>`(${sql.join(any, sql` OR `)})`, limit);
}

/** The rules of a recon in their order, with their conditions as stored. */
export function rulesOf(db: Db, reconId: number) {
  return db
    .selectFrom('recon_rule')
    .select(['id', 'name', 'rule_type', 'enabled', 'sequence', 'conditions'])
    .where('recon_id', '=', reconId)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

/** Effective status of some rows of a source (missing ids are not rows of it). */
export async function statusesOf(
  db: { query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> },
  source: TransactionSource,
  rowIds: readonly number[],
): Promise<Map<number, string>> {
  const r = await db.query(
    `SELECT r._id, coalesce(s.status, r._recon_status) AS status FROM ${qualified(source.table)} r
     LEFT JOIN ${qualified(source.stateTable)} s ON s._id = r._id WHERE r._id = ANY($1::bigint[])`,
    [rowIds],
  );
  return new Map(r.rows.map((row) => [Number(row._id), String(row.status)]));
}

/** The state rows of some groups in one source. */
export async function groupStatesOf(
  db: { query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> },
  source: TransactionSource,
  matchIds: readonly number[],
): Promise<{ id: number; status: string; matchId: number }[]> {
  const r = await db.query(
    `SELECT _id, status, match_id FROM ${qualified(source.stateTable)} WHERE match_id = ANY($1::bigint[]) ORDER BY _id`,
    [matchIds],
  );
  return r.rows.map((row) => ({ id: Number(row._id), status: String(row.status), matchId: Number(row.match_id) }));
}

/** Files whose rows count for a period: loaded rows, not rolled back or deleted. */
const SPENT_FILE_STATUSES = ['ROLLED_BACK', 'ROLLBACK_FAILED', 'DELETED', 'REJECTED', 'INVALID'];

/** The module's loaded files feeding some data tables (through their pipelines). */
function loadedFilesOf(db: Db, moduleId: number, dataTableIds: readonly number[]) {
  return db
    .selectFrom('uploaded_file as f')
    .innerJoin('pipeline as p', 'p.id', 'f.pipeline_id')
    .where('f.module_id', '=', moduleId)
    .where('p.data_table_id', 'in', dataTableIds)
    .where('f.valid_rows', '>', 0)
    .where('f.status', 'not in', SPENT_FILE_STATUSES);
}

/** The latest job execution that loaded a file into these data tables, and the files it loaded there. */
export async function latestRunFilesOf(db: Db, moduleId: number, dataTableIds: readonly number[]) {
  if (dataTableIds.length === 0) return null;
  const latest = await loadedFilesOf(db, moduleId, dataTableIds)
    .select((eb) => eb.fn.max('f.job_execution_id').as('id'))
    .executeTakeFirst();
  const executionId = latest?.id == null ? null : Number(latest.id);
  if (executionId === null) return null;
  const files = await loadedFilesOf(db, moduleId, dataTableIds)
    .where('f.job_execution_id', '=', executionId)
    .select(['f.id', 'p.data_table_id'])
    .execute();
  return { executionId, files: files.map((f) => ({ id: Number(f.id), dataTableId: f.data_table_id })) };
}

/** Each data table's latest loaded file. */
export async function latestFilesOf(db: Db, moduleId: number, dataTableIds: readonly number[]) {
  if (dataTableIds.length === 0) return [];
  const files = await loadedFilesOf(db, moduleId, dataTableIds)
    .select(['f.id', 'f.original_name', 'p.data_table_id'])
    .distinctOn('p.data_table_id')
    .orderBy('p.data_table_id')
    .orderBy('f.id', 'desc')
    .execute();
  return files.map((f) => ({ id: Number(f.id), name: f.original_name, dataTableId: f.data_table_id }));
}

/** The first and last day of some files' rows in a source, on a date column (a DATE / DATETIME or `_loaded_at`). */
export async function daySpanOf(db: Db, source: TransactionSource, column: string, fileIds: readonly number[]) {
  if (fileIds.length === 0) return null;
  const expr = column === LOADED_AT_DATE_COLUMN ? sql`r._loaded_at` : sql`r.${sql.raw(quoteIdent(column))}`;
  const span = await sql<{ from_date: string | null; to_date: string | null }>`
    SELECT min(${expr})::date::text AS from_date, max(${expr})::date::text AS to_date
    FROM ${sql.raw(qualified(source.table))} r WHERE r._file_id = ANY(${[...fileIds]}::bigint[])`.execute(db);
  const row = span.rows[0];
  return row?.from_date && row.to_date ? { fromDate: row.from_date, toDate: row.to_date } : null;
}

/** The tickets raised on rows of a data source, by row id, oldest ticket first. */
export async function ticketIdsOfRows(
  db: Db,
  dataSourceId: number,
  rowIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byRow = new Map<number, number[]>();
  if (rowIds.length === 0) return byRow;
  const links = await db
    .selectFrom('ticket_transaction')
    .select(['row_id', 'ticket_id'])
    .where('data_source_id', '=', dataSourceId)
    .where('row_id', 'in', [...rowIds])
    .orderBy('ticket_id')
    .execute();
  for (const l of links) byRow.set(Number(l.row_id), [...(byRow.get(Number(l.row_id)) ?? []), l.ticket_id]);
  return byRow;
}
