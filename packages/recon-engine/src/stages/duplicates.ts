/**
 * Duplicates: an open row that matches a row of the other side already matched joins that row's group as
 * DUPLICATE_MATCH. Both directions (open A against matched B, then open B against matched A); each open row takes
 * its best such counterpart. No one-to-one selection: several duplicates may join one group.
 *
 * Reads: the data tables of both sides; the open side's state table (open rows); the matched side's state table
 * (rows with a matched status and their match ids).
 * Writes: rc_cand (o_id, match_id, s1..sn, m_id), dropped after each direction; one DUPLICATE_MATCH state row
 * per open row taken, in the open side's state table, with the match id of the group it joins.
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
  MATCHED,
  primaryFor,
  type RunContext,
  requireKeys,
  type StageOutcome,
  scalar,
} from './run-context.ts';

export async function duplicateMatch(ctx: RunContext, rule: EngineRule, parts: ConditionParts): Promise<StageOutcome> {
  requireKeys(rule, parts);
  const { db, input, runId } = ctx;
  const a: Bound = { side: input.sideA, alias: 'a' };
  const b: Bound = { side: input.sideB, alias: 'b' };
  const bind = crossBinder(ctx, rule, a, b);
  const out = { candidates: 0, groups: 0, rowsA: 0, rowsB: 0 };
  for (const openSide of ['A', 'B'] as const) {
    const open = openSide === 'A' ? a : b;
    const matched = openSide === 'A' ? b : a;
    await guard(ctx, rule, parts, bind, a, b, (p, s) =>
      s === open
        ? [openSql(open), ...predicates(p, rule, primaryFor(ctx, parts, openSide), bind)]
        : [
            `EXISTS (SELECT 1 FROM ${s.side.stateTable} sm WHERE sm._id = ${s.alias}._id AND sm.status IN (${MATCHED}))`,
          ],
    );
    const params = new Params();
    const keys = keyTerms(params, rule, parts, bind);
    const tol = toleranceTerms(params, rule, parts, bind);
    const where = [
      openSql(open),
      `sm.status IN (${MATCHED})`,
      ...predicates(params, rule, primaryFor(ctx, parts, openSide), bind),
      ...tol.tests,
      ...comparisonTerms(params, rule, parts, bind),
      ...predicates(params, rule, parts.secondary, bind),
    ];
    const s = tol.distances.map((_, i) => `s${i + 1}`);
    await exec(
      db,
      `CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
       SELECT ${open.alias}._id AS o_id, sm.match_id${tol.distances.map((d, i) => `, ${d} AS s${i + 1}`).join('')}, ${matched.alias}._id AS m_id
       FROM ${input.sideA.table} a JOIN ${input.sideB.table} b ON ${and(keys)}
       JOIN ${matched.side.stateTable} sm ON sm._id = ${matched.alias}._id
       WHERE ${and(where)}`,
      params,
    );
    out.candidates += await scalar(db, 'SELECT count(*) FROM rc_cand');
    const rows = await exec(
      db,
      `INSERT INTO ${open.side.stateTable} (_id, status, match_id, rule_id, run_id)
       SELECT DISTINCT ON (o_id) o_id, 'DUPLICATE_MATCH', match_id, $1, $2 FROM rc_cand ORDER BY o_id, ${[...s, 'm_id'].join(', ')}`,
      [rule.id, runId],
    );
    out.groups += rows;
    if (openSide === 'A') out.rowsA += rows;
    else out.rowsB += rows;
    await exec(db, 'DROP TABLE rc_cand');
  }
  return out;
}
