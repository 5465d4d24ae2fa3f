import { FILTER_PROBLEMS } from './transactions.ts';

/**
 * What is wrong with a column filter's values, in the server's words (FILTER_PROBLEMS), or null: one check for the
 * Transactions views' reader on the server and the editors that let a person write filters (the GL config editor
 * checks each filter before saving, decision 0034).
 */

/** The kind of a column's values as filters compare them. */
export type FilterValueKind = 'number' | 'text' | 'date' | 'timestamp' | 'status';

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?$/;
const isRealDay = (v: string) => ISO_DAY.test(v) && !Number.isNaN(Date.parse(v));
/** Operators matching text patterns: their value is any text. */
export const PATTERN_OPERATORS: ReadonlySet<string> = new Set([
  'CONTAINS',
  'STARTS_WITH',
  'ENDS_WITH',
  'LIKE',
  'NOT_LIKE',
]);

/** How many values an operator takes: none, one, two (BETWEEN) or a list (IN). */
export function filterArity(operator: string): 'none' | 'one' | 'two' | 'list' {
  if (operator === 'IS_NULL' || operator === 'IS_NOT_NULL') return 'none';
  if (operator === 'BETWEEN' || operator === 'NOT_BETWEEN') return 'two';
  if (operator === 'IN' || operator === 'NOT_IN') return 'list';
  return 'one';
}

/** One value of a column of this kind, or what is wrong with it. */
export function filterValueProblem(kind: FilterValueKind, v: string, statuses: readonly string[]): string | null {
  if (kind === 'number' && !DECIMAL.test(v)) return FILTER_PROBLEMS.notNumber(v);
  if (kind === 'date' && !isRealDay(v)) return FILTER_PROBLEMS.notDate(v);
  if (
    kind === 'timestamp' &&
    !isRealDay(v) &&
    !(ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T'))))
  )
    return FILTER_PROBLEMS.notDateTime(v);
  if (kind === 'status' && !statuses.includes(v.toUpperCase())) return FILTER_PROBLEMS.unknownStatus(v);
  return null;
}

/**
 * The values of a filter (already split: two for BETWEEN, a list for IN), or what is wrong with them: BETWEEN
 * takes two, every operator but IS_NULL / IS_NOT_NULL a value, and each value must be of the column's kind.
 */
export function filterValuesProblem(
  kind: FilterValueKind,
  operator: string,
  values: readonly string[],
  statuses: readonly string[] = [],
): string | null {
  const arity = filterArity(operator);
  if (arity === 'two' && (values.length !== 2 || values.some((v) => v === ''))) return FILTER_PROBLEMS.betweenTwoValues;
  const given = values.filter((v) => v !== '');
  if (arity !== 'none' && given.length === 0) return FILTER_PROBLEMS.valueRequired;
  if (PATTERN_OPERATORS.has(operator)) return null;
  for (const v of given) {
    const problem = filterValueProblem(kind, v, statuses);
    if (problem) return problem;
  }
  return null;
}
