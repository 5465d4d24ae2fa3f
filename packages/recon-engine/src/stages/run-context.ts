/**
 * What every stage gets and shares: the run's context, statement helpers (`exec`, `scalar`), the selectivity
 * guard, and the small rule checks and binders the cross-side stages have in common.
 *
 * Reads: nothing of its own (the guard samples the sides' data tables, see selectivity.ts).
 * Writes: nothing of its own; `dropTemps` drops the temp tables the stages create (rc_cand, rc_left, rc_pairs,
 * rc_ua, rc_ub, rc_ma, rc_mb), so each rule starts clean.
 */
import type { EngineElement, EngineRule, Queryable, ReconInput } from '../model.ts';
import { MATCHED_STATUSES, RuleCompileError } from '../model.ts';
import { type Binder, type Bound, type ConditionParts, sideOf } from '../rule-sql.ts';
import { type CandidateLimits, guardSelectivity } from '../selectivity.ts';
import { Params } from '../sql-expr.ts';

export type RunContext = {
  db: Queryable;
  input: ReconInput;
  runId: number;
  /** From this many new state rows on, an insert rebuilds the state table's indexes (tests lower it). */
  bulkRows?: number;
  /** How many key pairs a rule may join before it is refused (selectivity.ts; tests lower it). */
  candidateLimits?: CandidateLimits;
};

/** What a stage answers for its rule: candidate pairs admitted, groups formed, state rows written per side. */
export type StageOutcome = { candidates: number; groups: number; rowsA: number; rowsB: number };

/** The matched statuses as an SQL list (constants of the engine, not user data). */
export const MATCHED = MATCHED_STATUSES.map((s) => `'${s}'`).join(', ');

export async function exec(db: Queryable, sql: string, params: Params | unknown[] = []): Promise<number> {
  const values = params instanceof Params ? params.values : params;
  return (await db.query(sql, values)).rowCount ?? 0;
}

export async function scalar(db: Queryable, sql: string): Promise<number> {
  const r = await db.query(sql);
  return Number(Object.values(r.rows[0] ?? {})[0] ?? 0);
}

export async function scalarText(db: Queryable, sql: string): Promise<string> {
  const r = await db.query(sql);
  return String(Object.values(r.rows[0] ?? {})[0] ?? '');
}

/** Refuses a rule whose keys would pair too many rows, before the join runs (see selectivity.ts). */
export async function guard(
  ctx: RunContext,
  rule: EngineRule,
  parts: ConditionParts,
  bind: Binder,
  one: Bound,
  two: Bound,
  where: (params: Params, side: Bound) => string[],
): Promise<void> {
  const params = new Params();
  await guardSelectivity(
    ctx.db,
    rule,
    parts,
    bind,
    { bound: one, where: where(params, one) },
    { bound: two, where: where(params, two) },
    params,
    ctx.candidateLimits,
  );
}

/** Whether a state table holds no row (a data source's first run, or every rule's until one closes a row). */
export async function stateIsEmpty(db: Queryable, stateTable: string): Promise<boolean> {
  const r = await db.query(`SELECT NOT EXISTS (SELECT 1 FROM ${stateTable}) AS empty`);
  return r.rows[0]?.empty === true;
}

export async function dropTemps(db: Queryable): Promise<void> {
  await exec(db, 'DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_open_a, rc_open_b, rc_ua, rc_ub, rc_ma, rc_mb');
}

/** Binds cross-side elements by data source: side A is alias a, side B alias b. */
export function crossBinder(ctx: RunContext, rule: EngineRule, a: Bound, b: Bound): Binder {
  return (el: EngineElement) => {
    const side = sideOf(ctx.input, el);
    if (side === 'A') return a;
    if (side === 'B') return b;
    throw new RuleCompileError(rule.name, null, 'every column must belong to side A or side B of the recon');
  };
}

/**
 * A rule needs something to pair on: an Equal key, or — in a rule that adds a side up — a Group by, whose groups
 * are then held against every unit of the other side on the compared conditions (aggregates.ts). Group by means
 * nothing without an aggregate: refused there.
 */
export function requireKeys(rule: EngineRule, parts: ConditionParts): void {
  const [groupBy] = parts.groupBy;
  if (groupBy && !parts.aggregated) {
    throw new RuleCompileError(rule.name, groupBy.c.sequence, GROUP_BY_NEEDS_AGGREGATE);
  }
  if (parts.keys.length === 0 && !groupBy) {
    throw new RuleCompileError(
      rule.name,
      null,
      'add at least one enabled matching condition with Equal and no tolerance: the engine pairs rows on it',
    );
  }
}

export const GROUP_BY_NEEDS_AGGREGATE =
  'Group by applies to rules with Sum, Average, Minimum or Maximum: it says how the added-up side is grouped';

/** Which side(s) a rule's filters read: primary filters are applied to the rows of the side they name. */
export function primaryFor(ctx: RunContext, parts: ConditionParts, side: 'A' | 'B') {
  return parts.primary.filter((c) => sideOf(ctx.input, c.elementOne) === side);
}
