import {
  type ByTabQuery,
  type DataType,
  FILTER_OPERATORS,
  FILTER_PROBLEMS,
  type FilterOperator,
  filterValueMessage,
  LOADED_AT_DATE_COLUMN,
  readDataTablesParams,
  TAB_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TEXTS,
} from '@recon/contract';
import { quoteIdent } from '@recon/recon-engine';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { validation } from '@/lib/app-error.ts';
import { qualified } from '@/lib/data-tables/ddl.ts';

/**
 * The rows of one data source of a recon as the Transactions views filter and sort them: effective status
 * (state row, else the status the row was loaded with), a date range on one date column, column filters with
 * the spec's operators, and an order. The list call pages it; exports stream the same SQL without a page.
 * Identifiers come only from the data table's catalog (quoteIdent); every value is a parameter.
 */

export type SourceColumn = { name: string; dataType: DataType; isMoney: boolean };

export type TransactionSource = {
  reconId: number;
  dataSourceId: number;
  dataSourceName: string;
  side: 'A' | 'B' | null;
  dataTableId: number;
  /** Physical names in recon_data (unquoted). */
  table: string;
  stateTable: string;
  columns: readonly SourceColumn[];
};

export type ColumnFilter = { field: string; operator: FilterOperator; values: string[] };
export type SortKey = { field: string; dir: 'asc' | 'desc' };

export type TransactionView = {
  source: TransactionSource;
  /** Effective statuses the view shows (a tab's, narrowed by the status filter). */
  statuses: readonly string[];
  /** Inclusive days (YYYY-MM-DD) on a DATE / DATETIME column or _loaded_at; null ends are open. */
  date: { column: string; from: string | null; to: string | null } | null;
  filters: readonly ColumnFilter[];
  order: readonly SortKey[];
};

type Kind = 'number' | 'text' | 'date' | 'timestamp' | 'status';
/** What a field needs besides the data table: its state row (`s`), and through it the rule (`rr`), or its file. */
type Join = 'state' | 'rule' | 'file';
type Field = { expr: RawBuilder<unknown>; kind: Kind; join?: Join };

/** Statuses a row carries as loaded (no state row); every other status lives in the state table. */
const LOADED_STATUSES = new Set(['UNRECONCILED', 'DUPLICATE']);
const CLOSED_STATUSES = TRANSACTION_STATUSES.filter((s) => !LOADED_STATUSES.has(s));

const SYSTEM_FIELDS: Readonly<Record<string, Field>> = {
  _id: { expr: sql`r._id`, kind: 'number' },
  _status: { expr: sql`coalesce(s.status, r._recon_status)`, kind: 'status', join: 'state' },
  _match_id: { expr: sql`s.match_id`, kind: 'number', join: 'state' },
  _rule_name: { expr: sql`rr.name`, kind: 'text', join: 'rule' },
  _reconciled_at: { expr: sql`s.reconciled_at`, kind: 'timestamp', join: 'state' },
  _reason: { expr: sql`s.reason`, kind: 'text', join: 'state' },
  _file_name: { expr: sql`f.original_name`, kind: 'text', join: 'file' },
  _loaded_at: { expr: sql`r._loaded_at`, kind: 'timestamp' },
};

export function kindOfColumn(c: SourceColumn): 'number' | 'text' | 'date' | 'timestamp' {
  if (c.isMoney) return 'number';
  switch (c.dataType) {
    case 'DATE':
      return 'date';
    case 'DATETIME':
      return 'timestamp';
    case 'VARCHAR':
      return 'text';
    default:
      return 'number';
  }
}

/** A field the client may name: a column of the data table, or one of the row's system fields. */
function fieldOf(source: TransactionSource, name: string): Field | null {
  if (Object.hasOwn(SYSTEM_FIELDS, name)) return SYSTEM_FIELDS[name] ?? null;
  const column = source.columns.find((c) => c.name === name);
  return column ? { expr: sql`r.${sql.raw(quoteIdent(column.name))}`, kind: kindOfColumn(column) } : null;
}

/** The DATE / DATETIME columns of the data source, in catalog order: the first is the default range column. */
export function dateColumnsOf(source: Pick<TransactionSource, 'columns'>): string[] {
  return source.columns.filter((c) => c.dataType === 'DATE' || c.dataType === 'DATETIME').map((c) => c.name);
}

/** The date column a view filters on: the one asked for (checked), else the first date column, else loading. */
export function resolveDateColumn(source: TransactionSource, asked: string | undefined): string {
  const dates = dateColumnsOf(source);
  if (asked === undefined) return dates[0] ?? LOADED_AT_DATE_COLUMN;
  if (asked === LOADED_AT_DATE_COLUMN || dates.includes(asked)) return asked;
  throw validation(TRANSACTION_TEXTS.dateColumnInvalid, 'dateColumn');
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?$/;
const isRealDay = (v: string) => ISO_DAY.test(v) && !Number.isNaN(Date.parse(v));

const escapeLike = (v: string) => v.replace(/[\\%_]/g, '\\$&');
const PATTERNS: Partial<Record<FilterOperator, (v: string) => string>> = {
  CONTAINS: (v) => `%${escapeLike(v)}%`,
  STARTS_WITH: (v) => `${escapeLike(v)}%`,
  ENDS_WITH: (v) => `%${escapeLike(v)}`,
  // LIKE takes the person's own % and _.
  LIKE: (v) => v,
  NOT_LIKE: (v) => v,
};
const COMPARISONS: Partial<Record<FilterOperator, string>> = {
  EQUAL: '=',
  GREATER_THAN: '>',
  LESS_THAN: '<',
  GREATER_THAN_EQUAL: '>=',
  LESS_THAN_EQUAL: '<=',
};

/** How many values an operator takes: none, one, two (BETWEEN) or a list (IN). */
function arityOf(operator: FilterOperator): 'none' | 'one' | 'two' | 'list' {
  if (operator === 'IS_NULL' || operator === 'IS_NOT_NULL') return 'none';
  if (operator === 'BETWEEN' || operator === 'NOT_BETWEEN') return 'two';
  if (operator === 'IN' || operator === 'NOT_IN') return 'list';
  return 'one';
}

/**
 * The column filters of a DataTables query: `columns[i][data]` a field, `columns[i][search][type]` an operator
 * (default CONTAINS on text, EQUAL otherwise), `columns[i][search][value]` the value (a comma-separated list for
 * IN / NOT_IN, two values for BETWEEN / NOT_BETWEEN, nothing for IS_NULL / IS_NOT_NULL). Unknown fields are
 * ignored, as the DataTables lists of the product do; a bad operator or value is a 400 naming the column.
 */
export function readColumnFilters(source: TransactionSource, query: Record<string, unknown>): ColumnFilter[] {
  const { columns } = readDataTablesParams(query);
  const filters: ColumnFilter[] = [];
  for (const c of columns) {
    const field = c.searchable ? fieldOf(source, c.data) : null;
    if (!field) continue;
    const rawOperator = c.search.type?.trim().toUpperCase() || '';
    const value = c.search.value.trim();
    if (!rawOperator && !value) continue;
    const operator = (rawOperator || (field.kind === 'text' ? 'CONTAINS' : 'EQUAL')) as FilterOperator;
    if (!(FILTER_OPERATORS as readonly string[]).includes(operator)) {
      throw validation(filterValueMessage(c.data, FILTER_PROBLEMS.unknownOperator(rawOperator)), c.data);
    }
    const arity = arityOf(operator);
    const values = arity === 'none' ? [] : arity === 'one' ? [value] : value.split(',').map((v) => v.trim());
    const fail = (problem: string) => validation(filterValueMessage(c.data, problem), c.data);
    if (arity === 'two' && (values.length !== 2 || values.some((v) => v === '')))
      throw fail(FILTER_PROBLEMS.betweenTwoValues);
    const given = values.filter((v) => v !== '');
    if (arity !== 'none' && given.length === 0) throw fail(FILTER_PROBLEMS.valueRequired);
    if (!PATTERNS[operator]) for (const v of given) checkValue(field.kind, v, fail);
    filters.push({ field: c.data, operator, values: given });
  }
  return filters;
}

function checkValue(kind: Kind, v: string, fail: (problem: string) => Error): void {
  if (kind === 'number' && !DECIMAL.test(v)) throw fail(FILTER_PROBLEMS.notNumber(v));
  if (kind === 'date' && !isRealDay(v)) throw fail(FILTER_PROBLEMS.notDate(v));
  if (
    kind === 'timestamp' &&
    !isRealDay(v) &&
    !(ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T'))))
  )
    throw fail(FILTER_PROBLEMS.notDateTime(v));
  if (kind === 'status' && !(TRANSACTION_STATUSES as readonly string[]).includes(v.toUpperCase()))
    throw fail(FILTER_PROBLEMS.unknownStatus(v));
}

/** A typed parameter. A timestamp compared with whole days is compared by its day. */
function typed(kind: Kind, v: string, byDay: boolean): RawBuilder<unknown> {
  switch (kind) {
    case 'number':
      return sql`${v}::numeric`;
    case 'date':
      return sql`${v}::date`;
    case 'timestamp':
      return byDay ? sql`${v}::date` : sql`${v.replace('T', ' ')}::timestamp`;
    case 'status':
      return sql`${v.toUpperCase()}`;
    default:
      return sql`${v}`;
  }
}

function filterSql(source: TransactionSource, f: ColumnFilter): { where: RawBuilder<SqlBool>; join?: Join } {
  const field = fieldOf(source, f.field);
  if (!field) throw new Error(`filter on unknown field ${f.field}`);
  const pattern = PATTERNS[f.operator];
  if (pattern) {
    const text = sql`(${field.expr})::text`;
    const like = sql`${text} ILIKE ${pattern(f.values[0] ?? '')}`;
    const where = f.operator === 'NOT_LIKE' ? sql`(${field.expr} IS NULL OR NOT ${like})` : like;
    return { where: where as RawBuilder<SqlBool>, join: field.join };
  }
  if (f.operator === 'IS_NULL' || f.operator === 'IS_NOT_NULL') {
    // Empty text is as empty as NULL to the person filtering.
    const isEmpty = field.kind === 'text' ? sql`coalesce(${field.expr}::text, '') = ''` : sql`${field.expr} IS NULL`;
    return {
      where: (f.operator === 'IS_NULL' ? isEmpty : sql`NOT (${isEmpty})`) as RawBuilder<SqlBool>,
      join: field.join,
    };
  }
  const byDay = field.kind === 'timestamp' && f.values.every((v) => ISO_DAY.test(v));
  const left = byDay ? sql`(${field.expr})::date` : field.expr;
  const values = f.values.map((v) => typed(field.kind, v, byDay));
  const [first, second] = values;
  let where: RawBuilder<unknown>;
  switch (f.operator) {
    case 'NOT_EQUAL':
      // "Not equal to X" keeps the rows without a value, as a spreadsheet filter does.
      where = sql`${left} IS DISTINCT FROM ${first}`;
      break;
    case 'IN':
      where = sql`${left} IN (${sql.join(values)})`;
      break;
    case 'NOT_IN':
      where = sql`(${left} IS NULL OR ${left} NOT IN (${sql.join(values)}))`;
      break;
    case 'BETWEEN':
      where = sql`${left} BETWEEN ${first} AND ${second}`;
      break;
    case 'NOT_BETWEEN':
      where = sql`(${left} IS NULL OR ${left} NOT BETWEEN ${first} AND ${second})`;
      break;
    default:
      where = sql`${left} ${sql.raw(COMPARISONS[f.operator] ?? '=')} ${first}`;
  }
  return { where: where as RawBuilder<SqlBool>, join: field.join };
}

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
  const { columns, order } = readDataTablesParams(query);
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
