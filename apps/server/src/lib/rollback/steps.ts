import { type Db, type RollbackEntityKind, withTransaction } from '@recon/db';
import { rollbackRun } from '@recon/recon-engine';
import { qualified } from '@/lib/data-tables/ddl.ts';
import { deleteFileRows, markFilesRolledBack } from './loaded-rows.ts';
import {
  laterRunsOf,
  reconsOfDataTable,
  stateTablesOfDataTable,
  stateTablesOfRecon,
  withReconLocks,
} from './recon-state.ts';

/**
 * The steps of a rollback. Each is one transaction that does its work and marks its record (and the dependency
 * it rolls back) finished with what it undid: a stop or a failure leaves each step either done or not started.
 * Each step also checks, under the recon locks, that nothing new uses what it removes.
 */

export type StepRecord = {
  id: number;
  entity_kind: RollbackEntityKind;
  entity_id: number;
  recon_run_id: number | null;
  file_ids: number[];
};
export type StepContext = { db: Db; now: () => Date; requestedBy: number | null };

async function finishRecord(tx: Db, record: StepRecord, counts: Record<string, number>, now: Date): Promise<void> {
  await tx
    .updateTable('rollback_record')
    .set({ status: 'ROLLBACK_FINISHED', counts: JSON.stringify(counts), finished_at: now, error_message: null })
    .where('id', '=', record.id)
    .execute();
  await tx
    .updateTable('rollback_dependency')
    .set({ status: 'ROLLBACK_FINISHED' })
    .where('record_id', '=', record.id)
    .execute();
}

/** A recon run goes: its state rows are deleted and the states it replaced restored (rollbackRun). */
async function rollBackRun(ctx: StepContext, record: StepRecord): Promise<void> {
  const runId = record.recon_run_id as number;
  const run = await ctx.db.selectFrom('recon_run').select('recon_id').where('id', '=', runId).executeTakeFirstOrThrow();
  await withReconLocks(ctx.db, [run.recon_id], async ({ db: tx, sql }) => {
    const { status } = await tx
      .selectFrom('recon_run')
      .select('status')
      .where('id', '=', runId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (status === 'ROLLED_BACK')
      return finishRecord(tx, record, { stateRowsRemoved: 0, statesRestored: 0 }, ctx.now());
    if (status !== 'COMPLETED')
      throw new Error(`Recon run #${runId} is ${status}: only a completed run can be rolled back`);
    const tables = await stateTablesOfRecon(tx, run.recon_id);
    const later = await laterRunsOf(sql, runId, tables);
    if (later.length > 0) {
      throw new Error(
        `Recon run #${runId} is used by later recon runs ${later.map((id) => `#${id}`).join(', ')}, which are not rolled back`,
      );
    }
    const { removed, restored } = await rollbackRun(sql, runId, tables);
    await tx
      .updateTable('recon_run')
      .set({ status: 'ROLLED_BACK', rolled_back_at: ctx.now(), rolled_back_by: ctx.requestedBy })
      .where('id', '=', runId)
      .execute();
    await finishRecord(tx, record, { stateRowsRemoved: removed, statesRestored: restored }, ctx.now());
  });
}

/** The rows a pipeline's files of the execution loaded are deleted (data and invalid rows); the files ROLLED_BACK. */
async function removePipelineRows(ctx: StepContext, record: StepRecord): Promise<void> {
  const t = await ctx.db
    .selectFrom('pipeline as p')
    .innerJoin('data_table as dt', 'dt.id', 'p.data_table_id')
    .select(['dt.id', 'dt.table_name', 'dt.invalid_table_name'])
    .where('p.id', '=', record.entity_id)
    .executeTakeFirstOrThrow();
  const reconIds = await reconsOfDataTable(ctx.db, t.id);
  const stateTables = (await stateTablesOfDataTable(ctx.db, t.id)).map((s) => s.stateTable);
  // Shared locks: no run or action of the recons closes these rows meanwhile, and the other tables' deletes of
  // the rollback (shared too) run at the same time.
  await withReconLocks(
    ctx.db,
    reconIds,
    async ({ db: tx }) => {
      const removed = await deleteFileRows(
        tx,
        {
          table: qualified(t.table_name),
          invalidTable: qualified(t.invalid_table_name),
          stateTables,
        },
        record.file_ids,
      );
      await markFilesRolledBack(tx, record.file_ids, ctx.now());
      await finishRecord(tx, record, { ...removed, files: record.file_ids.length }, ctx.now());
    },
    'shared',
  );
}

/** Last: the execution is ROLLED_BACK. */
async function markExecutionRolledBack(ctx: StepContext, record: StepRecord): Promise<void> {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    await tx
      .updateTable('job_execution')
      .set({ status: 'ROLLED_BACK', updated_at: ctx.now() })
      .where('id', '=', record.entity_id)
      .execute();
    await finishRecord(tx, record, {}, ctx.now());
  });
}

export function runStep(ctx: StepContext, record: StepRecord): Promise<void> {
  switch (record.entity_kind) {
    case 'recon':
      return rollBackRun(ctx, record);
    case 'pipeline':
      return removePipelineRows(ctx, record);
    case 'job_history':
      return markExecutionRolledBack(ctx, record);
    default:
      return Promise.reject(new Error(`A ${record.entity_kind} step cannot be rolled back in this version`));
  }
}
