/**
 * Knock off: the open rows of one side that pass the rule's filters are closed with the rule as the reason.
 *
 * Reads: the data table of the one side the filters name, and its state table (open rows only).
 * Writes: one KNOCK_OFF state row per selected row in that side's state table (no match id; reason
 * "Rule: <name>").
 */
import type { EngineRule } from '../model.ts';
import { RuleCompileError } from '../model.ts';
import { and, type Bound, type ConditionParts, openSql, predicates, sideOf } from '../rule-sql.ts';
import { Params } from '../sql-expr.ts';
import { exec, type RunContext, type StageOutcome } from './run-context.ts';

export async function knockOff(ctx: RunContext, rule: EngineRule, parts: ConditionParts): Promise<StageOutcome> {
  const { input, runId } = ctx;
  const filters = [...parts.primary, ...parts.secondary];
  const sides = new Set(filters.map((c) => sideOf(input, c.elementOne)));
  if (filters.length === 0) {
    throw new RuleCompileError(
      rule.name,
      null,
      'a knock off rule closes the rows its filters select: add at least one enabled filter',
    );
  }
  if (sides.size !== 1 || sides.has(null))
    throw new RuleCompileError(rule.name, null, 'a knock off rule filters the rows of one data source');
  const label = [...sides][0] as 'A' | 'B';
  const bound: Bound = { side: label === 'A' ? input.sideA : input.sideB, alias: 't' };
  const params = new Params();
  const where = [openSql(bound), ...predicates(params, rule, filters, () => bound)];
  const p = (v: unknown, cast: string) => params.add(v, cast);
  const rows = await exec(
    ctx.db,
    `INSERT INTO ${bound.side.stateTable} (_id, status, rule_id, run_id, reason)
     SELECT t._id, 'KNOCK_OFF', ${p(rule.id, 'bigint')}, ${p(runId, 'bigint')}, ${p(`Rule: ${rule.name}`, 'text')}
     FROM ${bound.side.table} t WHERE ${and(where)}`,
    params,
  );
  return { candidates: rows, groups: 0, rowsA: label === 'A' ? rows : 0, rowsB: label === 'B' ? rows : 0 };
}
