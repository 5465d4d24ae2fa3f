/**
 * State write: matched groups into the sides' state tables.
 *
 * Reads: rc_pairs (a_id, b_id, match_id: one row per group, the units of each side), and, for grouped units, a
 * member query (u_id → _id) per side; the side's state table (`side.stateTable`) to decide on the bulk path.
 * Writes: one state row per closed row into `input.sideA.stateTable` / `input.sideB.stateTable` (status, match id,
 * rule, run). The bulk path drops and rebuilds that state table's indexes inside the run's transaction.
 */
import type { EngineRule, Queryable } from '../model.ts';
import { exec, type RunContext, scalar } from './run-context.ts';

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
  // An empty table (a first run) is truncated: its rows then go to a file made in this transaction, which
  // PostgreSQL at wal_level minimal (the embedded cluster) fsyncs at commit instead of logging row by row — half
  // the insert's cost (decision 0012). At any level it is the same empty table; the exclusive lock is taken below.
  if (existing === 0) await exec(db, `TRUNCATE ${table}`);
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
export async function writeGroups(
  ctx: RunContext,
  rule: EngineRule,
  status: string,
  /** Unit → row id of each side when units are groups; pairs of rows need none. */
  members: { a: string; b: string } | null,
  /** rc_pairs' row count, as selection answered it. */
  groups: number,
): Promise<{ groups: number; rowsA: number; rowsB: number }> {
  const { db, input, runId } = ctx;
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
