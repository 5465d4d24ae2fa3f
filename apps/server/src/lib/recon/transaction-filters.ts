import {
  FILTER_OPERATORS,
  FILTER_PROBLEMS,
  type FilterOperator,
  filterArity,
  filterValueMessage,
  filterValuesProblem,
  readPagingParams,
  TRANSACTION_STATUSES,
} from '@recon/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { validation } from '@/lib/app-error.ts';
import { fieldOf, type Join, type Kind, type TransactionSource } from './transaction-fields.ts';

/**
 * Column filters of a Transactions view: the spec's operators, checked against the column's kind (numbers,
 * dates, date-times, text, status), as SQL with every value a parameter.
 */

export type ColumnFilter = { field: string; operator: FilterOperator; values: string[] };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

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

/**
 * The column filters of a DataTables query: `columns[i][data]` a field, `columns[i][search][type]` an operator
 * (default CONTAINS on text, EQUAL otherwise), `columns[i][search][value]` the value (a comma-separated list for
 * IN / NOT_IN, two values for BETWEEN / NOT_BETWEEN, nothing for IS_NULL / IS_NOT_NULL). Unknown fields are
 * ignored, as the DataTables lists of the product do; a bad operator or value is a 400 naming the column.
 */
export function readColumnFilters(source: TransactionSource, query: Record<string, unknown>): ColumnFilter[] {
  const { columns } = readPagingParams(query);
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
    const arity = filterArity(operator);
    const values = arity === 'none' ? [] : arity === 'one' ? [value] : value.split(',').map((v) => v.trim());
    const problem = filterValuesProblem(field.kind, operator, values, TRANSACTION_STATUSES);
    if (problem) throw validation(filterValueMessage(c.data, problem), c.data);
    const given = values.filter((v) => v !== '');
    filters.push({ field: c.data, operator, values: given });
  }
  return filters;
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

export function filterSql(source: TransactionSource, f: ColumnFilter): { where: RawBuilder<SqlBool>; join?: Join } {
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
