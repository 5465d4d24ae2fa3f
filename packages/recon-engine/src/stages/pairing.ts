/**
 * Cross pairs: one-to-one pairs across the sides (Reconciled, Relax match, Propose match without aggregates).
 *
 * Reads: the data tables of side A (alias a) and side B (alias b), their state tables (open rows only).
 * Writes: rc_cand (a_id, b_id, s1..sn: every pair the conditions admit, with its distances); then selection
 * (rc_pairs) and state write (one state row per paired row on each side, status = the rule type).
 */
import type { EngineRule } from '../model.ts';
import {
  and,
  type Bound,
  type ConditionParts,
  comparisonTerms,
  keyTerms,
  openSql,
  predicates,
  toleranceTerms,
} from '../rule-sql.ts';
import { Params } from '../sql-expr.ts';
import {
  crossBinder,
  exec,
  guard,
  primaryFor,
  type RunContext,
  requireKeys,
  type StageOutcome,
  scalarText,
  stateIsEmpty,
} from './run-context.ts';
import { selectPairs } from './selection.ts';
import { writeGroups } from './state-write.ts';

export async function crossPairs(ctx: RunContext, rule: EngineRule, parts: ConditionParts): Promise<StageOutcome> {
  requireKeys(rule, parts);
  const { db, input } = ctx;
  const a: Bound = { side: input.sideA, alias: 'a' };
  const b: Bound = { side: input.sideB, alias: 'b' };
  const bind = crossBinder(ctx, rule, a, b);
  // An empty state table closes nothing: its anti-join is left out. Kept, it runs after the parallel join whenever
  // PostgreSQL expects that join to return few rows (an extracted key has no statistics): one index probe per
  // candidate and side, in the leader alone (about 1 s for the realistic bench's 915k candidates).
  const emptyA = await stateIsEmpty(db, input.sideA.stateTable);
  const emptyB = await stateIsEmpty(db, input.sideB.stateTable);
  await guard(ctx, rule, parts, bind, a, b, (p, s) => [
    openSql(s, s === a ? emptyA : emptyB),
    ...predicates(p, rule, primaryFor(ctx, parts, s === a ? 'A' : 'B'), bind),
  ]);
  const params = new Params();
  const keys = keyTerms(params, rule, parts, bind);
  const tol = toleranceTerms(params, rule, parts, bind);
  const where = [
    openSql(a, emptyA),
    openSql(b, emptyB),
    ...predicates(params, rule, primaryFor(ctx, parts, 'A'), bind),
    ...predicates(params, rule, primaryFor(ctx, parts, 'B'), bind),
    ...tol.tests,
    ...comparisonTerms(params, rule, parts, bind),
    ...predicates(params, rule, parts.secondary, bind),
  ];
  // The keys are often expressions (transforms) without statistics: PostgreSQL then guesses 200 distinct values,
  // expects tens of millions of pairs and picks a merge join, whose parallel form sorts the whole of side B in
  // every worker. A hash join reads each side once (1M × 1M bench: about a third less time). This statement only.
  const mergeJoin = await scalarText(db, "SELECT current_setting('enable_mergejoin')");
  await exec(db, "SET LOCAL enable_mergejoin = 'off'");
  const candidates = await exec(
    db,
    `CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
     SELECT a._id AS a_id, b._id AS b_id${tol.distances.map((d, i) => `, ${d} AS s${i + 1}`).join('')}
     FROM ${input.sideA.table} a JOIN ${input.sideB.table} b ON ${and(keys)}
     WHERE ${and(where)}`,
    params,
  );
  await exec(db, "SELECT set_config('enable_mergejoin', $1, true)", [mergeJoin]);
  const groups = await selectPairs(db, tol.distances.length, false, candidates);
  const written = await writeGroups(ctx, rule, rule.ruleType, null, groups);
  return { candidates, ...written };
}
