import { type Db, LOCKS, type Sql, type Tx, withTransaction } from '@recon/db';
import { dependentRuns, type StateTable } from '@recon/recon-engine';
import { sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';

/**
 * Where the rollback's reads go: Kysely and the engine's plain statements, both of one transaction (`tx`) or both of
 * the pool outside one (`{ db, sql: sqlOf(db) }`, the impact preview).
 */
export type Reads = Pick<Tx, 'db' | 'sql'>;

/**
 * Every state table a recon's runs may have written: those of all its data sources (active or not), so a
 * rollback finds each row a run closed.
 */
export async function stateTablesOfRecon(db: Db, reconId: number): Promise<StateTable[]> {
  const r = await sql<{ id: number; state_table_name: string }>`
    SELECT ds.id, ds.state_table_name FROM data_source ds
    WHERE ds.recon_id = ${reconId} AND ds.state_table_name IS NOT NULL
    ORDER BY ds.id`.execute(db);
  return r.rows.map((t) => ({ dataSourceId: t.id, stateTable: qualified(t.state_table_name) }));
}

/** The state tables of every data source reading a data table: each recon's verdicts on its rows (decision 0011). */
export async function stateTablesOfDataTable(db: Db, dataTableId: number): Promise<StateTable[]> {
  const r = await sql<{ id: number; state_table_name: string }>`
    SELECT ds.id, ds.state_table_name FROM data_source ds
    WHERE ds.data_table_id = ${dataTableId} AND ds.state_table_name IS NOT NULL
    ORDER BY ds.id`.execute(db);
  return r.rows.map((t) => ({ dataSourceId: t.id, stateTable: qualified(t.state_table_name) }));
}

/** The recons whose data sources read a data table (their runs write its data sources' state tables). */
export async function reconsOfDataTable(db: Db, dataTableId: number): Promise<number[]> {
  const r = await sql<{ recon_id: number }>`
    SELECT DISTINCT recon_id FROM data_source WHERE data_table_id = ${dataTableId} ORDER BY recon_id`.execute(db);
  return r.rows.map((row) => Number(row.recon_id));
}

/**
 * The engine's dependentRuns (later runs that changed rows this run closed, or joined its groups), skipping its
 * scan of the run's groups when no later run holds a state row in these tables: then only the journal can tie
 * a later run to this one. The usual case (the run is the newest) costs one short scan per table instead of a
 * union of every group the run formed.
 */
export async function laterRunsOf(q: Sql, runId: number, tables: readonly StateTable[]): Promise<number[]> {
  for (const t of tables) {
    const later = await q.query(`SELECT 1 FROM ${t.stateTable} WHERE run_id > $1 LIMIT 1`, [runId]);
    if (later.rows.length > 0) return dependentRuns(q, runId, tables);
  }
  return dependentRuns(q, runId, []);
}

/**
 * One transaction holding the locks of these recons (LOCKS.recon). Exclusive: no engine run or manual action of the
 * recons runs meanwhile. Shared: the same, but other shared holders (the deletes of a rollback's other tables) go on
 * at the same time.
 */
export function withReconLocks<T>(
  db: Db,
  reconIds: readonly number[],
  fn: (tx: Tx) => Promise<T>,
  mode: 'exclusive' | 'shared' = 'exclusive',
): Promise<T> {
  return withTransaction(db, { lock: [...new Set(reconIds)].map((id) => LOCKS.recon(id, mode)) }, fn);
}
