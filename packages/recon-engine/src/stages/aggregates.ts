/**
 * Aggregates: many-to-one, one-to-many and many-to-many (a side has Sum, Average, Minimum or Maximum). A grouped
 * side's open rows are grouped by its equality-key values and its Group by values into units (a row without one
 * of them is in no unit); units pair one-to-one; a unit's rows share the match id. A rule grouped by Group by alone
 * (no Equal key) joins the units on the compared conditions (unkeyed-join.ts). Besides the keys, an aggregated rule compares:
 * - aggregates: Sum / Average of numbers, Minimum / Maximum of numbers or dates, against the other side's value
 *   (or aggregate), Equal within the tolerance (AMOUNT, or PERCENT of element one — side A — as the base);
 * - windows: Equal with a tolerance and no aggregate (e.g. B.posted_date ± 3 days of A.bank_date): every row of a
 *   group must lie within the tolerance of the other side (the group's lowest and highest value are tested; a row
 *   without a value fails the group), ranked by the distance to the group's nearest edge.
 *
 * Reads: the data tables of both sides and their state tables (open rows only).
 * Writes: rc_ua / rc_ub (u_id, k1..kn keys, g1..gm Group by values of a grouped side, then per compared condition i either v<i> — a row's value or a
 * group's aggregate — or lo<i> / hi<i> — a group's range for a window: one row per unit), rc_ma / rc_mb (u_id,
 * _id: the rows of each unit of a grouped side), rc_cand (unit pairs and distances); then selection (rc_pairs) and
 * state write (every member row of each paired unit, status = the rule type).
 */
import type { EngineAggregation, EngineElement, EngineRule } from '../model.ts';
import { RuleCompileError } from '../model.ts';
import { and, type Bound, type ConditionParts, elementExpr, inRule, openSql, predicates, sideOf } from '../rule-sql.ts';
import { type Expr, ExprError, Params, type Range, toleranceSql, windowSql } from '../sql-expr.ts';
import { crossBinder, exec, primaryFor, type RunContext, requireKeys, type StageOutcome } from './run-context.ts';
import { selectPairs } from './selection.ts';
import { writeGroups } from './state-write.ts';
import { exactSides, guardUnkeyedJoin, isExactTotal } from './unkeyed-join.ts';

type Pair = ConditionParts['tolerances'][number];
/** One compared condition's columns in a unit table, and the range they stand for (`u` is the unit alias). */
type UnitValue = { columns: string[]; range: (u: string) => Range };

const isWindow = (p: Pair) => !p.one.aggregation && !p.two.aggregation;

/** An aggregate of a group's values: Sum / Average of numbers (exact numeric), Minimum / Maximum of numbers or dates. */
function aggregateSql(agg: EngineAggregation, e: Expr): Expr {
  if (agg === 'SUM' || agg === 'AVERAGE') {
    if (e.kind !== 'number') throw new ExprError('Sum and Average apply to number columns');
    return { sql: `${agg === 'AVERAGE' ? 'avg' : 'sum'}((${e.sql})::numeric)`, kind: 'number' };
  }
  const fn = agg === 'MIN' ? 'min' : 'max';
  if (e.kind === 'number') return { sql: `${fn}((${e.sql})::numeric)`, kind: 'number' };
  if (e.kind === 'date' || e.kind === 'timestamp') return { sql: `${fn}(${e.sql})`, kind: e.kind };
  throw new ExprError('Minimum and Maximum apply to number and date columns');
}

/** A group's lowest and highest value, or NULL when a row of the group has none (it cannot lie in the window). */
const groupEdge = (fn: 'min' | 'max', e: Expr) => `CASE WHEN count(*) = count(${e.sql}) THEN ${fn}(${e.sql}) END`;

export async function aggregatePairs(ctx: RunContext, rule: EngineRule, parts: ConditionParts): Promise<StageOutcome> {
  requireKeys(rule, parts);
  if (parts.secondary.length) {
    throw new RuleCompileError(
      rule.name,
      parts.secondary[0]?.sequence ?? null,
      'secondary filters do not apply to rules with Sum, Average, Minimum or Maximum',
    );
  }
  const { db, input } = ctx;
  const a: Bound = { side: input.sideA, alias: 'a' };
  const b: Bound = { side: input.sideB, alias: 'b' };
  const bind = crossBinder(ctx, rule, a, b);
  const sideOfPair = (p: { one: EngineElement; two: EngineElement }, side: 'A' | 'B') =>
    sideOf(input, p.one) === side ? p.one : p.two;
  const isGrouped = (side: 'A' | 'B') => parts.tolerances.some((t) => sideOfPair(t, side).aggregation);
  for (const g of parts.groupBy) {
    const side = sideOf(input, g.el);
    if (side === null || !isGrouped(side)) {
      throw new RuleCompileError(
        rule.name,
        g.c.sequence,
        'Group by takes a column of the side that is added up (Sum, Average, Minimum or Maximum)',
      );
    }
  }
  const groupByOf = (side: 'A' | 'B') => parts.groupBy.filter((g) => sideOf(input, g.el) === side);

  const units: Record<'A' | 'B', UnitValue[]> = { A: [], B: [] };
  const members: Record<'A' | 'B', string> = { A: '', B: '' };
  for (const side of ['A', 'B'] as const) {
    const bound = side === 'A' ? a : b;
    const table = side === 'A' ? 'rc_ua' : 'rc_ub';
    const grouped = isGrouped(side);
    const params = new Params();
    const keyExprs = parts.keys.map((k) => inRule(rule, k.c, () => elementExpr(params, sideOfPair(k, side), bound)));
    const groupExprs = groupByOf(side).map((g) => inRule(rule, g.c, () => elementExpr(params, g.el, bound)));
    units[side] = parts.tolerances.map((t, i) =>
      inRule(rule, t.c, (): UnitValue => {
        const el = sideOfPair(t, side);
        const e = elementExpr(params, el, bound);
        const point = (sql: string, kind: Expr['kind']): UnitValue => ({
          columns: [`${sql} AS v${i + 1}`],
          range: (u) => ({ lo: `${u}.v${i + 1}`, hi: `${u}.v${i + 1}`, kind }),
        });
        if (el.aggregation) {
          const agg = aggregateSql(el.aggregation, e);
          return point(agg.sql, agg.kind);
        }
        if (!grouped) return point(e.sql, e.kind);
        if (!isWindow(t)) {
          throw new ExprError(
            'both sides are grouped: give this element an aggregate too (Sum, Average, Minimum or Maximum)',
          );
        }
        return {
          columns: [`${groupEdge('min', e)} AS lo${i + 1}`, `${groupEdge('max', e)} AS hi${i + 1}`],
          range: (u) => ({ lo: `${u}.lo${i + 1}`, hi: `${u}.hi${i + 1}`, kind: e.kind }),
        };
      }),
    );
    const vals = units[side].flatMap((v) => v.columns);
    const filters = predicates(params, rule, primaryFor(ctx, parts, side), bind);
    const where = and([openSql(bound), ...filters, ...[...keyExprs, ...groupExprs].map((k) => `${k.sql} IS NOT NULL`)]);
    const src = side === 'A' ? input.sideA.table : input.sideB.table;
    const keyCols = [
      ...keyExprs.map((k, i) => `${k.sql} AS k${i + 1}`),
      ...groupExprs.map((g, i) => `${g.sql} AS g${i + 1}`),
    ];
    if (grouped) {
      await exec(
        db,
        `CREATE TEMP TABLE ${table} ON COMMIT DROP AS SELECT min(${bound.alias}._id) AS u_id, ${[...keyCols, ...vals].join(', ')}
         FROM ${src} ${bound.alias} WHERE ${where} GROUP BY ${keyCols.map((_, i) => i + 2).join(', ')}`,
        params,
      );
      const memberTable = side === 'A' ? 'rc_ma' : 'rc_mb';
      const mParams = new Params();
      const mKeys = parts.keys.map((k) => elementExpr(mParams, sideOfPair(k, side), bound));
      const mGroups = groupByOf(side).map((g) => elementExpr(mParams, g.el, bound));
      const joinOn = [
        ...mKeys.map((k, i) => `u.k${i + 1} = ${k.sql}`),
        ...mGroups.map((g, i) => `u.g${i + 1} = ${g.sql}`),
      ];
      const mFilters = predicates(mParams, rule, primaryFor(ctx, parts, side), bind);
      const mWhere = and([openSql(bound), ...mFilters]);
      await exec(
        db,
        `CREATE TEMP TABLE ${memberTable} ON COMMIT DROP AS SELECT u.u_id, ${bound.alias}._id FROM ${src} ${bound.alias}
         JOIN ${table} u ON ${joinOn.join(' AND ')} WHERE ${mWhere}`,
        mParams,
      );
      members[side] = `SELECT u_id, _id FROM ${memberTable}`;
    } else {
      await exec(
        db,
        `CREATE TEMP TABLE ${table} ON COMMIT DROP AS SELECT ${bound.alias}._id AS u_id, ${[...keyCols, ...vals].join(', ')}
         FROM ${src} ${bound.alias} WHERE ${where}`,
        params,
      );
      members[side] = `SELECT u_id, u_id AS _id FROM ${table}`;
    }
    await exec(db, `ANALYZE ${table}`);
  }
  const params = new Params();
  const unkeyed = parts.keys.length === 0;
  const exact: { a: string; b: string }[] = [];
  const compared = parts.tolerances.map((t, i) =>
    inRule(rule, t.c, () => {
      const one = units.A[i]?.range('ua') as Range;
      const two = units.B[i]?.range('ub') as Range;
      const tolerance = t.c.tolerance ?? 0;
      if (unkeyed && isExactTotal(t.c, isWindow(t))) {
        // The join's only equality: written as one so that PostgreSQL can hash on it.
        const sides = exactSides(one, two);
        exact.push(sides);
        return { test: `${sides.a} = ${sides.b}`, distance: '0::float8', isNumber: one.kind === 'number' };
      }
      if (!isWindow(t)) {
        const e = toleranceSql(
          params,
          { sql: one.lo, kind: one.kind },
          { sql: two.lo, kind: two.kind },
          tolerance,
          t.c.toleranceType ?? 'AMOUNT',
        );
        return { ...e, isNumber: one.kind === 'number' };
      }
      if (t.c.toleranceType === 'PERCENT') {
        throw new ExprError(
          'a percentage tolerance applies to a total or to two amounts, not to a window over the rows of a group',
        );
      }
      return { ...windowSql(params, one, two, tolerance), isNumber: one.kind === 'number' };
    }),
  );
  // Amount distances rank before date distances, as in one-to-one rules.
  const distances = [...compared.filter((c) => c.isNumber), ...compared.filter((c) => !c.isNumber)].map(
    (c) => c.distance,
  );
  if (unkeyed) await guardUnkeyedJoin(db, rule, exact, ctx.candidateLimits);
  const join = unkeyed
    ? `ON ${and(compared.map((c) => c.test))}`
    : `ON ${parts.keys.map((_, i) => `ua.k${i + 1} = ub.k${i + 1}`).join(' AND ')}
     WHERE ${and(compared.map((c) => c.test))}`;
  const candidates = await exec(
    db,
    `CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
     SELECT ua.u_id AS a_id, ub.u_id AS b_id${distances.map((d, i) => `, ${d} AS s${i + 1}`).join('')}
     FROM rc_ua ua JOIN rc_ub ub ${join}`,
    params,
  );
  const groups = await selectPairs(db, distances.length, false, candidates);
  const written = await writeGroups(ctx, rule, rule.ruleType, { a: members.A, b: members.B }, groups);
  return { candidates, ...written };
}
