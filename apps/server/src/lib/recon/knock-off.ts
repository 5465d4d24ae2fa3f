import type { Tx } from '@recon/db';
import { closeRows } from '@recon/recon-engine';
import type { PoolClient } from 'pg';
import { qualified } from '@/lib/data-tables/ddl.ts';
import { createRun, finishRun } from './recon-runner.ts';
import type { TransactionSource } from './transaction-query.ts';

/**
 * A knock-off done on behalf of an approved request (decision 0010): the same KNOCK_OFF recon run as the
 * Transactions action — journaled, so a rollback of the run re-opens the rows — run by the caller under the recon's
 * lock, inside its transaction.
 */

/** The selected rows that are not open (not a row of the source, or closed): id and status, in id order. */
export async function rowsNotOpen(
  client: PoolClient,
  source: TransactionSource,
  rowIds: readonly number[],
): Promise<{ id: number; status: string }[]> {
  const r = await client.query<{ _id: string | number; status: string }>(
    `SELECT r._id, coalesce(s.status, r._recon_status) AS status FROM ${qualified(source.table)} r
     LEFT JOIN ${qualified(source.stateTable)} s ON s._id = r._id WHERE r._id = ANY($1::bigint[])`,
    [rowIds],
  );
  const statuses = new Map(r.rows.map((row) => [Number(row._id), row.status]));
  return [...rowIds]
    .sort((a, b) => a - b)
    .flatMap((id) => {
      const status = statuses.get(id);
      if (status === 'UNRECONCILED') return [];
      return [{ id, status: status ?? 'not a row of the data source' }];
    });
}

/** Closes open rows as KNOCK_OFF with the reason in one run started by `startedBy`; answers the run and its rows. */
export async function knockOffRows(
  { db, sql }: Tx,
  k: {
    moduleId: number;
    reconId: number;
    source: TransactionSource;
    rowIds: readonly number[];
    reason: string;
    startedBy: number;
  },
): Promise<{ runId: number; rows: number }> {
  const runId = await createRun(db, {
    moduleId: k.moduleId,
    reconId: k.reconId,
    kind: 'KNOCK_OFF',
    startedBy: k.startedBy,
    reason: k.reason,
  });
  const rows = await closeRows(
    sql,
    runId,
    { dataSourceId: k.source.dataSourceId, stateTable: qualified(k.source.stateTable) },
    k.rowIds,
    { status: 'KNOCK_OFF', reason: k.reason },
  );
  await finishRun(db, runId, { status: 'COMPLETED', summary: { rows, matchIds: [] } });
  return { runId, rows };
}
