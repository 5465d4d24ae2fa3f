import type { EngineRule, LeftOut, RuleOutcome, RunSummary } from './model.ts';
import { RuleCompileError } from './model.ts';
import { insideClosedSql, partsOf, sideOf } from './rule-sql.ts';
import { aggregatePairs } from './stages/aggregates.ts';
import { duplicateMatch } from './stages/duplicates.ts';
import { knockOff } from './stages/knock-off.ts';
import { crossPairs } from './stages/pairing.ts';
import { dropTemps, type RunContext, type StageOutcome, scalar } from './stages/run-context.ts';
import { lateReversal, sameSideReversal } from './stages/same-side.ts';

export type { RunContext } from './stages/run-context.ts';

/** Sends a rule to the stage of its type (stages/*.ts, each opening with what it reads and writes). */
async function runRule(ctx: RunContext, rule: EngineRule): Promise<StageOutcome> {
  const parts = partsOf(rule);
  for (const c of [...parts.primary, ...parts.secondary]) {
    if (sideOf(ctx.input, c.elementOne) === null) {
      throw new RuleCompileError(
        rule.name,
        c.sequence,
        'element one must be a column of side A or side B of the recon',
      );
    }
  }
  switch (rule.ruleType) {
    case 'KNOCK_OFF':
      return knockOff(ctx, rule, parts);
    case 'SAME_SIDE_REVERSAL':
      return sameSideReversal(ctx, rule, parts);
    case 'LATE_REVERSAL':
      return lateReversal(ctx, rule, parts);
    case 'DUPLICATE_MATCH':
      return duplicateMatch(ctx, rule, parts);
    case 'PARTIAL_RECONCILED':
      if (!parts.aggregated)
        throw new RuleCompileError(
          rule.name,
          null,
          'a partial reconciled rule needs a Sum, Average, Minimum or Maximum condition',
        );
      return aggregatePairs(ctx, rule, parts);
    default:
      return parts.aggregated ? aggregatePairs(ctx, rule, parts) : crossPairs(ctx, rule, parts);
  }
}

/**
 * Runs a recon's rules in order on its open rows, inside the caller's transaction (the caller commits, or rolls
 * back for a dry run). Every row a rule closes gets a state row carrying `runId`; nothing else is written.
 */
export async function runRecon(ctx: RunContext): Promise<RunSummary> {
  const started = performance.now();
  const leftOut = await leftOutRows(ctx);
  const rules: RuleOutcome[] = [];
  for (const rule of ctx.input.rules) {
    const t = performance.now();
    await dropTemps(ctx.db);
    const r = await runRule(ctx, rule);
    await dropTemps(ctx.db);
    rules.push({
      ruleId: rule.id,
      name: rule.name,
      ruleType: rule.ruleType,
      ...r,
      ms: Math.round(performance.now() - t),
    });
  }
  return {
    rules,
    rowsA: rules.reduce((n, r) => n + r.rowsA, 0),
    rowsB: rules.reduce((n, r) => n + r.rowsB, 0),
    ms: Math.round(performance.now() - started),
    ...(leftOut.length > 0 ? { leftOut } : {}),
  };
}

/**
 * The open rows of each side inside its closed period (counted once, before the rules: no rule reads them, so the
 * count holds for the whole run). Sides without a closed period cost nothing.
 */
async function leftOutRows(ctx: RunContext): Promise<LeftOut[]> {
  const out: LeftOut[] = [];
  const { sideA, sideB } = ctx.input;
  for (const [label, side] of [
    ['A', sideA],
    ['B', sideB],
  ] as const) {
    const period = side.closedPeriod;
    if (!period) continue;
    const rows = await scalar(
      ctx.db,
      `SELECT count(*) FROM ${side.table} r WHERE r._recon_status = 'UNRECONCILED' AND ${insideClosedSql('r', period)}
         AND NOT EXISTS (SELECT 1 FROM ${side.stateTable} st WHERE st._id = r._id)`,
    );
    out.push({ side: label, dataSourceId: side.dataSourceId, until: period.until, rows });
  }
  return out;
}
