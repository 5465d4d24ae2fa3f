import type { Queryable } from './model.ts';

/**
 * State changes outside an engine run (manual match, unmatch, knock-off, accept / reject of a proposal) and the
 * rollback of any run. An engine run only inserts state rows (carrying its run id); a change to a row that
 * already has state journals the previous state first, so rolling a run back is: delete the state rows that
 * carry its id, then put back the previous states its journal holds.
 */

/** The recon state of one data source (recon × table): its narrow state table (decision 0011). */
export type StateTable = { dataSourceId: number; stateTable: string };
export type RowState = {
  status: string;
  match_id: number | null;
  rule_id: number | null;
  run_id: number;
  reconciled_at: string;
  reason: string | null;
};

export class StateConflictError extends Error {}

/** Closes open rows (no state row yet) with one status; fails, changing nothing, when a row is not open. */
export async function closeRows(
  db: Queryable,
  runId: number,
  table: StateTable,
  rowIds: readonly number[],
  change: { status: string; matchId?: number | null; ruleId?: number | null; reason?: string | null },
): Promise<number> {
  if (rowIds.length === 0) return 0;
  const taken = await db.query(`SELECT _id FROM ${table.stateTable} WHERE _id = ANY($1::bigint[]) LIMIT 1`, [rowIds]);
  if (taken.rows.length) throw new StateConflictError(`row ${taken.rows[0]?._id} is not open any more`);
  const r = await db.query(
    `INSERT INTO ${table.stateTable} (_id, status, match_id, rule_id, run_id, reason)
     SELECT unnest($1::bigint[]), $2, $3, $4, $5, $6`,
    [rowIds, change.status, change.matchId ?? null, change.ruleId ?? null, runId, change.reason ?? null],
  );
  return r.rowCount ?? 0;
}

/** Journals the current state of rows, then applies `apply` (an UPDATE or DELETE of those rows). */
async function journaled(
  db: Queryable,
  runId: number,
  table: StateTable,
  rowIds: readonly number[],
  newState: 'deleted' | { status: string; reason?: string | null },
): Promise<number> {
  if (rowIds.length === 0) return 0;
  const journal = await db.query(
    `INSERT INTO recon_journal (run_id, data_source_id, row_id, old_state, new_state)
     SELECT $1, $2, s._id, to_jsonb(s) - '_id', $4::jsonb FROM ${table.stateTable} s WHERE s._id = ANY($3::bigint[])`,
    [runId, table.dataSourceId, rowIds, newState === 'deleted' ? null : JSON.stringify(newState)],
  );
  if ((journal.rowCount ?? 0) !== rowIds.length)
    throw new StateConflictError('some rows have no recon state to change');
  if (newState === 'deleted') {
    const r = await db.query(`DELETE FROM ${table.stateTable} WHERE _id = ANY($1::bigint[])`, [rowIds]);
    return r.rowCount ?? 0;
  }
  const r = await db.query(
    `UPDATE ${table.stateTable} SET status = $2, run_id = $3, reason = coalesce($4, reason), reconciled_at = now()
     WHERE _id = ANY($1::bigint[])`,
    [rowIds, newState.status, runId, newState.reason ?? null],
  );
  return r.rowCount ?? 0;
}

/** Re-opens closed rows (unmatch, reject of a proposal): their state is journaled, then removed. */
export function reopenRows(db: Queryable, runId: number, table: StateTable, rowIds: readonly number[]) {
  return journaled(db, runId, table, rowIds, 'deleted');
}

/** Changes the status of closed rows (accept of a proposal), journaling the previous state. */
export function restateRows(
  db: Queryable,
  runId: number,
  table: StateTable,
  rowIds: readonly number[],
  change: { status: string; reason?: string | null },
) {
  return journaled(db, runId, table, rowIds, change);
}

/**
 * Undoes a run on the given tables: its state rows go, the states it replaced come back (newest change last
 * undone first). Run inside the caller's transaction, after every later run that depends on it.
 */
export async function rollbackRun(
  db: Queryable,
  runId: number,
  tables: readonly StateTable[],
): Promise<{ removed: number; restored: number }> {
  let removed = 0;
  let restored = 0;
  for (const t of tables) {
    removed += (await db.query(`DELETE FROM ${t.stateTable} WHERE run_id = $1`, [runId])).rowCount ?? 0;
    const r = await db.query(
      `INSERT INTO ${t.stateTable} (_id, status, match_id, rule_id, run_id, reconciled_at, reason)
       SELECT DISTINCT ON (j.row_id) j.row_id, o.status, o.match_id, o.rule_id, o.run_id, o.reconciled_at, o.reason
       FROM recon_journal j, jsonb_to_record(j.old_state) AS o(status text, match_id bigint, rule_id bigint, run_id bigint,
            reconciled_at timestamptz, reason text)
       WHERE j.run_id = $1 AND j.data_source_id = $2 AND j.old_state IS NOT NULL
       ORDER BY j.row_id, j.id`,
      [runId, t.dataSourceId],
    );
    restored += r.rowCount ?? 0;
  }
  return { removed, restored };
}

/**
 * Later runs that must be rolled back before `runId`: runs that changed a row this run closed or changed, and
 * runs whose rows joined a group this run formed (duplicate match, late reversal).
 */
export async function dependentRuns(db: Queryable, runId: number, tables: readonly StateTable[]): Promise<number[]> {
  const found = new Set<number>();
  const byJournal = await db.query(
    `SELECT DISTINCT j.run_id FROM recon_journal j JOIN recon_run r ON r.id = j.run_id AND r.status <> 'ROLLED_BACK'
     WHERE j.run_id > $1 AND (j.old_state->>'run_id')::bigint = $1`,
    [runId],
  );
  for (const r of byJournal.rows) found.add(Number(r.run_id));
  for (const t of tables) {
    const byGroup = await db.query(
      `SELECT DISTINCT s.run_id FROM ${t.stateTable} s
       WHERE s.run_id > $1 AND s.match_id IN (SELECT match_id FROM (${tables
         .map((o) => `SELECT match_id FROM ${o.stateTable} WHERE run_id = $1 AND match_id IS NOT NULL`)
         .join(' UNION ')}) g)`,
      [runId],
    );
    for (const r of byGroup.rows) found.add(Number(r.run_id));
  }
  return [...found].sort((a, b) => b - a);
}
