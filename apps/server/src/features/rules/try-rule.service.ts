import {
  conditionMessage,
  firstRuleProblem,
  normalizeConditions,
  RULE_TEXTS,
  type TryRuleResponse,
  type tryRuleRequestSchema,
} from '@recon/contract';
import { withTransaction } from '@recon/db';
import { type EngineRule, RuleCompileError, tryRule as tryOnRows } from '@recon/recon-engine';
import type { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { plainValues } from '@/lib/recon/plain-values.ts';
import { ReconNotRunnable, reconSides } from '@/lib/recon/recon-input.ts';
import { checkContext, refuse } from './rules.service.ts';

type TryRuleBody = z.output<typeof tryRuleRequestSchema>;

/** The engine names the rule; the editor's messages name the condition only ("Condition 2: …"). */
function engineProblem(err: RuleCompileError) {
  const problem = err.message.replace(/^Rule ".*?"(, condition \d+)?: /, '');
  return refuse({
    field: 'rule.conditions',
    message: err.sequence === null ? problem : conditionMessage(err.sequence, problem),
  });
}

/**
 * POST /v2/rules/try: the save checks first (recon in the module, its sides, the conditions — the same 400s as a
 * save), then the engine on the picked rows, in a read-only transaction that is always rolled back.
 */
export async function tryRule(ctx: FeatureContext, moduleId: number, body: TryRuleBody): Promise<TryRuleResponse> {
  const check = await checkContext(ctx.db, moduleId, body.reconId);
  const conditions = normalizeConditions(body.rule.conditions);
  const problem = firstRuleProblem({ ruleType: body.rule.ruleType, conditions }, check);
  if (problem) throw refuse({ ...problem, field: `rule.${problem.field}` });
  let sides: Awaited<ReturnType<typeof reconSides>>;
  try {
    sides = await reconSides(ctx.db, moduleId, body.reconId);
  } catch (err) {
    if (err instanceof ReconNotRunnable) throw refuse({ field: 'reconId', message: RULE_TEXTS.reconWithoutSides });
    throw err;
  }
  const rule: EngineRule = {
    id: 0,
    name: '',
    ruleType: body.rule.ruleType,
    conditions: conditions as unknown as EngineRule['conditions'],
  };
  try {
    // Read only and rolled back: trying a rule never changes a row.
    return await withTransaction(ctx.db, { commit: false }, async ({ sql }) => {
      await sql.query('SET TRANSACTION READ ONLY');
      const tried = await tryOnRows(
        sql,
        { reconId: body.reconId, sideA: sides.A, sideB: sides.B, rules: [] },
        rule,
        body.rowIdsA,
        body.rowIdsB,
      );
      const kinds = (side: 'A' | 'B') => sides[side].columns;
      return {
        ...tried,
        rows: tried.rows.map(({ row, ...r }) => ({
          ...r,
          values: Object.fromEntries(
            Object.entries(plainValues(row, kinds(r.side))).map(([k, v]) => [k, v === null ? null : String(v)]),
          ),
        })),
      };
    });
  } catch (err) {
    if (err instanceof RuleCompileError) throw engineProblem(err);
    throw err;
  }
}
