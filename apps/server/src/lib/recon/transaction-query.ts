import {
  type ByTabQuery,
  LOADED_AT_DATE_COLUMN,
  readPagingParams,
  TAB_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TEXTS,
} from '@recon/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { validation } from '@/lib/app-error.ts';
import { qualified } from '@/lib/data-tables/ddl.ts';
import { fieldOf, type Join, resolveDateColumn, type TransactionSource } from './transaction-fields.ts';
import { type ColumnFilter, filterSql, readColumnFilters } from './transaction-filters.ts';

// The module's public surface for the list and exports: fields and filters live in their own files.
export {
  dateColumnsOf,
  kindOfColumn,
  resolveDateColumn,
  type SourceColumn,
  type TransactionSource,
} from './transaction-fields.ts';
export { type ColumnFilter, readColumnFilters } from './transaction-filters.ts';

/**
 * The rows of one data source of a recon as the Transactions views filter and sort them: effective status
 * (state row, else the status the row was loaded with), a date range on one date column, column filters with
 * the spec's operators, and an order. The list call pages it; exports stream the same SQL without a page.
 * Identifiers come only from the data table's catalog (quoteIdent); every value is a parameter.
 */

export type SortKey = { field: string; dir: 'asc' | 'desc' };

/** Statuses a row carries as loaded (no state row); every other status lives in the state table. */
const LOADED_STATUSES = new Set(['UNRECONCILED', 'DUPLICATE']);
const CLOSED_STATUSES = TRANSACTION_STATUSES.filter((s) => !LOADED_STATUSES.has(s));

export type TransactionView = {
  source: TransactionSource;
  /** Effective statuses the view shows (a tab's, narrowed by the status filter). */
  statuses: readonly string[];
  /** Inclusive days (YYYY-MM-DD) on a DATE / DATETIME column or _loaded_at; null ends are open. */
  date: { column: string; from: string | null; to: string | null } | null;
  filters: readonly ColumnFilter[];
  order: readonly SortKey[];
};

/**
 * The rows of some effective statuses: closed ones by their state row, open ones by having none. With `s` joined
 * (exports) it reads `s`; without (`stateTable` given) it asks the state table per row (EXISTS / NOT EXISTS), which
 * lets a page stop after its rows instead of joining the whole state table first.
 */
export function statusPredicate(statuses: readonly string[], stateTable?: string): RawBuilder<SqlBool> {
  const loaded = statuses.filter((s) => LOADED_STATUSES.has(s));
  const closed = statuses.filter((s) => !LOADED_STATUSES.has(s));
  const isEveryClosed = closed.length === CLOSED_STATUSES.length && CLOSED_STATUSES.every((s) => closed.includes(s));
  const parts: RawBuilder<unknown>[] = [];
  if (stateTable === undefined) {
    if (isEveryClosed) parts.push(sql`s._id IS NOT NULL`);
    else if (closed.length > 0) parts.push(sql`s.status IN (${sql.join(closed)})`);
    if (loaded.length > 0) parts.push(sql`(s._id IS NULL AND r._recon_status IN (${sql.join(loaded)}))`);
  } else {
    const state = sql.raw(qualified(stateTable));
    const hasState = (extra: RawBuilder<unknown>) => sql`EXISTS (SELECT 1 FROM ${state} x WHERE x._id = r._id${extra})`;
    if (isEveryClosed && loaded.length > 0) {
      // Every status but some loaded ones (the All tab): a row loaded with one of them is in either way, so
      // the state table is asked only about the others (the rows loaded as DUPLICATE).
      parts.push(sql`r._recon_status IN (${sql.join(loaded)})`, hasState(sql``));
    } else {
      if (isEveryClosed) parts.push(hasState(sql``));
      else if (closed.length > 0) parts.push(hasState(sql` AND x.status IN (${sql.join(closed)})`));
      if (loaded.length > 0) {
        parts.push(sql`(r._recon_status IN (${sql.join(loaded)}) AND NOT ${hasState(sql``)})`);
      }
    }
  }
  if (parts.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

function datePredicates(view: TransactionView): RawBuilder<SqlBool>[] {
  if (!view.date) return [];
  const column =
    view.date.column === LOADED_AT_DATE_COLUMN ? sql`r._loaded_at` : fieldOf(view.source, view.date.column)?.expr;
  if (!column) throw validation(TRANSACTION_TEXTS.dateColumnInvalid, 'dateColumn');
  const out: RawBuilder<SqlBool>[] = [];
  // Half-open on the day after: a DATETIME late on the last day is inside, and an index on the column is usable.
  if (view.date.from) out.push(sql<SqlBool>`${column} >= ${view.date.from}::date`);
  if (view.date.to) out.push(sql<SqlBool>`${column} < ${view.date.to}::date + 1`);
  return out;
}

type Parts = {
  from: RawBuilder<unknown>;
  base: RawBuilder<SqlBool>;
  where: RawBuilder<SqlBool>;
  orderBy: RawBuilder<unknown>;
};

/**
 * FROM, WHERE and ORDER BY of a view. `base` is the tab and the date range (DataTables' recordsTotal); `where`
 * adds the status filter and column filters (recordsFiltered). `tabStatuses` are the statuses of the whole tab.
 * By default `from` joins the state table as `s` (exports select its fields); `isLean` joins it only when a filter
 * or the order reads it, and asks it per row otherwise (the list's page and counts).
 */
export function transactionViewSql(
  view: TransactionView,
  tabStatuses: readonly string[] = view.statuses,
  options: { isLean?: boolean } = {},
): Parts {
  const joins = new Set<Join>(options.isLean ? [] : ['state']);
  const need = (join: Join | undefined) => {
    if (!join) return;
    joins.add(join);
    if (join === 'rule') joins.add('state');
  };
  const filters = view.filters.map((f) => {
    const built = filterSql(view.source, f);
    need(built.join);
    return built.where;
  });
  const sorts = view.order.flatMap((o) => {
    const field = fieldOf(view.source, o.field);
    if (!field) return [];
    need(field.join);
    // PostgreSQL's own NULLS placement (last ascending, first descending): an index on the column serves both ways.
    return [sql`${field.expr} ${sql.raw(o.dir === 'desc' ? 'DESC' : 'ASC')}`];
  });
  const { table, stateTable } = view.source;
  const isJoined = joins.has('state');
  const from = sql`${sql.raw(qualified(table))} r${sql.raw(
    isJoined ? ` LEFT JOIN ${qualified(stateTable)} s ON s._id = r._id` : '',
  )}${sql.raw(joins.has('rule') ? ' LEFT JOIN recon_rule rr ON rr.id = s.rule_id' : '')}${sql.raw(
    joins.has('file') ? ' LEFT JOIN uploaded_file f ON f.id = r._file_id' : '',
  )}`;
  const stateOf = isJoined ? undefined : stateTable;
  const base = [statusPredicate(tabStatuses, stateOf), ...datePredicates(view)];
  const narrowed = view.statuses.length === tabStatuses.length ? [] : [statusPredicate(view.statuses, stateOf)];
  // Ties go by row id in the direction of the first key, so an index on (column, _id) gives the page directly.
  const tieDirection = view.order[0]?.dir === 'asc' ? 'ASC' : 'DESC';
  return {
    from,
    base: sql<SqlBool>`${sql.join(base, sql` AND `)}`,
    where: sql<SqlBool>`${sql.join([...base, ...narrowed, ...filters], sql` AND `)}`,
    orderBy: sql.join([...sorts, sql`r._id ${sql.raw(tieDirection)}`], sql`, `),
  };
}

/** `order[i]` on fields of the data source, in order; unknown fields are ignored like the other lists do. */
export function readOrder(source: TransactionSource, query: Record<string, unknown>): SortKey[] {
  const { columns, order } = readPagingParams(query);
  return order.flatMap((o) => {
    const name = columns[o.column]?.data;
    return name && fieldOf(source, name) ? [{ field: name, dir: o.dir }] : [];
  });
}

/** The default order: the range's date column, newest first. */
export function defaultOrder(view: Pick<TransactionView, 'date'>): SortKey[] {
  return view.date ? [{ field: view.date.column, dir: 'desc' }] : [];
}

/** The statuses of a tab a `status` filter keeps (comma-separated; empty or ALL: all of them). */
export function statusesOfFilter(tabStatuses: readonly string[], raw: string | undefined): readonly string[] {
  const asked = (raw ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== '' && s !== 'ALL');
  if (asked.length === 0) return tabStatuses;
  if (asked.some((s) => !tabStatuses.includes(s))) throw validation(TRANSACTION_TEXTS.statusNotInTab, 'status');
  return tabStatuses.filter((s) => asked.includes(s));
}

/**
 * The view a Find=ByTab query names on one of its data sources: tab and status filter, date range, column filters
 * and order (the range's date column, newest first, unless sorted). Exports build it here, so a file holds exactly
 * the rows the list shows for the same query.
 */
export function viewOfByTabQuery(
  source: TransactionSource,
  query: ByTabQuery & Record<string, unknown>,
): TransactionView {
  const from = query.fromDate ?? null;
  const to = query.toDate ?? null;
  if (from && to && from > to) throw validation(TRANSACTION_TEXTS.dateRangeInvalid, 'fromDate');
  const date = { column: resolveDateColumn(source, query.dateColumn), from, to };
  const order = readOrder(source, query);
  return {
    source,
    statuses: statusesOfFilter(TAB_STATUSES[query.tab], query.status),
    date: from || to ? date : null,
    filters: readColumnFilters(source, query),
    order: order.length ? order : defaultOrder({ date }),
  };
}
