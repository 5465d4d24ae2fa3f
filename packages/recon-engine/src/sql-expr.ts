import { type Expr, ExprError, Params } from './expr.ts';
import type { ToleranceType, ValueKind } from './model.ts';

export { type Expr, ExprError, Params } from './expr.ts';
export { applyTransform, columnSql } from './transforms.ts';

/**
 * SQL expressions of rule elements and conditions. Column names are validated and quoted; every value a person
 * typed (constants, transform arguments, tolerances) is a bind parameter with an explicit cast.
 */

const SQL_TYPE: Record<ValueKind, string> = { number: 'numeric', text: 'text', date: 'date', timestamp: 'timestamp' };
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?$/;

function validDate(text: string): boolean {
  if (!ISO_DATE.test(text.slice(0, 10))) return false;
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A constant typed as `kind`, as a parameter; refuses text that is not a value of that kind. */
export function constantSql(params: Params, raw: string, kind: ValueKind): string {
  const text = raw.trim();
  if (kind === 'number') {
    const plain = text.replaceAll(',', '');
    if (!NUMBER.test(plain)) throw new ExprError(`"${raw}" is not a number`);
    return params.add(plain, 'numeric');
  }
  if (kind === 'date') {
    if (!ISO_DATE.test(text) || !validDate(text)) throw new ExprError(`"${raw}" is not a date (YYYY-MM-DD)`);
    return params.add(text, 'date');
  }
  if (kind === 'timestamp') {
    if (!ISO_TIMESTAMP.test(text) || !validDate(text)) throw new ExprError(`"${raw}" is not a date (YYYY-MM-DD)`);
    return params.add(text, 'timestamp');
  }
  return params.add(raw, 'text');
}

/** Kinds that compare with each other: a date and a timestamp compare as timestamps. */
export function comparable(a: ValueKind, b: ValueKind): boolean {
  if (a === b) return true;
  return (a === 'date' || a === 'timestamp') && (b === 'date' || b === 'timestamp');
}

const COMPARISONS: Record<string, string> = {
  EQUAL: '=',
  NOT_EQUAL: '<>',
  GREATER_THAN: '>',
  LESS_THAN: '<',
  GREATER_THAN_EQUAL: '>=',
  LESS_THAN_EQUAL: '<=',
};

const asText = (e: Expr) => (e.kind === 'text' ? e.sql : `(${e.sql})::text`);

/** `left <operator> right` for two expressions (MATCHING conditions, secondary filters between columns). */
export function compareSql(left: Expr, operator: string, right: Expr): string {
  const op = COMPARISONS[operator];
  if (op) {
    if (!comparable(left.kind, right.kind)) {
      throw new ExprError(`element one is ${left.kind} but element two is ${right.kind}`);
    }
    return `${left.sql} ${op} ${right.sql}`;
  }
  switch (operator) {
    case 'CONTAINS':
      return `strpos(${asText(left)}, ${asText(right)}) > 0`;
    case 'STARTS_WITH':
      return `starts_with(${asText(left)}, ${asText(right)})`;
    case 'ENDS_WITH':
      return `right(${asText(left)}, length(${asText(right)})) = ${asText(right)}`;
    case 'LIKE':
      return `${asText(left)} LIKE ${asText(right)}`;
    case 'NOT_LIKE':
      return `${asText(left)} NOT LIKE ${asText(right)}`;
    default:
      throw new ExprError(`${operator} cannot compare two columns`);
  }
}

function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** `left <operator> constant` (filters): lists for IN / BETWEEN, no value for IS_NULL / IS_NOT_NULL. */
export function filterSql(params: Params, left: Expr, operator: string, raw: string | null | undefined): string {
  if (operator === 'IS_NULL') return `${left.sql} IS NULL`;
  if (operator === 'IS_NOT_NULL') return `${left.sql} IS NOT NULL`;
  const value = raw ?? '';
  if (value.trim() === '') throw new ExprError('enter a value');
  const kind = left.kind;
  if (operator === 'IN' || operator === 'NOT_IN') {
    const items = splitList(value).map((v) => {
      constantSql(new Params(), v, kind);
      return kind === 'number' ? v.replaceAll(',', '') : v;
    });
    const list = params.add(items, `${SQL_TYPE[kind]}[]`);
    return operator === 'IN' ? `${left.sql} = ANY(${list})` : `NOT (${left.sql} = ANY(${list}))`;
  }
  if (operator === 'BETWEEN' || operator === 'NOT_BETWEEN') {
    const items = splitList(value);
    if (items.length !== 2) throw new ExprError('Between takes two values separated by a comma');
    const [lo, hi] = items.map((v) => constantSql(params, v, kind)) as [string, string];
    return `${left.sql} ${operator === 'NOT_BETWEEN' ? 'NOT ' : ''}BETWEEN ${lo} AND ${hi}`;
  }
  const textual = ['CONTAINS', 'STARTS_WITH', 'ENDS_WITH', 'LIKE', 'NOT_LIKE'].includes(operator);
  const right: Expr = textual
    ? { sql: params.add(value, 'text'), kind: 'text' }
    : { sql: constantSql(params, value, kind), kind };
  return compareSql(left, operator, right);
}

/**
 * For EQUAL with a tolerance: `right` within ± tolerance of `left`, and the distance used to rank candidates.
 * AMOUNT: |left − right| ≤ tolerance (amounts; dates in days). PERCENT: |left − right| ≤ |left| × tolerance / 100,
 * `left` (element one, side A) being the base — amounts only, exact in numeric.
 */
export function toleranceSql(
  params: Params,
  left: Expr,
  right: Expr,
  tolerance: number,
  type: ToleranceType = 'AMOUNT',
): { test: string; distance: string } {
  if (tolerance < 0) throw new ExprError('the tolerance cannot be negative');
  if (!comparable(left.kind, right.kind)) {
    throw new ExprError(`element one is ${left.kind} but element two is ${right.kind}`);
  }
  if (type === 'PERCENT') {
    if (left.kind !== 'number')
      throw new ExprError(`a percentage tolerance applies to amounts, not ${left.kind} values`);
    const t = params.add(String(tolerance), 'numeric');
    const l = `(${left.sql})::numeric`;
    return {
      test: `abs(${l} - (${right.sql})::numeric) <= abs(${l}) * ${t} / 100`,
      distance: `abs(${l} - (${right.sql})::numeric)::float8`,
    };
  }
  if (left.kind === 'number') {
    const t = params.add(String(tolerance), 'numeric');
    return {
      test: `${right.sql} BETWEEN ${left.sql} - ${t} AND ${left.sql} + ${t}`,
      distance: `abs((${left.sql})::numeric - (${right.sql})::numeric)::float8`,
    };
  }
  if (left.kind === 'date' && right.kind === 'date') {
    if (!Number.isInteger(tolerance)) throw new ExprError('a date tolerance is a whole number of days');
    const t = params.add(String(tolerance), 'integer');
    return {
      test: `${right.sql} BETWEEN ${left.sql} - ${t} AND ${left.sql} + ${t}`,
      distance: `abs(${left.sql} - ${right.sql})::float8`,
    };
  }
  if (left.kind === 'date' || left.kind === 'timestamp') {
    const t = params.add(String(tolerance), 'float8');
    const l = `(${left.sql})::timestamp`;
    const r = `(${right.sql})::timestamp`;
    return {
      test: `${r} BETWEEN ${l} - make_interval(secs => ${t} * 86400) AND ${l} + make_interval(secs => ${t} * 86400)`,
      distance: `abs(extract(epoch FROM ${l} - ${r}))::float8 / 86400`,
    };
  }
  throw new ExprError(`a tolerance applies to amounts and dates, not ${left.kind} values`);
}

/** The values a unit holds for one compared element: one row's value (lo = hi) or a group's lowest and highest. */
export type Range = { lo: string; hi: string; kind: ValueKind };

/**
 * For EQUAL with a tolerance between a row and a group (or two groups) in an aggregated rule: every value of one
 * range lies within ± tolerance of every value of the other, i.e. the widest gap — max(hi₂ − lo₁, hi₁ − lo₂) — is
 * within the tolerance (amounts; dates in days). A single row against a group: every member of the group lies in
 * the row's window. Candidates rank by the gap between the ranges: the distance from the row to the group's
 * nearest edge, 0 when the row lies inside the group's range.
 */
export function windowSql(
  params: Params,
  one: Range,
  two: Range,
  tolerance: number,
): { test: string; distance: string } {
  if (tolerance < 0) throw new ExprError('the tolerance cannot be negative');
  if (!comparable(one.kind, two.kind)) {
    throw new ExprError(`element one is ${one.kind} but element two is ${two.kind}`);
  }
  const within = (gap: (x: string, y: string) => string, t: string, scale = '') => ({
    test: `${gap(two.hi, one.lo)} <= ${t}${scale} AND ${gap(one.hi, two.lo)} <= ${t}${scale}`,
    distance: `greatest(${gap(two.lo, one.hi)}, ${gap(one.lo, two.hi)}, 0)::float8${scale ? ' / 86400' : ''}`,
  });
  if (one.kind === 'number') {
    return within((x, y) => `(${x})::numeric - (${y})::numeric`, params.add(String(tolerance), 'numeric'));
  }
  if (one.kind === 'date' && two.kind === 'date') {
    if (!Number.isInteger(tolerance)) throw new ExprError('a date tolerance is a whole number of days');
    return within((x, y) => `(${x} - ${y})`, params.add(String(tolerance), 'integer'));
  }
  if (one.kind === 'date' || one.kind === 'timestamp') {
    const gap = (x: string, y: string) => `extract(epoch FROM (${x})::timestamp - (${y})::timestamp)`;
    return within(gap, params.add(String(tolerance), 'float8'), ' * 86400');
  }
  throw new ExprError(`a tolerance applies to amounts and dates, not ${one.kind} values`);
}
