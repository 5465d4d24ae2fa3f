/**
 * Aggregates: many-to-one, one-to-many and many-to-many (a side has Sum or Average). The aggregated side's open
 * rows are grouped by its equality-key values into units; units pair one-to-one; a unit's rows share the match id.
 *
 * Reads: the data tables of both sides and their state tables (open rows only).
 * Writes: rc_ua / rc_ub (u_id, k1..kn keys, v1..vm compared values, aggregated where asked: one row per unit),
 * rc_ma / rc_mb (u_id, _id: the rows of each unit of an aggregated side), rc_cand (unit pairs and distances);
 * then selection (rc_pairs) and state write (every member row of each paired unit, status = the rule type).
 */
import type { EngineElement, EngineRule } from '../model.ts';
import { RuleCompileError } from '../model.ts';
import { and, type Bound, type ConditionParts, elementExpr, inRule, openSql, predicates, sideOf } from '../rule-sql.ts';
import { type Expr, Params, toleranceSql } from '../sql-expr.ts';
import { crossBinder, exec, primaryFor, type RunContext, requireKeys, type StageOutcome } from './run-context.ts';
import { selectPairs } from './selection.ts';
import { writeGroups } from './state-write.ts';

export async function aggregatePairs(ctx: RunContext, rule: EngineRule, parts: ConditionParts): Promise<StageOutcome> {
  requireKeys(rule, parts);
  if (parts.secondary.length) {
    throw new RuleCompileError(
      rule.name,
      parts.secondary[0]?.sequence ?? null,
      'secondary filters do not apply to rules with Sum or Average',
    );
  }
  const { db, input } = ctx;
  const a: Bound = { side: input.sideA, alias: 'a' };
  const b: Bound = { side: input.sideB, alias: 'b' };
  const bind = crossBinder(ctx, rule, a, b);
  const sideOfPair = (p: { one: EngineElement; two: EngineElement }, side: 'A' | 'B') =>
    sideOf(input, p.one) === side ? p.one : p.two;
  const aggregates = (side: 'A' | 'B') => parts.tolerances.some((t) => sideOfPair(t, side).aggregation);

  // Unit tables rc_ua / rc_ub: u_id, k1..kn (keys), v1..vm (compared values, aggregated where asked).
  const unitKinds: Record<'A' | 'B', Expr['kind'][]> = { A: [], B: [] };
  const members: Record<'A' | 'B', string> = { A: '', B: '' };
  for (const side of ['A', 'B'] as const) {
    const bound = side === 'A' ? a : b;
    const table = side === 'A' ? 'rc_ua' : 'rc_ub';
    const params = new Params();
    const keyExprs = parts.keys.map((k) => inRule(rule, k.c, () => elementExpr(params, sideOfPair(k, side), bound)));
    const valueExprs = parts.tolerances.map((t) =>
      inRule(rule, t.c, () => {
        const el = sideOfPair(t, side);
        const e = elementExpr(params, el, bound);
        if (el.aggregation && e.kind !== 'number')
          throw new RuleCompileError(rule.name, t.c.sequence, 'Sum and Average apply to number columns');
        return { ...e, agg: el.aggregation ?? null };
      }),
    );
    unitKinds[side] = valueExprs.map((v) => v.kind);
    const filters = predicates(params, rule, primaryFor(ctx, parts, side), bind);
    const where = and([openSql(bound), ...filters, ...keyExprs.map((k) => `${k.sql} IS NOT NULL`)]);
    const src = side === 'A' ? input.sideA.table : input.sideB.table;
    const keyCols = keyExprs.map((k, i) => `${k.sql} AS k${i + 1}`);
    if (aggregates(side)) {
      const vals = valueExprs.map((v, i) => `${v.agg === 'AVERAGE' ? 'avg' : 'sum'}((${v.sql})::numeric) AS v${i + 1}`);
      await exec(
        db,
        `CREATE TEMP TABLE ${table} ON COMMIT DROP AS SELECT min(${bound.alias}._id) AS u_id, ${[...keyCols, ...vals].join(', ')}
         FROM ${src} ${bound.alias} WHERE ${where} GROUP BY ${keyExprs.map((_, i) => i + 2).join(', ')}`,
        params,
      );
      const memberTable = side === 'A' ? 'rc_ma' : 'rc_mb';
      const mParams = new Params();
      const mKeys = parts.keys.map((k) => elementExpr(mParams, sideOfPair(k, side), bound));
      const mFilters = predicates(mParams, rule, primaryFor(ctx, parts, side), bind);
      const mWhere = and([openSql(bound), ...mFilters]);
      await exec(
        db,
        `CREATE TEMP TABLE ${memberTable} ON COMMIT DROP AS SELECT u.u_id, ${bound.alias}._id FROM ${src} ${bound.alias}
         JOIN ${table} u ON ${mKeys.map((k, i) => `u.k${i + 1} = ${k.sql}`).join(' AND ')} WHERE ${mWhere}`,
        mParams,
      );
      members[side] = `SELECT u_id, _id FROM ${memberTable}`;
    } else {
      const vals = valueExprs.map((v, i) => `${v.sql} AS v${i + 1}`);
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
  const tol = parts.tolerances.map((t, i) =>
    inRule(rule, t.c, () =>
      toleranceSql(
        params,
        { sql: `ua.v${i + 1}`, kind: unitKinds.A[i] ?? 'number' },
        { sql: `ub.v${i + 1}`, kind: unitKinds.B[i] ?? 'number' },
        t.c.tolerance ?? 0,
      ),
    ),
  );
  const candidates = await exec(
    db,
    `CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
     SELECT ua.u_id AS a_id, ub.u_id AS b_id${tol.map((t, i) => `, ${t.distance} AS s${i + 1}`).join('')}
     FROM rc_ua ua JOIN rc_ub ub ON ${parts.keys.map((_, i) => `ua.k${i + 1} = ub.k${i + 1}`).join(' AND ')}
     WHERE ${and(tol.map((t) => t.test))}`,
    params,
  );
  await selectPairs(db, tol.length, false, candidates);
  const written = await writeGroups(ctx, rule, rule.ruleType, { a: members.A, b: members.B });
  return { candidates, ...written };
}
