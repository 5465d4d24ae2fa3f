import type { Db } from '@recon/db';
import { sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';

/**
 * The rows a job execution's files loaded, by pipeline, and their exact removal. Every loaded row carries its
 * file's id (`_file_id`, BRIN-indexed: a file's rows are appended together), in the data table and in its
 * invalid-rows table, so removing a file's rows is a delete by file id. Shared by the rollback of an execution
 * and by the rejection of its files (jobs/approval.ts).
 */

/** A file of the execution, with the rows its load wrote as the load counted them (data table, invalid table). */
export type LoadedFile = {
  id: number;
  originalName: string;
  status: string;
  validRows: number | null;
  invalidRows: number | null;
};

export type LoadedPipeline = {
  pipelineId: number;
  pipelineName: string;
  dataTableId: number;
  dataTableName: string;
  /** Schema-qualified, quoted physical names. */
  table: string;
  invalidTable: string;
  /** The state tables of every data source reading the table (decision 0011); none for a MASTER table. */
  stateTables: string[];
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
  state_table_names: string[];
  files: LoadedFile[];
};

/**
 * The pipelines whose files are attached to the execution, with those files — the last activity first (the
 * order a rollback undoes them in).
 */
export async function loadedPipelinesOf(db: Db, executionId: number): Promise<LoadedPipeline[]> {
  const r = await sql<PipelineRecord>`
    SELECT p.id AS pipeline_id, p.name AS pipeline_name, dt.id AS data_table_id, dt.name AS data_table_name,
           dt.table_name, dt.invalid_table_name,
           ARRAY(SELECT ds.state_table_name FROM data_source ds
                 WHERE ds.data_table_id = dt.id AND ds.state_table_name IS NOT NULL ORDER BY ds.id) AS state_table_names,
           json_agg(json_build_object('id', f.id, 'originalName', f.original_name, 'status', f.status,
             'validRows', f.valid_rows, 'invalidRows', f.invalid_rows) ORDER BY f.id) AS files
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
    stateTables: p.state_table_names.map(qualified),
    files: p.files,
  }));
}

/**
 * The smallest and largest row id the files loaded. A load appends a file's rows together, so the range is tight
 * (and a superset when loads interleaved); found through the BRIN index on `_file_id`, not by walking the primary
 * key from one end (which would read every older row first).
 */
export async function fileRowRange(
  db: Db,
  table: string,
  fileIds: readonly number[],
): Promise<{ lo: number; hi: number } | null> {
  const r = await sql<{ lo: number | null; hi: number | null }>`
    SELECT min(_id) AS lo, max(_id) AS hi
    FROM (SELECT _id FROM ${sql.raw(table)} WHERE _file_id = ANY(${fileIds}::bigint[]) OFFSET 0) f`.execute(db);
  const row = r.rows[0];
  return row?.lo == null || row.hi == null ? null : { lo: Number(row.lo), hi: Number(row.hi) };
}

/**
 * Recon runs (other than `exceptRunIds`) holding state on rows the files loaded, in any recon reading the table.
 * Rolled-back runs hold none. Each state table is read over the files' id range only, and a state row is checked
 * against the data row only when its run is not excepted: a rollback's own run closed a million rows, none of
 * which needs a look-up.
 */
export async function runsHoldingFileRows(
  db: Db,
  p: Pick<LoadedPipeline, 'table' | 'stateTables'>,
  fileIds: readonly number[],
  exceptRunIds: readonly number[] = [],
): Promise<number[]> {
  if (p.stateTables.length === 0 || fileIds.length === 0) return [];
  const range = await fileRowRange(db, p.table, fileIds);
  if (!range) return [];
  const runs = new Set<number>();
  for (const stateTable of p.stateTables) {
    // The bounds are sent as values so the planner scans the state table by them (not row by row from the data).
    const r = await sql<{ run_id: number }>`
      SELECT DISTINCT s.run_id FROM ${sql.raw(stateTable)} s
      WHERE s._id BETWEEN ${range.lo}::bigint AND ${range.hi}::bigint AND s.run_id <> ALL(${exceptRunIds}::bigint[])
        AND EXISTS (SELECT 1 FROM ${sql.raw(p.table)} d WHERE d._id = s._id AND d._file_id = ANY(${fileIds}::bigint[]))`.execute(
      db,
    );
    for (const row of r.rows) runs.add(Number(row.run_id));
  }
  return [...runs].sort((a, b) => a - b);
}

/**
 * Deletes every row the files loaded — valid and duplicate rows from the data table, failing rows from the
 * invalid-rows table — inside the caller's transaction. Refuses (LoadedRowsInUseError) when a recon run still
 * holds state on one of the rows: that run must be rolled back (or its rows re-opened) first. The check follows
 * the delete, over the id range the delete returned (a state row whose data row is gone), so the rows are read
 * once; a refusal throws, and the caller's transaction puts everything back.
 */
export async function deleteFileRows(
  tx: Db,
  p: Pick<LoadedPipeline, 'table' | 'invalidTable' | 'stateTables'>,
  fileIds: readonly number[],
): Promise<{ rows: number; invalidRows: number }> {
  if (fileIds.length === 0) return { rows: 0, invalidRows: 0 };
  const gone = await sql<{ n: number; lo: number | null; hi: number | null }>`
    WITH gone AS (DELETE FROM ${sql.raw(p.table)} WHERE _file_id = ANY(${fileIds}::bigint[]) RETURNING _id)
    SELECT count(*)::int AS n, min(_id) AS lo, max(_id) AS hi FROM gone`.execute(tx);
  const { n, lo, hi } = gone.rows[0] ?? { n: 0, lo: null, hi: null };
  if (n > 0 && lo !== null && hi !== null) {
    const holders = new Set<number>();
    for (const stateTable of p.stateTables) {
      const r = await sql<{ run_id: number }>`
        SELECT DISTINCT s.run_id FROM ${sql.raw(stateTable)} s
        WHERE s._id BETWEEN ${Number(lo)}::bigint AND ${Number(hi)}::bigint
          AND NOT EXISTS (SELECT 1 FROM ${sql.raw(p.table)} d WHERE d._id = s._id)`.execute(tx);
      for (const row of r.rows) holders.add(Number(row.run_id));
    }
    if (holders.size > 0) throw new LoadedRowsInUseError([...holders].sort((a, b) => a - b));
  }
  const invalid = await sql`DELETE FROM ${sql.raw(p.invalidTable)} WHERE _file_id = ANY(${fileIds}::bigint[])`.execute(
    tx,
  );
  return { rows: n, invalidRows: Number(invalid.numAffectedRows ?? 0) };
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
