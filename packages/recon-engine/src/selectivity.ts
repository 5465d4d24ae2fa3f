import type { EngineRule, Queryable } from './model.ts';
import { RuleCompileError } from './model.ts';
import { type Binder, type Bound, type ConditionParts, elementExpr, inRule } from './rule-sql.ts';
import { compareSql, type Params } from './sql-expr.ts';

/**
 * A guard against rules whose Equal conditions do not tell rows apart. The engine joins the two sides on the
 * rule's Equal conditions and tests every other condition on each joined pair: keys such as a currency or a
 * channel pair every row with a large part of the other side (N × M pairs), and the run would take hours and
 * fill the disk. Before the join, the number of pairs is estimated from a block sample of each side (rows
 * grouped by key, then Σ countA(k) × countB(k) scaled up); above the limit the rule is refused with a message.
 */

/** Rows read per side by the sample. */
const SAMPLE_ROWS = 20_000;

export type CandidateLimits = {
  /** Sides whose row counts multiply to at most this are not sampled: they cannot pair more. */
  smallProduct: number;
  /** Pairs always allowed… */
  floor: number;
  /** …and pairs allowed per row of either side beyond that. */
  perRow: number;
};
export const CANDIDATE_LIMITS: CandidateLimits = { smallProduct: 25_000_000, floor: 25_000_000, perRow: 20 };

export type SampledSide = { bound: Bound; where: string[] };

async function rowEstimate(db: Queryable, table: string): Promise<number> {
  const r = await db.query('SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass', [table]);
  const n = Number(r.rows[0]?.n ?? -1);
  if (n >= 0) return n;
  // Never analysed: count it (a table this new is rarely large).
  const c = await db.query(`SELECT count(*)::float8 AS n FROM ${table}`);
  return Number(c.rows[0]?.n ?? 0);
}

const percentFor = (rows: number) => Math.min(100, (100 * SAMPLE_ROWS) / Math.max(rows, 1));
/**
 * Block sample with a fixed seed (the same answer every run), a different seed per side: with one seed both
 * sides would read the same block numbers, and files loaded in the same order would then match far more often in
 * the sample than in the tables (a reference key estimated at up to 1/p times its pairs).
 */
const sampleClause = (percent: number, seed: number) =>
  percent >= 100 ? '' : ` TABLESAMPLE SYSTEM (${percent.toFixed(6)}) REPEATABLE (${seed})`;

/** How many pairs the rule's keys would join, estimated; null when the sides are too small to matter. */
export async function estimatePairs(
  db: Queryable,
  rule: EngineRule,
  parts: ConditionParts,
  bind: Binder,
  one: SampledSide,
  two: SampledSide,
  params: Params,
  smallProduct: number,
): Promise<{ pairs: number; rowsOne: number; rowsTwo: number } | null> {
  const rowsOne = await rowEstimate(db, one.bound.side.table);
  const rowsTwo = await rowEstimate(db, two.bound.side.table);
  if (rowsOne * rowsTwo <= smallProduct) return null;
  // Each key's expression on each side, in key order.
  const keys = parts.keys.map((k) =>
    inRule(rule, k.c, () => {
      const x = elementExpr(params, k.one, bind(k.one, 'one'));
      const y = elementExpr(params, k.two, bind(k.two, 'two'));
      return bind(k.one, 'one').alias === one.bound.alias ? { one: x, two: y } : { one: y, two: x };
    }),
  );
  const grouped = (s: SampledSide, exprs: string[], rows: number, seed: number) =>
    `SELECT ${exprs.map((e, i) => `${e} AS k${i + 1}`).join(', ')}, count(*)::float8 AS n
     FROM ${s.bound.side.table} ${s.bound.alias}${sampleClause(percentFor(rows), seed)}
     WHERE ${s.where.length ? s.where.map((w) => `(${w})`).join(' AND ') : 'true'}
     GROUP BY ${exprs.map((_, i) => i + 1).join(', ')}`;
  const join = keys
    .map((k, i) => compareSql({ ...k.one, sql: `l.k${i + 1}` }, 'EQUAL', { ...k.two, sql: `r.k${i + 1}` }))
    .join(' AND ');
  // The two grouped samples are joined by hash, never in a nested loop: after a rolled-back bulk run the state
  // table's statistics still count the rows it briefly held (an index build records them outside the transaction),
  // the open-row anti-join is then estimated at one row, and a nested loop over 20,000 × 20,000 sampled keys took
  // minutes (measured on the 1M bench after a dry run). This statement only.
  const nestLoop = await db.query("SELECT current_setting('enable_nestloop') AS v");
  await db.query("SET LOCAL enable_nestloop = 'off'");
  const r = await db.query(
    `WITH l AS (${grouped(
      one,
      keys.map((k) => k.one.sql),
      rowsOne,
      7,
    )}), r AS (${grouped(
      two,
      keys.map((k) => k.two.sql),
      rowsTwo,
      1013,
    )})
     SELECT coalesce(sum(l.n * r.n), 0)::float8 AS pairs FROM l JOIN r ON ${join}`,
    params.values,
  );
  await db.query("SELECT set_config('enable_nestloop', $1, true)", [nestLoop.rows[0]?.v]);
  const scale = (percentFor(rowsOne) / 100) * (percentFor(rowsTwo) / 100);
  return { pairs: Number(r.rows[0]?.pairs ?? 0) / scale, rowsOne, rowsTwo };
}

const round = (n: number) =>
  n >= 1e9
    ? `${(n / 1e9).toFixed(1)} billion`
    : n >= 1e6
      ? `${Math.round(n / 1e6)} million`
      : Math.round(n).toLocaleString('en-US');

/** Refuses the rule when its keys would join more pairs than the limit (see CANDIDATE_LIMITS). */
export async function guardSelectivity(
  db: Queryable,
  rule: EngineRule,
  parts: ConditionParts,
  bind: Binder,
  one: SampledSide,
  two: SampledSide,
  params: Params,
  limits: CandidateLimits = CANDIDATE_LIMITS,
): Promise<void> {
  const e = await estimatePairs(db, rule, parts, bind, one, two, params, limits.smallProduct);
  if (!e) return;
  const limit = Math.max(limits.floor, limits.perRow * (e.rowsOne + e.rowsTwo));
  if (e.pairs <= limit) return;
  throw new RuleCompileError(
    rule.name,
    null,
    `its Equal conditions pair about ${round(e.pairs)} row combinations (the limit is ${round(limit)}): ` +
      'add an Equal condition on a column that identifies a transaction, such as a reference',
  );
}
