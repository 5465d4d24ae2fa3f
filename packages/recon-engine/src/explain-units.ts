import type { EngineCondition, EngineElement, EngineRule, ReconInput, ValueKind } from './model.ts';
import { RuleCompileError } from './model.ts';
import { and, type Bound, type ConditionParts, elementExpr, inRule, sideOf } from './rule-sql.ts';
import { compareSql, type Expr, type Params, toleranceSql, windowSql } from './sql-expr.ts';

/**
 * Units as the engine pairs them under a rule with Sum or Average (run.ts, aggregatePairs): on a side that adds
 * up, a group of rows sharing the rule's key values with its totals; on the other side, single rows. Explain and
 * "try this rule" build the same key and value expressions (elementExpr, toleranceSql) so what they show is what a
 * run would do, then hold each unit of side A against each unit of side B.
 */

export type Label = 'A' | 'B';

/** The SQL aggregate of each aggregation. A value without one on a side that adds up is summed, as run.ts does. */
const AGGREGATE_FUNCTION: Record<string, string> = { SUM: 'sum', AVERAGE: 'avg', MIN: 'min', MAX: 'max' };

export type UnitSpec = {
  label: Label;
  bound: Bound;
  /** The side adds its rows up (one of its value elements has an aggregation). */
  isAggregated: boolean;
  /** Which rows make the units; built per query, because each query has its own parameters. */
  where: (params: Params) => string[];
  /** Aggregated side: one unit per key and Group by value (the engine's units), or all the rows as one unit. */
  isGroupedByKeys: boolean;
  /** Aggregated side not grouped by keys: one unit per Group by value (picked rows of two settlements: two units). */
  isGroupedByGroupBy?: boolean;
};

type Pair = { one: EngineElement; two: EngineElement; c: EngineCondition };

/** Does the rule add a side up: the rules the engine pairs by units (run.ts runRule). */
const UNIT_RULE_TYPES = new Set(['RECONCILED', 'RELAX_MATCH', 'PROPOSE_MATCH', 'PARTIAL_RECONCILED']);
export function pairsByUnits(rule: EngineRule, parts: ConditionParts): boolean {
  return parts.aggregated && UNIT_RULE_TYPES.has(rule.ruleType);
}

/** The sides whose value elements carry an aggregation. */
export function aggregatedSides(input: ReconInput, parts: ConditionParts): Set<Label> {
  const sides = new Set<Label>();
  for (const t of parts.tolerances) {
    for (const el of [t.one, t.two]) {
      const side = sideOf(input, el);
      if (el.aggregation && side) sides.add(side);
    }
  }
  return sides;
}

/** The element of a condition that reads side `label`. */
export function elementOn(input: ReconInput, rule: EngineRule, p: Pair, label: Label): EngineElement {
  if (sideOf(input, p.one) === label) return p.one;
  if (sideOf(input, p.two) === label) return p.two;
  throw new RuleCompileError(rule.name, p.c.sequence, 'every column must belong to side A or side B of the recon');
}

/** The tolerance test of a condition: the one place explain and "try" build it, as run.ts does. */
export function toleranceTest(params: Params, c: EngineCondition, left: Expr, right: Expr) {
  return toleranceSql(params, left, right, c.tolerance ?? 0, c.toleranceType ?? 'AMOUNT');
}

/** A window: Equal with a tolerance and no aggregate on either side, tested against every row of a group. */
const isWindow = (p: Pair) => !p.one.aggregation && !p.two.aggregation;

/** A group's lowest or highest value, NULL when a row has none (as the engine's window: it fails the group). */
const groupEdge = (fn: 'min' | 'max', e: Expr) => `CASE WHEN count(*) = count(${e.sql}) THEN ${fn}(${e.sql}) END`;

function aggregated(agg: string | null | undefined, e: Expr): Expr {
  const fn = AGGREGATE_FUNCTION[agg ?? 'SUM'] ?? 'sum';
  if (fn === 'sum' || fn === 'avg') return { sql: `${fn}((${e.sql})::numeric)`, kind: 'number' };
  return { sql: `${fn}(${e.sql})`, kind: e.kind };
}

export type UnitSql = { sql: string; keyKinds: ValueKind[]; valueKinds: ValueKind[] };

/** A value of a unit: its expression, and for a window also the group's highest value (`hi`; lo is the value). */
type UnitValue = Expr & { hi: string | null };

/** The Group by conditions of a side (the engine allows them on a side that adds up only). */
export const groupByOn = (input: ReconInput, parts: ConditionParts, label: Label) =>
  parts.groupBy.filter((g) => sideOf(input, g.el) === label);

/**
 * One side's units: u_id (the lowest row id), n (rows), ids (the rows' ids, in order), k1..kn (key values), kd1..kn (distinct key values: 1 when
 * every row shares it), g1..gp (the side's Group by values), v1..vm (values, added up on an aggregated side).
 */
export function unitSql(
  params: Params,
  input: ReconInput,
  rule: EngineRule,
  parts: ConditionParts,
  u: UnitSpec,
): UnitSql {
  const t = u.bound.alias;
  const keys = parts.keys.map((k) =>
    inRule(rule, k.c, () => elementExpr(params, elementOn(input, rule, k, u.label), u.bound)),
  );
  const groups = groupByOn(input, parts, u.label).map((g) =>
    inRule(rule, g.c, () => elementExpr(params, g.el, u.bound)),
  );
  const values = parts.tolerances.map((p) =>
    inRule(rule, p.c, (): UnitValue => {
      const el = elementOn(input, rule, p, u.label);
      const e = elementExpr(params, el, u.bound);
      if (u.isAggregated && (el.aggregation === 'SUM' || el.aggregation === 'AVERAGE') && e.kind !== 'number') {
        throw new RuleCompileError(rule.name, p.c.sequence, 'Sum and Average apply to number columns');
      }
      if (isWindow(p)) {
        // The group's range (its earliest and latest date, say); a single row is a range of one value.
        return u.isAggregated
          ? { sql: groupEdge('min', e), hi: groupEdge('max', e), kind: e.kind }
          : { ...e, hi: e.sql };
      }
      return { ...(u.isAggregated ? aggregated(el.aggregation, e) : e), hi: null };
    }),
  );
  const valueCols = values.flatMap((v, i) => [
    `${v.sql} AS v${i + 1}`,
    ...(v.hi === null ? [] : [`${v.hi} AS vhi${i + 1}`]),
  ]);
  const where = and(u.where(params));
  const from = `FROM ${u.bound.side.table} ${t} WHERE ${where}`;
  const out = { keyKinds: keys.map((k) => k.kind), valueKinds: values.map((v) => v.kind) };
  if (!u.isAggregated) {
    const cols = [
      `${t}._id AS u_id`,
      '1::bigint AS n',
      `ARRAY[${t}._id] AS ids`,
      ...keys.map((k, i) => `${k.sql} AS k${i + 1}, 1::bigint AS kd${i + 1}`),
      ...groups.map((g, i) => `${g.sql} AS g${i + 1}`),
      ...valueCols,
    ];
    return { ...out, sql: `SELECT ${cols.join(', ')} ${from}` };
  }
  const cols = [
    `min(${t}._id) AS u_id`,
    'count(*) AS n',
    `array_agg(${t}._id ORDER BY ${t}._id) AS ids`,
    ...keys.map((k, i) => `min(${k.sql}) AS k${i + 1}, count(DISTINCT ${k.sql}) AS kd${i + 1}`),
    ...groups.map((g, i) => `min(${g.sql}) AS g${i + 1}`),
    ...valueCols,
  ];
  const by = u.isGroupedByKeys ? [...keys, ...groups] : u.isGroupedByGroupBy ? groups : [];
  const groupBy = by.length ? ` GROUP BY ${by.map((k) => k.sql).join(', ')}` : '';
  return { ...out, sql: `SELECT ${cols.join(', ')} ${from}${groupBy} HAVING count(*) > 0` };
}

/** Column names of one pair of units (ua, ub), per key and per value condition. */
export type PairColumns = {
  /** SELECT list over ua and ub. */
  select: string[];
  /** Verdict columns, keys first then values, in the order of `conditions`. */
  verdicts: string[];
  conditions: EngineCondition[];
  /** Ranking distances, amounts before dates (as the engine ranks). */
  distances: string[];
};

/**
 * Verdicts of a pair of units: a key holds when each unit has one key value and they are equal; a value
 * condition by the engine's tolerance test on the units' values (their totals on a side that adds up).
 * Columns: kx1_i / kx2_i (element one's and two's key value as text), kh_i; va_i / vb_i (side A's and B's value
 * as text), vd_i (group − other, numbers only), vh_i.
 */
export function pairColumns(
  params: Params,
  input: ReconInput,
  rule: EngineRule,
  parts: ConditionParts,
  units: { A: UnitSql; B: UnitSql },
  groupSide: Label,
): PairColumns {
  const alias = (l: Label) => (l === 'A' ? 'ua' : 'ub');
  const select: string[] = [];
  const verdicts: string[] = [];
  const numberDistances: string[] = [];
  const otherDistances: string[] = [];
  parts.keys.forEach((k, i) => {
    const n = i + 1;
    const one = sideOf(input, k.one) ?? 'A';
    const two = sideOf(input, k.two) ?? 'B';
    const test = inRule(rule, k.c, () =>
      compareSql({ sql: `ua.k${n}`, kind: units.A.keyKinds[i] ?? 'text' }, 'EQUAL', {
        sql: `ub.k${n}`,
        kind: units.B.keyKinds[i] ?? 'text',
      }),
    );
    const shown = (l: Label) => `CASE WHEN ${alias(l)}.kd${n} = 1 THEN (${alias(l)}.k${n})::text END`;
    select.push(
      `${shown(one)} AS kx1_${n}`,
      `${shown(two)} AS kx2_${n}`,
      `coalesce(ua.kd${n} = 1 AND ub.kd${n} = 1 AND (${test}), false) AS kh_${n}`,
    );
    verdicts.push(`kh_${n}`);
  });
  parts.tolerances.forEach((p, i) => {
    const n = i + 1;
    const a: Expr = { sql: `ua.v${n}`, kind: units.A.valueKinds[i] ?? 'number' };
    const b: Expr = { sql: `ub.v${n}`, kind: units.B.valueKinds[i] ?? 'number' };
    // A window holds when every row of a group lies within the tolerance (the engine's test, windowSql).
    const tol = inRule(rule, p.c, () =>
      isWindow(p) && p.c.toleranceType !== 'PERCENT'
        ? windowSql(
            params,
            { lo: a.sql, hi: `ua.vhi${n}`, kind: a.kind },
            { lo: b.sql, hi: `ub.vhi${n}`, kind: b.kind },
            p.c.tolerance ?? 0,
          )
        : toleranceTest(params, p.c, a, b),
    );
    const [group, other] = groupSide === 'A' ? [a, b] : [b, a];
    const difference = a.kind === 'number' && b.kind === 'number' ? `(${group.sql} - ${other.sql})::text` : 'NULL';
    select.push(
      `(${a.sql})::text AS va_${n}`,
      `(${b.sql})::text AS vb_${n}`,
      `${difference} AS vd_${n}`,
      `coalesce((${tol.test}), false) AS vh_${n}`,
      `${tol.distance} AS vs_${n}`,
    );
    verdicts.push(`vh_${n}`);
    (a.kind === 'number' ? numberDistances : otherDistances).push(`vs_${n}`);
  });
  return {
    select,
    verdicts,
    conditions: [...parts.keys.map((k) => k.c), ...parts.tolerances.map((t) => t.c)],
    distances: [...numberDistances, ...otherDistances],
  };
}
