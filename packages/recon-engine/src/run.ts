import type { EngineElement, EngineRule, EngineSide, Queryable, ReconInput, RuleOutcome, RunSummary } from './model.ts';
import { MATCHED_STATUSES, RuleCompileError } from './model.ts';
import {
  and,
  type Binder,
  type Bound,
  type ConditionParts,
  comparisonTerms,
  elementExpr,
  inRule,
  keyTerms,
  openSql,
  partsOf,
  predicates,
  sideOf,
  toleranceTerms,
} from './rule-sql.ts';
import { type CandidateLimits, guardSelectivity } from './selectivity.ts';
import { type Expr, Params, toleranceSql } from './sql-expr.ts';

export type RunContext = {
  db: Queryable;
  input: ReconInput;
  runId: number;
  /** From this many new state rows on, an insert rebuilds the state table's indexes (tests lower it). */
  bulkRows?: number;
  /** How many key pairs a rule may join before it is refused (selectivity.ts; tests lower it). */
  candidateLimits?: CandidateLimits;
};

/** Refuses a rule whose keys would pair too many rows, before the join runs (see selectivity.ts). */
async function guard(
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

/** One-to-one selection stops after this many rounds; each round pairs every mutual best candidate left. */
const MAX_ROUNDS = 200;
const MATCHED = MATCHED_STATUSES.map((s) => `'${s}'`).join(', ');

async function exec(db: Queryable, sql: string, params: Params | unknown[] = []): Promise<number> {
  const values = params instanceof Params ? params.values : params;
  return (await db.query(sql, values)).rowCount ?? 0;
}

async function scalar(db: Queryable, sql: string): Promise<number> {
  const r = await db.query(sql);
  return Number(Object.values(r.rows[0] ?? {})[0] ?? 0);
}

const scoreCols = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);

/** Ids per match-id block (migration 202611230800_match_id_blocks.sql). */
const MATCH_BLOCK = 65_536;

/**
 * Picks one-to-one pairs from rc_cand (a_id, b_id, s1..sn) into rc_pairs: a pair is taken when each is the
 * other's best candidate — smallest distances in order, then (from the second round) the pair whose ranks in
 * each other's candidate lists are closest, so duplicates on both sides pair off in order, then the lowest ids.
 * Taken rows leave the candidates and the next round runs on what is left. `candidates` is rc_cand's row count.
 */
async function selectPairs(db: Queryable, scores: number, symmetric: boolean, candidates: number): Promise<number> {
  const s = scoreCols(scores);
  const by = (extra: string[]) => [...s, ...extra].join(', ');
  const list = s.map((c) => `, ${c}`).join('');
  await exec(
    db,
    `CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP`,
  );
  // Without statistics the planner takes each DISTINCT ON for 200 rows and joins them in a nested loop (minutes
  // on a million candidates): ANALYZE first.
  if (candidates > 0) await exec(db, 'ANALYZE rc_cand');
  let total = 0;
  let left = candidates;
  for (let round = 1; round <= MAX_ROUNDS && left > 0; round++) {
    // Round one has no rank distance yet and reads the candidates directly: a materialized CTE of a million rows
    // costs more than the table's second scan.
    const ranked = `WITH c AS MATERIALIZED (SELECT a_id, b_id${list},
         abs(row_number() OVER (PARTITION BY a_id ORDER BY b_id) - row_number() OVER (PARTITION BY b_id ORDER BY a_id)) AS od
       FROM rc_cand)`;
    const od = round === 1 ? [] : ['od'];
    let pairs: string;
    let withClause: string;
    if (!symmetric) {
      const from = round === 1 ? 'rc_cand' : 'c';
      withClause = round === 1 ? '' : ranked;
      pairs = `SELECT x.a_id, x.b_id
         FROM (SELECT DISTINCT ON (a_id) a_id, b_id FROM ${from} ORDER BY a_id, ${by([...od, 'b_id'])}) x
         JOIN (SELECT DISTINCT ON (b_id) b_id, a_id FROM ${from} ORDER BY b_id, ${by([...od, 'a_id'])}) y
           ON y.a_id = x.a_id AND y.b_id = x.b_id`;
    } else {
      // Same-side pairs: a row may sit on either end of a candidate; its best partner is over both ends.
      const from = round === 1 ? 'rc_cand' : 'c';
      withClause = `${round === 1 ? 'WITH' : `${ranked},`}
         u AS (SELECT a_id AS r, b_id AS q${list}${round === 1 ? '' : ', od'} FROM ${from}
               UNION ALL SELECT b_id, a_id${list}${round === 1 ? '' : ', od'} FROM ${from}),
         best AS MATERIALIZED (SELECT DISTINCT ON (r) r, q FROM u ORDER BY r, ${by([...od, 'q'])})`;
      pairs = 'SELECT p.r AS a_id, p.q AS b_id FROM best p JOIN best o ON o.r = p.q AND o.q = p.r WHERE p.r < p.q';
    }
    // Each pair gets its group's match id as it is taken: the k-th pair of the round the k-th id of the blocks
    // reserved for as many pairs as there are candidates (there cannot be more).
    // The blocks are asked for first, in a statement of their own: inside the insert the planner may run the
    // function once per row.
    const blocks = (await db.query('SELECT recon_match_ids($1) AS ids', [left])).rows[0]?.ids;
    const taken = await exec(
      db,
      `${withClause}
       INSERT INTO rc_pairs (a_id, b_id, match_id)
       SELECT n.a_id, n.b_id, ($1::bigint[])[n.k / ${MATCH_BLOCK} + 1] + n.k % ${MATCH_BLOCK}
       FROM (SELECT p.a_id, p.b_id, row_number() OVER () - 1 AS k FROM (${pairs}) p) n`,
      [blocks],
    );
    total += taken;
    if (taken === 0) break;
    // Every candidate taken: nothing can be left (a candidate's two ends are distinct rows of distinct pairs).
    if (!symmetric && left === taken) break;
    left = await dropTaken(db, symmetric);
  }
  return total;
}

/** Rows taken leave every candidate they are in (ids of one table may sit on either end of a same-side pair). */
async function dropTaken(db: Queryable, symmetric: boolean): Promise<number> {
  const ends = symmetric ? ['a_id', 'b_id'] : null;
  const gone = ends
    ? ends.flatMap((c) => ends.map((p) => `NOT EXISTS (SELECT 1 FROM rc_pairs p WHERE p.${p} = c.${c})`))
    : [
        'NOT EXISTS (SELECT 1 FROM rc_pairs p WHERE p.a_id = c.a_id)',
        'NOT EXISTS (SELECT 1 FROM rc_pairs p WHERE p.b_id = c.b_id)',
      ];
  await exec(db, `CREATE TEMP TABLE rc_left ON COMMIT DROP AS SELECT * FROM rc_cand c WHERE ${gone.join(' AND ')}`);
  await exec(db, 'DROP TABLE rc_cand');
  await exec(db, 'ALTER TABLE rc_left RENAME TO rc_cand');
  const left = await scalar(db, 'SELECT count(*) FROM rc_cand');
  if (left > 0) await exec(db, 'ANALYZE rc_cand');
  return left;
}

async function dropTemps(db: Queryable): Promise<void> {
  await exec(db, 'DROP TABLE IF EXISTS rc_cand, rc_left, rc_pairs, rc_ua, rc_ub, rc_ma, rc_mb');
}

/** Binds cross-side elements by data source: side A is alias a, side B alias b. */
function crossBinder(ctx: RunContext, rule: EngineRule, a: Bound, b: Bound): Binder {
  return (el: EngineElement) => {
    const side = sideOf(ctx.input, el);
    if (side === 'A') return a;
    if (side === 'B') return b;
    throw new RuleCompileError(rule.name, null, 'every column must belong to side A or side B of the recon');
  };
}

function requireKeys(rule: EngineRule, parts: ConditionParts): void {
  if (parts.keys.length === 0) {
    throw new RuleCompileError(
      rule.name,
      null,
      'add at least one enabled matching condition with Equal and no tolerance: the engine pairs rows on it',
    );
  }
}

/** Which side(s) a rule's filters read: primary filters are applied to the rows of the side they name. */
function primaryFor(ctx: RunContext, parts: ConditionParts, side: 'A' | 'B') {
  return parts.primary.filter((c) => sideOf(ctx.input, c.elementOne) === side);
}

/** Below this many new state rows, indexes are maintained row by row. */
const BULK_ROWS = 50_000;

/**
 * Inserts state rows. A large insert into a state table holding fewer rows than it adds drops the table's
 * indexes, inserts, and builds them again — measured 1.1–1.7 s instead of 2.5 s per million rows. The drop takes
 * the table's exclusive lock until the run commits: readers of that data source wait for the run (a big first
 * run; daily incremental runs stay below the threshold). DDL is transactional: a dry run or failure restores all.
 */
async function bulkInsert(
  db: Queryable,
  table: string,
  /** The insert; `ordered` asks for rows in id order (appending to the primary key) when indexes stay. */
  insert: (ordered: boolean) => string,
  values: unknown[],
  expected: number,
  threshold: number,
): Promise<number> {
  if (expected < threshold) return exec(db, insert(true), values);
  const existing = await scalar(db, `SELECT count(*) FROM (SELECT 1 FROM ${table} LIMIT ${expected}) s`);
  if (existing >= expected) return exec(db, insert(true), values);
  const indexes = await db.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def, c.conname
     FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.contype = 'p'
     WHERE i.indrelid = $1::regclass`,
    [table],
  );
  for (const ix of indexes.rows) {
    await exec(db, ix.conname ? `ALTER TABLE ${table} DROP CONSTRAINT "${ix.conname}"` : `DROP INDEX ${ix.name}`);
  }
  const rows = await exec(db, insert(false), values);
  for (const ix of indexes.rows) {
    await exec(
      db,
      ix.conname ? `ALTER TABLE ${table} ADD CONSTRAINT "${ix.conname}" PRIMARY KEY (_id)` : String(ix.def),
    );
  }
  return rows;
}

/** Writes matched groups: one match id per (a, b) pair, then each side's rows into its state table. */
async function writeGroups(
  ctx: RunContext,
  rule: EngineRule,
  status: string,
  /** Unit → row id of each side when units are groups; pairs of rows need none. */
  members: { a: string; b: string } | null,
): Promise<{ groups: number; rowsA: number; rowsB: number }> {
  const { db, input, runId } = ctx;
  const groups = await scalar(db, 'SELECT count(*) FROM rc_pairs');
  // Rows go in in id order while the indexes stay: the primary key is then appended to, not scattered into.
  const write = (table: string, end: 'a_id' | 'b_id', m: string | undefined) =>
    bulkInsert(
      db,
      table,
      (ordered) =>
        `INSERT INTO ${table} (_id, status, match_id, rule_id, run_id)
         ${
           m
             ? `SELECT m._id, $1, g.match_id, $2, $3 FROM rc_pairs g JOIN (${m}) m ON m.u_id = g.${end}${ordered ? ' ORDER BY m._id' : ''}`
             : `SELECT g.${end}, $1, g.match_id, $2, $3 FROM rc_pairs g${ordered ? ` ORDER BY g.${end}` : ''}`
         }`,
      [status, rule.id, runId],
      groups,
      ctx.bulkRows ?? BULK_ROWS,
    );
  const rowsA = await write(input.sideA.stateTable, 'a_id', members?.a);
  const rowsB = await write(input.sideB.stateTable, 'b_id', members?.b);
  return { groups, rowsA, rowsB };
}

/** One-to-one pairs across the sides (Reconciled, Relax match, Propose match). */
async function crossPairs(ctx: RunContext, rule: EngineRule, parts: ConditionParts) {
  requireKeys(rule, parts);
  const { db, input } = ctx;
  const a: Bound = { side: input.sideA, alias: 'a' };
  const b: Bound = { side: input.sideB, alias: 'b' };
  const bind = crossBinder(ctx, rule, a, b);
  await guard(ctx, rule, parts, bind, a, b, (p, s) => [
    openSql(s),
    ...predicates(p, rule, primaryFor(ctx, parts, s === a ? 'A' : 'B'), bind),
  ]);
  const params = new Params();
  const keys = keyTerms(params, rule, parts, bind);
  const tol = toleranceTerms(params, rule, parts, bind);
  const where = [
    openSql(a),
    openSql(b),
    ...predicates(params, rule, primaryFor(ctx, parts, 'A'), bind),
    ...predicates(params, rule, primaryFor(ctx, parts, 'B'), bind),
    ...tol.tests,
    ...comparisonTerms(params, rule, parts, bind),
    ...predicates(params, rule, parts.secondary, bind),
  ];
  const candidates = await exec(
    db,
    `CREATE TEMP TABLE rc_cand ON COMMIT DROP AS
     SELECT a._id AS a_id, b._id AS b_id${tol.distances.map((d, i) => `, ${d} AS s${i + 1}`).join('')}
     FROM ${input.sideA.table} a JOIN ${input.sideB.table} b ON ${and(keys)}
     WHERE ${and(where)}`,
    params,
  );
  await selectPairs(db, tol.distances.length, false, candidates);
  const written = await writeGroups(ctx, rule, rule.ruleType, null);
  return { candidates, ...written };
}

/**
 * Many-to-one, one-to-many and many-to-many (a side has Sum or Average): the aggregated side's open rows are
 * grouped by its equality-key values into units; units pair one-to-one; a unit's rows share the match id.
 */
async function aggregatePairs(ctx: RunContext, rule: EngineRule, parts: ConditionParts) {
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
async function sameSideReversal(ctx: RunContext, rule: EngineRule, parts: ConditionParts) {
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
async function lateReversal(ctx: RunContext, rule: EngineRule, parts: ConditionParts) {
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

/**
 * Duplicate match: an open row that matches a row of the other side already matched joins that row's group as
 * DUPLICATE_MATCH. Both directions; each open row takes its best such counterpart.
 */
async function duplicateMatch(ctx: RunContext, rule: EngineRule, parts: ConditionParts) {
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

/** Knock off: the open rows of one side that pass the rule's filters are closed with the rule as the reason. */
async function knockOff(ctx: RunContext, rule: EngineRule, parts: ConditionParts) {
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

async function runRule(ctx: RunContext, rule: EngineRule) {
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
        throw new RuleCompileError(rule.name, null, 'a partial reconciled rule needs a Sum or Average condition');
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
  };
}
