import type { Db } from '@recon/db';
import type { Queryable, StateTable } from '@recon/recon-engine';
import { CompiledQuery, sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';
import { RECON_LOCK_NAMESPACE } from '@/lib/recon/recon-runner.ts';

/** The engine's journal functions on a Kysely db or transaction (they send plain SQL with parameters). */
export function queryableOf(db: Db): Queryable {
  return {
    query: async (text, values = []) => {
      const r = await db.executeQuery(CompiledQuery.raw(text, values));
      const rows = r.rows as Record<string, unknown>[];
      return { rows, rowCount: r.numAffectedRows === undefined ? rows.length : Number(r.numAffectedRows) };
    },
  };
}

/**
 * Every state table a recon's runs may have written: those of all its data sources (active or not), so a
 * rollback finds each row a run closed.
 */
export async function stateTablesOfRecon(db: Db, reconId: number): Promise<StateTable[]> {
  const r = await sql<{ data_table_id: number; state_table_name: string }>`
    SELECT DISTINCT dt.id AS data_table_id, dt.state_table_name FROM data_source ds
    JOIN data_table dt ON dt.id = ds.data_table_id
    WHERE ds.recon_id = ${reconId} AND dt.state_table_name IS NOT NULL
    ORDER BY dt.id`.execute(db);
  return r.rows.map((t) => ({ dataTableId: t.data_table_id, stateTable: qualified(t.state_table_name) }));
}

/** The recons whose data sources read a data table (their runs write its state table). */
export async function reconsOfDataTable(db: Db, dataTableId: number): Promise<number[]> {
  const r = await sql<{ recon_id: number }>`
    SELECT DISTINCT recon_id FROM data_source WHERE data_table_id = ${dataTableId} ORDER BY recon_id`.execute(db);
  return r.rows.map((row) => Number(row.recon_id));
}

/**
 * One transaction holding the locks of these recons (the namespace of withReconLock: no engine run or manual
 * action changes their rows meanwhile). Locks are taken in id order so two callers never deadlock.
 */
export function withReconLocks<T>(db: Db, reconIds: readonly number[], fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    for (const id of [...new Set(reconIds)].sort((a, b) => a - b)) {
      await sql`SELECT pg_advisory_xact_lock(${RECON_LOCK_NAMESPACE}, ${id})`.execute(tx);
    }
    return fn(tx);
  });
}
