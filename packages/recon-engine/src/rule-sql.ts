import { quoteIdent } from './identifiers.ts';
import type { ClosedPeriod, EngineCondition, EngineElement, EngineRule, EngineSide, ReconInput } from './model.ts';
import { RuleCompileError } from './model.ts';
import { columnSql, compareSql, type Expr, ExprError, filterSql, type Params, toleranceSql } from './sql-expr.ts';

/**
 * The parts of one rule's SQL: which alias each data source gets, the equality keys the join runs on, the other
 * conditions as predicates, and the distances that rank candidates (amounts first, then dates, in sequence order).
 */

export type Bound = { side: EngineSide; alias: string };

/** Conditions grouped the way the engine uses them. */
export type ConditionParts = {
  keys: { one: EngineElement; two: EngineElement; c: EngineCondition }[];
  tolerances: { one: EngineElement; two: EngineElement; c: EngineCondition }[];
  comparisons: { one: EngineElement; two: EngineElement; c: EngineCondition }[];
  primary: EngineCondition[];
  secondary: EngineCondition[];
  /** GROUP_BY conditions: a grouped side's units are its rows sharing its keys and these values. */
  groupBy: { el: EngineElement; c: EngineCondition }[];
  aggregated: boolean;
};

const enabled = (rule: EngineRule) =>
  [...rule.conditions].filter((c) => c.conditionEnable).sort((x, y) => x.sequence - y.sequence);

export function partsOf(rule: EngineRule): ConditionParts {
  const parts: ConditionParts = {
    keys: [],
    tolerances: [],
    comparisons: [],
    primary: [],
    secondary: [],
    groupBy: [],
    aggregated: false,
  };
  for (const c of enabled(rule)) {
    if (c.ruleConditionType === 'FILTER') {
      (c.primaryCondition ? parts.primary : parts.secondary).push(c);
      continue;
    }
    if (c.ruleConditionType === 'GROUP_BY') {
      parts.groupBy.push({ el: c.elementOne, c });
      continue;
    }
    const pair = { one: c.elementOne, two: c.elementSecond, c };
    if (c.elementOne.aggregation || c.elementSecond.aggregation) parts.aggregated = true;
    const hasTolerance = c.tolerance !== null && c.tolerance !== undefined;
    if (c.operator === 'EQUAL' && !hasTolerance && !c.elementOne.aggregation && !c.elementSecond.aggregation) {
      parts.keys.push(pair);
    } else if (c.operator === 'EQUAL' && (hasTolerance || c.elementOne.aggregation || c.elementSecond.aggregation)) {
      parts.tolerances.push(pair);
    } else {
      parts.comparisons.push(pair);
    }
  }
  return parts;
}

/** Compiles an expression, turning expression errors into errors that name the rule and the condition. */
export function inRule<T>(rule: EngineRule, c: EngineCondition | null, build: () => T): T {
  try {
    return build();
  } catch (err) {
    if (err instanceof ExprError) throw new RuleCompileError(rule.name, c?.sequence ?? null, err.message);
    throw err;
  }
}

export function sideOf(input: ReconInput, el: EngineElement): 'A' | 'B' | null {
  if (el.valueType !== 'COLUMN') return null;
  if (el.dataSourceId === input.sideA.dataSourceId) return 'A';
  if (el.dataSourceId === input.sideB.dataSourceId) return 'B';
  return null;
}

/** Resolves which bound alias an element reads; `roles` maps a data source id to its alias (or aliases). */
export type Binder = (el: EngineElement, role: 'one' | 'two') => Bound;

export function elementExpr(params: Params, el: EngineElement, bound: Bound): Expr {
  if (el.valueType !== 'COLUMN') throw new ExprError('a column is needed here');
  return columnSql(params, el, bound.side, bound.alias);
}

/** A filter or comparison condition as a predicate. */
export function conditionPredicate(params: Params, c: EngineCondition, bind: Binder): string {
  const left = elementExpr(params, c.elementOne, bind(c.elementOne, 'one'));
  if (c.elementSecond.valueType === 'CONSTANT' || c.operator === 'IS_NULL' || c.operator === 'IS_NOT_NULL') {
    return filterSql(params, left, c.operator, c.elementSecond.value);
  }
  const right = elementExpr(params, c.elementSecond, bind(c.elementSecond, 'two'));
  return compareSql(left, c.operator, right);
}

/** Equality keys as `left = right` join terms. */
export function keyTerms(params: Params, rule: EngineRule, parts: ConditionParts, bind: Binder): string[] {
  return parts.keys.map((k) =>
    inRule(rule, k.c, () => {
      const l = elementExpr(params, k.one, bind(k.one, 'one'));
      const r = elementExpr(params, k.two, bind(k.two, 'two'));
      return compareSql(l, 'EQUAL', r);
    }),
  );
}

/** Tolerance tests and their distances, amounts before dates. */
export function toleranceTerms(
  params: Params,
  rule: EngineRule,
  parts: ConditionParts,
  bind: Binder,
): { tests: string[]; distances: string[] } {
  const built = parts.tolerances.map((t) =>
    inRule(rule, t.c, () => {
      const l = elementExpr(params, t.one, bind(t.one, 'one'));
      const r = elementExpr(params, t.two, bind(t.two, 'two'));
      const tol = toleranceSql(params, l, r, t.c.tolerance ?? 0, t.c.toleranceType ?? 'AMOUNT');
      return { ...tol, isNumber: l.kind === 'number' };
    }),
  );
  const ordered = [...built.filter((b) => b.isNumber), ...built.filter((b) => !b.isNumber)];
  return { tests: built.map((b) => b.test), distances: ordered.map((b) => b.distance) };
}

export function predicates(params: Params, rule: EngineRule, conditions: readonly EngineCondition[], bind: Binder) {
  return conditions.map((c) => inRule(rule, c, () => conditionPredicate(params, c, bind)));
}

export function comparisonTerms(params: Params, rule: EngineRule, parts: ConditionParts, bind: Binder): string[] {
  return predicates(
    params,
    rule,
    parts.comparisons.map((p) => p.c),
    bind,
  );
}

/**
 * Open rows of a side: loaded as UNRECONCILED (not a load duplicate) and not closed since. `stateEmpty`: the side's
 * state table holds no row (checked by the caller in this run, under the recon's lock), so nothing is closed.
 */
export const openSql = (b: Bound, stateEmpty = false) =>
  (stateEmpty
    ? `${b.alias}._recon_status = 'UNRECONCILED'`
    : `${b.alias}._recon_status = 'UNRECONCILED' AND NOT EXISTS (SELECT 1 FROM ${b.side.stateTable} st WHERE st._id = ${b.alias}._id)`) +
  (b.side.closedPeriod ? ` AND NOT ${insideClosedSql(b.alias, b.side.closedPeriod)}` : '');

/**
 * A row of alias `alias` dated inside the closed period, as a predicate that is never null (a row without a day is
 * outside): one more condition of the scan, no join. `until` is checked to be a day before it is written into SQL.
 */
export function insideClosedSql(alias: string, period: ClosedPeriod): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(period.until)) throw new Error(`Invalid closed period day ${period.until}`);
  const day = period.dayColumn === null ? `${alias}._loaded_at` : `${alias}.${quoteIdent(period.dayColumn)}`;
  return `coalesce(${day} < DATE '${period.until}' + 1, false)`;
}

export const and = (terms: readonly string[]) => (terms.length ? terms.map((t) => `(${t})`).join(' AND ') : 'true');
