import { LOADED_AT_DATE_COLUMN, TRANSACTION_COUNT_CAP } from '@recon/contract';
import { quoteIdent } from '@recon/recon-engine';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';
import {
  type SourceColumn,
  statusPredicate,
  type TransactionSource,
  type TransactionView,
  transactionViewSql,
} from './transaction-query.ts';

/**
 * The list's SQL over a view (transaction-query.ts): one page of rows, the DataTables counts (exact, or capped so
 * a page of a large table answers at once), the latest date of a tab, and rows by id in the same shape.
 */

/** Counts stop here when capped: a hundred pages of a hundred is as far as anybody pages. */
export const COUNT_CAP = TRANSACTION_COUNT_CAP;

export type TransactionRecord = {
  _id: number;
  status: string;
  match_id: number | null;
  rule_id: number | null;
  rule_name: string | null;
  run_kind: string | null;
  run_user: string | null;
  reconciled_at: Date | null;
  reason: string | null;
  _file_id: number | null;
  file_name: string | null;
  _loaded_at: Date;
} & Record<`v_${string}`, string | null>;

/** The row's id, load status and file, and every column of the data source as text (money exact, dates ISO). */
function rowSelect(source: TransactionSource): RawBuilder<unknown> {
  return sql.join(
    [
      sql`r._id, r._recon_status, r._file_id, r._loaded_at`,
      ...source.columns.map(
        (c) => sql`r.${sql.raw(quoteIdent(c.name))}::text AS ${sql.raw(quoteIdent(`v_${c.name}`))}`,
      ),
    ],
    sql`, `,
  );
}

/**
 * A row's state and the names a person reads (rule, file, who closed it by hand), joined to rows already chosen
 * (`p`: `_id`, `_recon_status`, `_file_id` and the values), so only those rows pay for them; in `order`.
 */
function withState(source: TransactionSource, chosen: RawBuilder<unknown>, order: RawBuilder<unknown>) {
  const select = [
    sql`p._id, coalesce(s.status, p._recon_status) AS status, s.match_id, s.rule_id, s.reconciled_at, s.reason`,
    sql`p._file_id, p._loaded_at`,
    ...source.columns.map((c) => sql.raw(`p.${quoteIdent(`v_${c.name}`)}`)),
    sql`rr.name AS rule_name, f.original_name AS file_name, rn.kind AS run_kind`,
    sql`CASE WHEN rn.kind <> 'ENGINE' THEN u.user_name END AS run_user`,
  ];
  return sql<TransactionRecord>`SELECT ${sql.join(select, sql`, `)}
    FROM (${chosen}) p
    LEFT JOIN ${sql.raw(qualified(source.stateTable))} s ON s._id = p._id
    LEFT JOIN recon_rule rr ON rr.id = s.rule_id
    LEFT JOIN uploaded_file f ON f.id = p._file_id
    LEFT JOIN recon_run rn ON rn.id = s.run_id
    LEFT JOIN app_user u ON u.id = rn.started_by
    ORDER BY ${order}`;
}

/**
 * One page of a view, in its order. The page is chosen on the data table alone when the filters and the order do
 * not read the state (the status is asked per row), so an index on the order column gives the page directly.
 */
export function transactionPageSql(
  view: TransactionView,
  page: { start: number; length: number },
  tabStatuses?: readonly string[],
): RawBuilder<TransactionRecord> {
  const parts = transactionViewSql(view, tabStatuses, { isLean: true });
  const chosen = sql`SELECT q.*, row_number() OVER () AS _ord FROM (
      SELECT ${rowSelect(view.source)} FROM ${parts.from} WHERE ${parts.where} ORDER BY ${parts.orderBy} OFFSET ${page.start} LIMIT ${page.length}) q`;
  return withState(view.source, chosen, sql`p._ord`);
}

export type Counts = { total: number; filtered: number };

/**
 * recordsTotal (tab and range) and recordsFiltered (plus status and column filters); one count when they are the
 * same. `cap`: counting stops past it (the answer is then cap + 1: "more than cap").
 */
export function transactionCountsSql(view: TransactionView, tabStatuses: readonly string[], cap?: number) {
  const parts = transactionViewSql(view, tabStatuses, { isLean: true });
  const count = (where: RawBuilder<SqlBool>) =>
    cap === undefined
      ? sql`(SELECT count(*)::int FROM ${parts.from} WHERE ${where})`
      : sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${parts.from} WHERE ${where} LIMIT ${cap + 1}) c)`;
  const isFiltered = view.filters.length > 0 || view.statuses.length !== tabStatuses.length;
  if (!isFiltered) return sql<Counts>`SELECT t.n AS total, t.n AS filtered FROM (SELECT ${count(parts.base)} AS n) t`;
  return sql<Counts>`SELECT ${count(parts.base)} AS total, ${count(parts.where)} AS filtered`;
}

/** The latest day of the tab's rows on the range's date column (offered when the range holds none). */
export function latestDateSql(view: TransactionView, tabStatuses: readonly string[]) {
  const column = view.date?.column ?? LOADED_AT_DATE_COLUMN;
  const expr = column === LOADED_AT_DATE_COLUMN ? sql`r._loaded_at` : sql`r.${sql.raw(quoteIdent(column))}`;
  return sql<{ latest: string | null }>`SELECT max(${expr})::date::text AS latest
    FROM ${sql.raw(qualified(view.source.table))} r WHERE ${statusPredicate(tabStatuses, view.source.stateTable)}`;
}

/** A record as the contract's row. */
export function toTransactionRow(r: TransactionRecord, columns: readonly SourceColumn[]) {
  return {
    id: r._id,
    status: r.status,
    matchId: r.match_id,
    ruleId: r.rule_id,
    ruleName: r.rule_name,
    closedBy: r.run_kind,
    closedByUser: r.run_user,
    reconciledAt: r.reconciled_at?.toISOString() ?? null,
    reason: r.reason,
    fileId: r._file_id,
    fileName: r.file_name,
    loadedAt: r._loaded_at.toISOString(),
    values: Object.fromEntries(columns.map((c) => [c.name, r[`v_${c.name}`] ?? null])),
  };
}

/**
 * Rows of a source matching a condition on the row or its state (`r`, `s`), in id order (a group, the mapped row,
 * global search hits).
 */
export function rowsByIdSql(source: TransactionSource, where: RawBuilder<SqlBool>, limit?: number) {
  const chosen = sql`SELECT ${rowSelect(source)}
    FROM ${sql.raw(qualified(source.table))} r LEFT JOIN ${sql.raw(qualified(source.stateTable))} s ON s._id = r._id
    WHERE ${where} ORDER BY r._id${limit === undefined ? sql`` : sql` LIMIT ${limit}`}`;
  return withState(source, chosen, sql`p._id`);
}
