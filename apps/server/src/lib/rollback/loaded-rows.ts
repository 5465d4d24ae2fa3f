import type { Db } from '@recon/db';
import { sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';

/**
 * The rows a job execution's files loaded, by pipeline, and their exact removal. Every loaded row carries its
 * file's id (`_file_id`, BRIN-indexed: a file's rows are appended together), in the data table and in its
 * invalid-rows table, so removing a file's rows is a delete by file id. Shared by the rollback of an execution
 * and by the rejection of its files (jobs/approval.ts).
 */

export type LoadedFile = { id: number; originalName: string; status: string };

export type LoadedPipeline = {
  pipelineId: number;
  pipelineName: string;
  dataTableId: number;
  dataTableName: string;
  /** Schema-qualified, quoted physical names. */
  table: string;
  invalidTable: string;
  /** Null for a MASTER table (no recon state). */
  stateTable: string | null;
  files: LoadedFile[];
};

/** Rows of the files still hold recon state of a run that is not rolled back: removing them would break it. */
export class LoadedRowsInUseError extends Error {
  constructor(readonly runIds: readonly number[]) {
    super(
      `Rows these files loaded are closed by recon run${runIds.length > 1 ? 's' : ''} ${runIds.map((id) => `#${id}`).join(', ')}, which ${runIds.length > 1 ? 'are' : 'is'} not rolled back`,
    );
    this.name = 'LoadedRowsInUseError';
  }
}

type PipelineRecord = {
  pipeline_id: number;
  pipeline_name: string;
  data_table_id: number;
  data_table_name: string;
  table_name: string;
  invalid_table_name: string;
  state_table_name: string | null;
  files: { id: number; originalName: string; status: string }[];
};

/**
 * The pipelines whose files are attached to the execution, with those files — the last activity first (the
 * order a rollback undoes them in).
 */
export async function loadedPipelinesOf(db: Db, executionId: number): Promise<LoadedPipeline[]> {
  const r = await sql<PipelineRecord>`
    SELECT p.id AS pipeline_id, p.name AS pipeline_name, dt.id AS data_table_id, dt.name AS data_table_name,
           dt.table_name, dt.invalid_table_name, dt.state_table_name,
           json_agg(json_build_object('id', f.id, 'originalName', f.original_name, 'status', f.status) ORDER BY f.id) AS files
    FROM uploaded_file f
    JOIN pipeline p ON p.id = f.pipeline_id
    JOIN data_table dt ON dt.id = p.data_table_id
    WHERE f.job_execution_id = ${executionId}
    GROUP BY p.id, dt.id
    ORDER BY (SELECT max(a.sequence) FROM activity_execution a
              WHERE a.job_execution_id = ${executionId} AND a.type = 'PIPE_LINE' AND a.type_id = p.id) DESC NULLS LAST,
             p.id DESC`.execute(db);
  return r.rows.map((p) => ({
    pipelineId: p.pipeline_id,
    pipelineName: p.pipeline_name,
    dataTableId: p.data_table_id,
    dataTableName: p.data_table_name,
    table: qualified(p.table_name),
    invalidTable: qualified(p.invalid_table_name),
    stateTable: p.state_table_name ? qualified(p.state_table_name) : null,
    files: p.files,
  }));
}

/** How many rows the files loaded into the data table and into its invalid-rows table. */
export async function countFileRows(
  db: Db,
  p: Pick<LoadedPipeline, 'table' | 'invalidTable'>,
  fileIds: readonly number[],
): Promise<{ rows: number; invalidRows: number }> {
  // Table names come from data_table (created by the product) and are quoted; the ids are parameters.
  const r = await sql<{ rows: number; invalid_rows: number }>`
    SELECT (SELECT count(*)::int FROM ${sql.raw(p.table)} WHERE _file_id = ANY(${fileIds}::bigint[])) AS rows,
           (SELECT count(*)::int FROM ${sql.raw(p.invalidTable)} WHERE _file_id = ANY(${fileIds}::bigint[])) AS invalid_rows`.execute(
    db,
  );
  return { rows: r.rows[0]?.rows ?? 0, invalidRows: r.rows[0]?.invalid_rows ?? 0 };
}

/** Recon runs (not rolled back: those have no state rows) holding state on rows the files loaded. */
export async function runsHoldingFileRows(
  db: Db,
  p: Pick<LoadedPipeline, 'table' | 'stateTable'>,
  fileIds: readonly number[],
  exceptRunIds: readonly number[] = [],
): Promise<number[]> {
  if (!p.stateTable || fileIds.length === 0) return [];
  const r = await sql<{ run_id: number }>`
    SELECT DISTINCT s.run_id FROM ${sql.raw(p.stateTable)} s JOIN ${sql.raw(p.table)} d ON d._id = s._id
    WHERE d._file_id = ANY(${fileIds}::bigint[]) AND s.run_id <> ALL(${exceptRunIds}::bigint[])
    ORDER BY s.run_id`.execute(db);
  return r.rows.map((row) => Number(row.run_id));
}

/**
 * Deletes every row the files loaded — valid and duplicate rows from the data table, failing rows from the
 * invalid-rows table — inside the caller's transaction. Refuses (LoadedRowsInUseError, nothing deleted) when a
 * recon run still holds state on one of the rows: that run must be rolled back (or its rows re-opened) first.
 */
export async function deleteFileRows(
  tx: Db,
  p: Pick<LoadedPipeline, 'table' | 'invalidTable' | 'stateTable'>,
  fileIds: readonly number[],
): Promise<{ rows: number; invalidRows: number }> {
  if (fileIds.length === 0) return { rows: 0, invalidRows: 0 };
  const holders = await runsHoldingFileRows(tx, p, fileIds);
  if (holders.length > 0) throw new LoadedRowsInUseError(holders);
  const rows = await sql`DELETE FROM ${sql.raw(p.table)} WHERE _file_id = ANY(${fileIds}::bigint[])`.execute(tx);
  const invalid = await sql`DELETE FROM ${sql.raw(p.invalidTable)} WHERE _file_id = ANY(${fileIds}::bigint[])`.execute(
    tx,
  );
  return { rows: Number(rows.numAffectedRows ?? 0), invalidRows: Number(invalid.numAffectedRows ?? 0) };
}

/** The files' rows are gone: they become ROLLED_BACK. */
export async function markFilesRolledBack(tx: Db, fileIds: readonly number[], now: Date): Promise<void> {
  if (fileIds.length === 0) return;
  await tx
    .updateTable('uploaded_file')
    .set({ status: 'ROLLED_BACK', updated_at: now })
    .where('id', 'in', [...fileIds])
    .execute();
}
