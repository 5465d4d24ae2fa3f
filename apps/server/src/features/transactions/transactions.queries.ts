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
