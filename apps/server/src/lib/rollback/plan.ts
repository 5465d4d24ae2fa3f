import { type BlockingExecution, RECON_RUN_KIND_LABELS, type RollbackDependencyReason } from '@recon/contract';
import type { Db } from '@recon/db';
import { quoteIdent } from '@recon/recon-engine';
import { sql } from 'kysely';
import { type LoadedPipeline, loadedPipelinesOf, runsHoldingFileRows } from './loaded-rows.ts';
import { laterRunsOf, type Reads, stateTablesOfRecon } from './recon-state.ts';

/**
 * What a rollback of a job execution has to undo, read from the database as it is now (so a retry plans only
 * what is left): its pipelines' files not rolled back yet, its recon runs not rolled back yet, and the
 * dependencies — recon runs outside the execution that used its data, found transitively:
 *  - runs that closed or changed rows its files loaded (state rows or journal entries on those rows);
 *  - runs that changed rows, or joined groups, of a run being rolled back (the engine's dependentRuns);
 *  - files of later executions whose rows were marked DUPLICATE because of rows it loaded.
 * A dependency that belongs to another job execution blocks the rollback (that execution goes first); one that
 * belongs to none (a manual action, a Run recon) is rolled back by the same request, before the runs it used.
 */

export type ExecutionRecord = {
  id: number;
  moduleId: number;
  jobId: number;
  jobName: string;
  status: string;
};

export type RunInfo = {
  id: number;
  reconId: number;
  reconName: string;
  kind: string;
  kindLabel: string;
  status: string;
  jobExecutionId: number | null;
  jobName: string | null;
  startedAt: Date;
  startedBy: string | null;
  rowsClosed: number;
  statesRestored: number;
};

export type PlannedDependency = RunInfo & {
  reason: Exclude<RollbackDependencyReason, 'DUPLICATE_OF_LOADED_ROWS'>;
  dependsOnRunId: number | null;
  isBlocking: boolean;
};

export type PlannedPipeline = LoadedPipeline & { pendingFileIds: number[] };

export type RollbackPlan = {
  execution: ExecutionRecord;
  /** Pipelines with files not rolled back yet, last activity first. */
  pipelines: PlannedPipeline[];
  /** The execution's own recon runs not rolled back yet, newest first. */
  ownRuns: RunInfo[];
  dependencies: PlannedDependency[];
  blocking: BlockingExecution[];
  /** What the request rolls back, newest first: non-blocking dependencies and the execution's own runs. */
  runsToRollBack: RunInfo[];
};

export async function executionOf(db: Db, moduleId: number, executionId: number): Promise<ExecutionRecord | undefined> {
  const row = await db
    .selectFrom('job_execution as e')
    .innerJoin('job as j', 'j.id', 'e.job_id')
    .select(['e.id', 'e.module_id', 'e.job_id', 'j.name as job_name', 'e.status'])
    .where('e.id', '=', executionId)
    .where('e.module_id', '=', moduleId)
    .executeTakeFirst();
  return row && { id: row.id, moduleId: row.module_id, jobId: row.job_id, jobName: row.job_name, status: row.status };
}

type RunRecord = {
  id: number;
  recon_id: number;
  recon_name: string;
  kind: string;
  status: string;
  job_execution_id: number | null;
  job_name: string | null;
  started_at: Date;
  started_by: string | null;
  summary: { rowsA?: number; rowsB?: number; rows?: number };
  states_restored: number;
};

/** Runs by id with what the impact shows of them, newest first. */
export async function runsByIds(db: Db, ids: readonly number[]): Promise<RunInfo[]> {
  if (ids.length === 0) return [];
  const r = await sql<RunRecord>`
    SELECT rr.id, rr.recon_id, rc.name AS recon_name, rr.kind, rr.status, rr.job_execution_id, j.name AS job_name,
           rr.started_at, u.user_name AS started_by, rr.summary,
           (SELECT count(*)::int FROM recon_journal jr WHERE jr.run_id = rr.id AND jr.old_state IS NOT NULL) AS states_restored
    FROM recon_run rr JOIN recon rc ON rc.id = rr.recon_id
    LEFT JOIN job_execution e ON e.id = rr.job_execution_id LEFT JOIN job j ON j.id = e.job_id
    LEFT JOIN app_user u ON u.id = rr.started_by
    WHERE rr.id = ANY(${ids}::bigint[]) ORDER BY rr.id DESC`.execute(db);
  return r.rows.map((row) => ({
    id: row.id,
    reconId: row.recon_id,
    reconName: row.recon_name,
    kind: row.kind,
    kindLabel: (RECON_RUN_KIND_LABELS as Record<string, string>)[row.kind] ?? row.kind,
    status: row.status,
    jobExecutionId: row.job_execution_id,
    jobName: row.job_name,
    startedAt: row.started_at,
    startedBy: row.started_by,
    // Engine runs count the rows they closed per side; actions count the rows they touched.
    rowsClosed: (row.summary.rowsA ?? 0) + (row.summary.rowsB ?? 0) + (row.summary.rows ?? 0),
    statesRestored: row.states_restored,
  }));
}

/** Runs (other than `except`) with journal entries on rows the files loaded: they changed those rows' state. */
async function runsJournalingFileRows(
  db: Db,
  p: LoadedPipeline,
  fileIds: readonly number[],
  except: readonly number[],
): Promise<number[]> {
  if (p.stateTables.length === 0 || fileIds.length === 0) return [];
  const r = await sql<{ run_id: number }>`
    SELECT DISTINCT j.run_id FROM recon_journal j JOIN ${sql.raw(p.table)} d ON d._id = j.row_id
    WHERE j.data_source_id IN (SELECT id FROM data_source WHERE data_table_id = ${p.dataTableId})
      AND d._file_id = ANY(${fileIds}::bigint[])
      AND j.run_id <> ALL(${except}::bigint[])`.execute(db);
  return r.rows.map((row) => Number(row.run_id));
}

/**
 * Files of other executions with rows marked DUPLICATE only because of a row these files loaded: an equal key
 * loaded earlier by these files, and no earlier row of any other file (its own file included) with that key.
 * Keys are the table's duplicate check as configured now.
 */
async function filesDuplicatingFileRows(db: Db, p: LoadedPipeline, fileIds: readonly number[]): Promise<number[]> {
  const config = await db
    .selectFrom('duplicate_check_config')
    .select('column_names')
    .where('data_table_id', '=', p.dataTableId)
    .where('is_enabled', '=', true)
    .executeTakeFirst();
  if (!config || config.column_names.length === 0 || fileIds.length === 0) return [];
  // Identifiers come from the duplicate-check config (checked names of the table) and are quoted.
  const keysEqual = (alias: string) =>
    sql.raw(config.column_names.map((c) => `${alias}.${quoteIdent(c)} = t.${quoteIdent(c)}`).join(' AND '));
  const r = await sql<{ file_id: number }>`
    SELECT DISTINCT t._file_id AS file_id FROM ${sql.raw(p.table)} t
    WHERE t._recon_status = 'DUPLICATE' AND NOT (t._file_id = ANY(${fileIds}::bigint[]))
      AND EXISTS (SELECT 1 FROM ${sql.raw(p.table)} e
                  WHERE e._file_id = ANY(${fileIds}::bigint[]) AND e._id < t._id AND ${keysEqual('e')})
      AND NOT EXISTS (SELECT 1 FROM ${sql.raw(p.table)} o
                      WHERE NOT (o._file_id = ANY(${fileIds}::bigint[])) AND o._id < t._id AND ${keysEqual('o')})`.execute(
    db,
  );
  return r.rows.map((row) => Number(row.file_id));
}

type Found = { reason: PlannedDependency['reason']; dependsOnRunId: number | null };

/** Runs outside the execution that used its data, transitively; the execution's own runs are not included. */
async function exploreRuns(reads: Reads, pipelines: readonly PlannedPipeline[], ownRuns: readonly RunInfo[]) {
  const { db } = reads;
  const own = ownRuns.map((r) => r.id);
  const found = new Map<number, Found>();
  for (const p of pipelines) {
    const holding = await runsHoldingFileRows(db, p, p.pendingFileIds, own);
    const journaling = await runsJournalingFileRows(db, p, p.pendingFileIds, own);
    for (const id of [...holding, ...journaling]) {
      if (!found.has(id)) found.set(id, { reason: 'CLOSED_LOADED_ROWS', dependsOnRunId: null });
    }
  }
  // Journal entries outlive a rollback: keep only runs that still stand.
  const standing = new Map((await runsByIds(db, [...found.keys()])).map((r) => [r.id, r]));
  for (const id of found.keys()) if (standing.get(id)?.status !== 'COMPLETED') found.delete(id);

  const queue: { id: number; reconId: number }[] = [
    ...ownRuns.map((r) => ({ id: r.id, reconId: r.reconId })),
    ...[...found.keys()].flatMap((id) => {
      const r = standing.get(id);
      return r ? [{ id, reconId: r.reconId }] : [];
    }),
  ];
  const tablesByRecon = new Map<number, Awaited<ReturnType<typeof stateTablesOfRecon>>>();
  while (queue.length > 0) {
    const run = queue.shift() as { id: number; reconId: number };
    let tables = tablesByRecon.get(run.reconId);
    if (!tables) {
      tables = await stateTablesOfRecon(db, run.reconId);
      tablesByRecon.set(run.reconId, tables);
    }
    const later = await laterRunsOf(reads.sql, run.id, tables);
    const fresh = later.filter((id) => !own.includes(id) && !found.has(id));
    for (const info of await runsByIds(db, fresh)) {
      if (info.status !== 'COMPLETED') continue;
      found.set(info.id, { reason: 'USED_RUN_RESULTS', dependsOnRunId: run.id });
      queue.push({ id: info.id, reconId: info.reconId });
    }
  }
  return found;
}

/** Plans the rollback of an execution of the module, or answers undefined when there is no such execution. */
export async function planRollback(
  reads: Reads,
  moduleId: number,
  executionId: number,
): Promise<RollbackPlan | undefined> {
  const { db } = reads;
  const execution = await executionOf(db, moduleId, executionId);
  if (!execution) return undefined;
  const pipelines = (await loadedPipelinesOf(db, executionId))
    .map((p) => ({ ...p, pendingFileIds: p.files.filter((f) => f.status !== 'ROLLED_BACK').map((f) => f.id) }))
    .filter((p) => p.pendingFileIds.length > 0);
  const ownIds = await db
    .selectFrom('recon_run')
    .select('id')
    .where('job_execution_id', '=', executionId)
    .where('kind', '<>', 'DRY_RUN')
    .where('status', '=', 'COMPLETED')
    .execute();
  const ownRuns = await runsByIds(
    db,
    ownIds.map((r) => r.id),
  );

  const found = await exploreRuns(reads, pipelines, ownRuns);
  const dependencies: PlannedDependency[] = (await runsByIds(db, [...found.keys()])).map((r) => {
    const f = found.get(r.id) as Found;
    return { ...r, ...f, isBlocking: r.jobExecutionId !== null && r.jobExecutionId !== executionId };
  });

  const blockers = new Map<number, Set<RollbackDependencyReason>>();
  const block = (id: number, reason: RollbackDependencyReason) =>
    blockers.set(id, (blockers.get(id) ?? new Set()).add(reason));
  for (const d of dependencies) if (d.isBlocking && d.jobExecutionId !== null) block(d.jobExecutionId, d.reason);
  for (const p of pipelines) {
    const fileIds = await filesDuplicatingFileRows(db, p, p.pendingFileIds);
    if (fileIds.length === 0) continue;
    const files = await db
      .selectFrom('uploaded_file')
      .select('job_execution_id')
      .where('id', 'in', fileIds)
      .where('job_execution_id', 'is not', null)
      .where('job_execution_id', '<>', executionId)
      .execute();
    for (const f of files) block(f.job_execution_id as number, 'DUPLICATE_OF_LOADED_ROWS');
  }
  const blocking: BlockingExecution[] =
    blockers.size === 0
      ? []
      : (
          await db
            .selectFrom('job_execution as e')
            .innerJoin('job as j', 'j.id', 'e.job_id')
            .select(['e.id', 'j.name', 'e.status'])
            .where('e.id', 'in', [...blockers.keys()])
            .orderBy('e.id', 'desc')
            .execute()
        ).map((e) => ({
          jobExecutionId: e.id,
          jobName: e.name,
          status: e.status,
          reasons: [...(blockers.get(e.id) ?? [])],
        }));

  const runsToRollBack = [...dependencies.filter((d) => !d.isBlocking), ...ownRuns].sort((a, b) => b.id - a.id);
  return { execution, pipelines, ownRuns, dependencies, blocking, runsToRollBack };
}
