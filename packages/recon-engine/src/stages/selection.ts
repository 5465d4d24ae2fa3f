/**
 * One-to-one selection: which candidate pairs become matched pairs, and the match id each pair gets.
 *
 * Reads: rc_cand (a_id, b_id, s1..sn: the candidate pairs of a stage and their distances, smallest first);
 * `recon_match_ids(n)` for blocks of match ids (migration 202611230800_match_id_blocks.sql).
 * Writes: rc_pairs (a_id, b_id, match_id); rc_cand is rebuilt each round without the rows already taken
 * (through rc_left).
 */
import type { Queryable } from '../model.ts';
import { exec, scalar } from './run-context.ts';

/** One-to-one selection stops after this many rounds; each round pairs every mutual best candidate left. */
const MAX_ROUNDS = 200;

/** Ids per match-id block (migration 202611230800_match_id_blocks.sql). */
const MATCH_BLOCK = 65_536;

const scoreCols = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);

/**
 * Picks one-to-one pairs from rc_cand (a_id, b_id, s1..sn) into rc_pairs: a pair is taken when each is the
 * other's best candidate — smallest distances in order, then (from the second round) the pair whose ranks in
 * each other's candidate lists are closest, so duplicates on both sides pair off in order, then the lowest ids.
 * Taken rows leave the candidates and the next round runs on what is left. `candidates` is rc_cand's row count.
 */
export async function selectPairs(
  db: Queryable,
  scores: number,
  symmetric: boolean,
  candidates: number,
): Promise<number> {
  const s = scoreCols(scores);
  const by = (extra: string[]) => [...s, ...extra].join(', ');
  const list = s.map((c) => `, ${c}`).join('');
  await exec(
    db,
    `CREATE TEMP TABLE rc_pairs (a_id bigint NOT NULL, b_id bigint NOT NULL, match_id bigint NOT NULL) ON COMMIT DROP`,
  );
  // Same-side pairs join two DISTINCT ON sets: without statistics the planner takes each for 200 rows and joins
  // them in a nested loop (minutes on a million candidates), so ANALYZE first. Cross pairs read rc_cand in one
  // pipeline of two sorts and join nothing: statistics would not change their plan.
  if (symmetric && candidates > 0) await exec(db, 'ANALYZE rc_cand');
  let total = 0;
  let left = candidates;
  for (let round = 1; round <= MAX_ROUNDS && left > 0; round++) {
    // Round one has no rank distance yet and reads the candidates directly: a materialized CTE of a million rows
    // costs more than the table's second scan.
    const ranked = `WITH c AS MATERIALIZED (SELECT a_id, b_id${list},
         abs(row_number() OVER (PARTITION BY a_id ORDER BY b_id) - row_number() OVER (PARTITION BY b_id ORDER BY a_id)) AS od
       FROM rc_cand)`;
    const od = round === 1 ? [] : ['od'];
    const from = round === 1 ? 'rc_cand' : 'c';
    // Each pair gets its group's match id as it is taken: the k-th pair of the round the k-th id of the blocks
    // reserved for as many pairs as there are candidates (there cannot be more).
    // The blocks are asked for first, in a statement of their own: inside the insert the planner may run the
    // function once per row.
    const blocks = (await db.query('SELECT recon_match_ids($1) AS ids', [left])).rows[0]?.ids;
    let withClause: string;
    let pairs: string;
    if (!symmetric) {
      // A candidate is taken when it ranks first among its A row's candidates (ra) and among its B row's (rb).
      // Both ranks in one pipeline — sort by A, number, sort by B, number — instead of two DISTINCT ON sets
      // joined on (a_id, b_id): the same pairs (a pair of rows is one candidate), without hashing a million
      // rows or scanning the candidates twice.
      // The same ranks name the rows left open: an A row is open when its first candidate is not its B row's first
      // (ra = 1, rb > 1), a B row likewise (rb = 1, ra > 1). They go to rc_open_a / rc_open_b, so the next round's
      // candidates are a join with those few ids instead of two anti-joins with every pair taken. Realistic bench
      // data, five runs each: 2.0 s for the round and the leftovers instead of 2.7 s; 0.2 s more when nothing is
      // left (the ranks are kept in memory for the three reads).
      await exec(db, 'CREATE TEMP TABLE IF NOT EXISTS rc_open_a (id bigint NOT NULL) ON COMMIT DROP');
      await exec(db, 'CREATE TEMP TABLE IF NOT EXISTS rc_open_b (id bigint NOT NULL) ON COMMIT DROP');
      await exec(db, 'TRUNCATE rc_open_a, rc_open_b');
      withClause = `${round === 1 ? 'WITH' : `${ranked},`}
         r AS MATERIALIZED (SELECT a_id, b_id, ra, row_number() OVER (PARTITION BY b_id ORDER BY ${by([...od, 'a_id'])}) AS rb
           FROM (SELECT a_id, b_id${list}${round === 1 ? '' : ', od'},
                   row_number() OVER (PARTITION BY a_id ORDER BY ${by([...od, 'b_id'])}) AS ra
                 FROM ${from}) r1),
         open_a AS (INSERT INTO rc_open_a (id) SELECT a_id FROM r WHERE ra = 1 AND rb > 1),
         open_b AS (INSERT INTO rc_open_b (id) SELECT b_id FROM r WHERE rb = 1 AND ra > 1)`;
      pairs = 'SELECT a_id, b_id FROM r WHERE ra = 1 AND rb = 1';
    } else {
      // Same-side pairs: a row may sit on either end of a candidate; its best partner is over both ends.
      withClause = `${round === 1 ? 'WITH' : `${ranked},`}
         u AS (SELECT a_id AS r, b_id AS q${list}${round === 1 ? '' : ', od'} FROM ${from}
               UNION ALL SELECT b_id, a_id${list}${round === 1 ? '' : ', od'} FROM ${from}),
         best AS MATERIALIZED (SELECT DISTINCT ON (r) r, q FROM u ORDER BY r, ${by([...od, 'q'])})`;
      pairs = 'SELECT p.r AS a_id, p.q AS b_id FROM best p JOIN best o ON o.r = p.q AND o.q = p.r WHERE p.r < p.q';
    }
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

/**
 * Rows taken leave every candidate they are in. Cross pairs keep the candidates both of whose rows the round left
 * open (rc_open_a, rc_open_b); same-side pairs, whose ids of one table may sit on either end, drop every candidate
 * touching a pair.
 */
async function dropTaken(db: Queryable, symmetric: boolean): Promise<number> {
  const keep = symmetric
    ? ['a_id', 'b_id']
        .flatMap((c) => ['a_id', 'b_id'].map((p) => `NOT EXISTS (SELECT 1 FROM rc_pairs p WHERE p.${p} = c.${c})`))
        .join(' AND ')
    : 'c.a_id IN (SELECT id FROM rc_open_a) AND c.b_id IN (SELECT id FROM rc_open_b)';
  await exec(db, `CREATE TEMP TABLE rc_left ON COMMIT DROP AS SELECT c.* FROM rc_cand c WHERE ${keep}`);
  await exec(db, 'DROP TABLE rc_cand');
  await exec(db, 'ALTER TABLE rc_left RENAME TO rc_cand');
  const left = await scalar(db, 'SELECT count(*) FROM rc_cand');
  if (symmetric && left > 0) await exec(db, 'ANALYZE rc_cand');
  return left;
}
