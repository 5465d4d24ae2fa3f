/**
 * The candidate join of an aggregate rule without an Equal key (its grouped side is formed by Group by only, e.g.
 * settlement rows by settlement id against bank credits that carry no id): units meet on the compared conditions
 * alone. An exact total (tolerance 0) is written as an equality so PostgreSQL can hash-join on it; before the join,
 * the pairs it would produce are counted on the unit tables and the rule is refused above the engine's limit, as the
 * selectivity guard refuses keys that do not tell rows apart.
 *
 * Reads: rc_ua and rc_ub (the units, see aggregates.ts). Writes: nothing.
 */
import type { EngineCondition, EngineRule, Queryable } from '../model.ts';
import { RuleCompileError } from '../model.ts';
import { CANDIDATE_LIMITS, type CandidateLimits } from '../selectivity.ts';
import type { Range } from '../sql-expr.ts';

/** A compared condition that holds only when both values are equal (a total with tolerance 0, no window). */
export const isExactTotal = (c: EngineCondition, isWindow: boolean) => !isWindow && (c.tolerance ?? 0) === 0;

/** The two sides of an exact total's equality over unit values (side A's, side B's); numbers as exact numerics. */
export function exactSides(one: Range, two: Range): { a: string; b: string } {
  if (one.kind === 'number') return { a: `(${one.lo})::numeric`, b: `(${two.lo})::numeric` };
  return { a: one.lo, b: two.lo };
}

const rough = (n: number) =>
  n >= 1e9
    ? `${(n / 1e9).toFixed(1)} billion`
    : n >= 1e6
      ? `${Math.round(n / 1e6)} million`
      : Math.round(n).toLocaleString('en-US');

/**
 * Refuses the rule when its units would pair too many times: exactly counted on the exact totals when it has any
 * (Σ countA(v) × countB(v)), else every unit of A with every unit of B.
 */
export async function guardUnkeyedJoin(
  db: Queryable,
  rule: EngineRule,
  exact: { a: string; b: string }[],
  limits: CandidateLimits = CANDIDATE_LIMITS,
): Promise<void> {
  const counts = await db.query(
    'SELECT (SELECT count(*) FROM rc_ua)::float8 AS a, (SELECT count(*) FROM rc_ub)::float8 AS b',
  );
  const unitsA = Number(counts.rows[0]?.a ?? 0);
  const unitsB = Number(counts.rows[0]?.b ?? 0);
  if (unitsA * unitsB <= limits.smallProduct) return;
  let pairs = unitsA * unitsB;
  if (exact.length) {
    const cols = (side: 'a' | 'b') => exact.map((e, i) => `${e[side]} AS e${i + 1}`).join(', ');
    const group = exact.map((_, i) => i + 1).join(', ');
    const r = await db.query(
      `SELECT coalesce(sum(l.n * r.n), 0)::float8 AS pairs
       FROM (SELECT ${cols('a')}, count(*)::float8 AS n FROM rc_ua ua GROUP BY ${group}) l
       JOIN (SELECT ${cols('b')}, count(*)::float8 AS n FROM rc_ub ub GROUP BY ${group}) r
         ON ${exact.map((_, i) => `l.e${i + 1} = r.e${i + 1}`).join(' AND ')}`,
    );
    pairs = Number(r.rows[0]?.pairs ?? 0);
  }
  const limit = Math.max(limits.floor, limits.perRow * (unitsA + unitsB));
  if (pairs <= limit) return;
  throw new RuleCompileError(
    rule.name,
    null,
    `with no Equal key, its groups meet the other side on the compared conditions alone: about ${rough(pairs)} ` +
      `combinations (the limit is ${rough(limit)}): add an Equal condition on a column both sides share, ` +
      'or compare the total exactly (tolerance 0)',
  );
}
