/**
 * Same side: rows of one data source that cancel each other (Same side reversal, Late reversal).
 *
 * Reads: the data table of the one side every column of the rule names (aliases x and y), its state table
 * (`side.stateTable`: open rows; for late reversal also the matched rows and their groups).
 * Writes: rc_cand (x_id as a_id, y_id as b_id, distances); selection (rc_pairs); state rows in that side's state
 * table: both rows of a reversal as SAME_SIDE_REVERSAL with a new match id, or the open row of a late reversal as
 * LATE_REVERSAL with the match id of the matched row's group.
 */
import type { EngineRule, EngineSide } from '../model.ts';
import { RuleCompileError } from '../model.ts';
import {
  and,
  type Binder,
  type Bound,
  type ConditionParts,
  comparisonTerms,
  keyTerms,
  openSql,
  predicates,
  sideOf,
  toleranceTerms,
} from '../rule-sql.ts';
import { Params } from '../sql-expr.ts';
import { exec, guard, MATCHED, primaryFor, type RunContext, requireKeys, type StageOutcome } from './run-context.ts';
import { selectPairs } from './selection.ts';

/** The one data source every column of a same-side rule reads. */
function sameSideOf(ctx: RunContext, rule: EngineRule, parts: ConditionParts): { side: EngineSide; label: 'A' | 'B' } {
  const all = [...parts.keys, ...parts.tolerances, ...parts.comparisons].flatMap((p) => [p.one, p.two]);
  const sides = new Set(all.map((el) => sideOf(ctx.input, el)));
  if (sides.size !== 1 || sides.has(null)) {
    throw new RuleCompileError(
      rule.name,
      null,
      'both elements must be columns of the same data source for this rule type',
    );
  }
  const label = [...sides][0] as 'A' | 'B';
  return { side: label === 'A' ? ctx.input.sideA : ctx.input.sideB, label };
}

/** Same-side reversal: two open rows of one side that cancel each other pair off. */
export async function sameSideReversal(
  ctx: RunContext,
  rule: EngineRule,
  parts: ConditionParts,
): Promise<StageOutcome> {
  requireKeys(rule, parts);
  const { db, runId } = ctx;
  const { side, label } = sameSideOf(ctx, rule, parts);
  const x: Bound = { side, alias: 'x' };
  const y: Bound = { side, alias: 'y' };
  const bind: Binder = (_el, role) => (role === 'one' ? x : y);
  const filterX: Binder = () => x;
  const filterY: Binder = () => y;
  const primary = primaryFor(ctx, parts, label);
  await guard(ctx, rule, parts, bind, x, y, (p, s) => [openSql(s), ...predicates(p, rule, primary, () => s)]);
  const params = new Params();
  const keys = keyTerms(params, rule, parts, bind);
  const tol = toleranceTerms(params, rule, parts, bind);
  const where = [
    'x._id <> y._id',
    openSql(x),
    openSql(y),
    ...predicates(params, rule, primary, filterX),
    ...predicates(params, rule, primary, filterY),
    ...tol.tests,
    ...comparisonTerms(params, rule, parts, bind),
    ...predicates(params, rule, parts.secondary, bind),
  ];
  const candidates = await exec(
    db,
    `CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
     SELECT x._id AS a_id, y._id AS b_id${tol.distances.map((d, i) => `, ${d} AS s${i + 1}`).join('')}
     FROM ${side.table} x JOIN ${side.table} y ON ${and(keys)} WHERE ${and(where)}`,
    params,
  );
  const groups = await selectPairs(db, tol.distances.length, true, candidates);
  const rows = await exec(
    db,
    `INSERT INTO ${side.stateTable} (_id, status, match_id, rule_id, run_id)
     SELECT unnest(ARRAY[p.a_id, p.b_id]), 'SAME_SIDE_REVERSAL', p.match_id, $1, $2 FROM rc_pairs p`,
    [rule.id, runId],
  );
  return { candidates, groups, rowsA: label === 'A' ? rows : 0, rowsB: label === 'B' ? rows : 0 };
}

/**
 * Late reversal: an open row (element one) that reverses a row of the same side already matched (element two)
 * joins that row's group as LATE_REVERSAL; each matched group takes at most one late reversal per side.
 */
export async function lateReversal(ctx: RunContext, rule: EngineRule, parts: ConditionParts): Promise<StageOutcome> {
  requireKeys(rule, parts);
  const { db, runId } = ctx;
  const { side, label } = sameSideOf(ctx, rule, parts);
  const x: Bound = { side, alias: 'x' };
  const y: Bound = { side, alias: 'y' };
  const bind: Binder = (_el, role) => (role === 'one' ? x : y);
  await guard(ctx, rule, parts, bind, x, y, (p, s) =>
    s === x
      ? [openSql(x), ...predicates(p, rule, primaryFor(ctx, parts, label), () => x)]
      : [`EXISTS (SELECT 1 FROM ${side.stateTable} sy WHERE sy._id = y._id AND sy.status IN (${MATCHED}))`],
  );
  const params = new Params();
  const keys = keyTerms(params, rule, parts, bind);
  const tol = toleranceTerms(params, rule, parts, bind);
  const where = [
    'x._id <> y._id',
    openSql(x),
    `sy.status IN (${MATCHED})`,
    `NOT EXISTS (SELECT 1 FROM ${side.stateTable} z WHERE z.match_id = sy.match_id AND z.status = 'LATE_REVERSAL')`,
    ...predicates(params, rule, primaryFor(ctx, parts, label), () => x),
    ...tol.tests,
    ...comparisonTerms(params, rule, parts, bind),
    ...predicates(params, rule, parts.secondary, bind),
  ];
  const candidates = await exec(
    db,
    `CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
     SELECT x._id AS a_id, y._id AS b_id${tol.distances.map((d, i) => `, ${d} AS s${i + 1}`).join('')}
     FROM ${side.table} x JOIN ${side.table} y ON ${and(keys)} JOIN ${side.stateTable} sy ON sy._id = y._id
     WHERE ${and(where)}`,
    params,
  );
  const groups = await selectPairs(db, tol.distances.length, false, candidates);
  const rows = await exec(
    db,
    `INSERT INTO ${side.stateTable} (_id, status, match_id, rule_id, run_id)
     SELECT p.a_id, 'LATE_REVERSAL', sy.match_id, $1, $2 FROM rc_pairs p JOIN ${side.stateTable} sy ON sy._id = p.b_id`,
    [rule.id, runId],
  );
  return { candidates, groups, rowsA: label === 'A' ? rows : 0, rowsB: label === 'B' ? rows : 0 };
}
