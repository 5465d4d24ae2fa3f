import { closedPeriodRefusal } from '@recon/contract';
import type { Db } from '@recon/db';
import type { ReconInput } from '@recon/recon-engine';
import { quoteIdent } from '@recon/recon-engine';
import { sql } from 'kysely';
import { AppError } from '@/lib/app-error.ts';
import { qualified } from '@/lib/data-tables/ddl.ts';
import { resolveDateColumn, type TransactionSource } from '@/lib/recon/transaction-query.ts';
import { closedPeriodsOf, closedPeriodsOfPipeline, closedPeriodsWithDay, setClosedUntil } from './gl.queries.ts';
import { glSourcesOf, isLoadedAt } from './gl-model.ts';

/**
 * Closed periods (decision 0035): a GL configuration whose books are closed up to day D freezes the rows of its
 * data sources dated on or before D (the data source's first date column, else when the row was loaded). Every path
 * that changes such rows asks here first, in the shared layer, since features do not import each other: manual
 * actions on rows, rollbacks of runs holding them. The refusal names the data source and the day.
 */

export class ClosedPeriodError extends AppError {
  constructor(message: string) {
    super('VALIDATION', message);
  }
}

const dayOf = (source: TransactionSource) => {
  const column = resolveDateColumn(source, undefined);
  return isLoadedAt(column) ? sql`r._loaded_at` : sql.raw(`r.${quoteIdent(column)}`);
};

/** Refuses when one of the rows of the data source is dated inside a closed period. */
export async function assertRowsOutsideClosedPeriod(
  db: Db,
  source: TransactionSource,
  rowIds: readonly number[],
): Promise<void> {
  if (rowIds.length === 0) return;
  const period = (await closedPeriodsOf(db, [source.dataSourceId])).get(source.dataSourceId);
  if (!period) return;
  const found = await sql<{ one: number }>`
    SELECT 1 AS one FROM ${sql.raw(qualified(source.table))} r
    WHERE r._id IN (${sql.join([...rowIds])}) AND ${dayOf(source)} < ${period.until}::date + 1 LIMIT 1`.execute(db);
  if (found.rows.length > 0) throw new ClosedPeriodError(closedPeriodRefusal(source.dataSourceName, period.until));
}

/**
 * Refuses a rollback of recon runs when one of them closed or changed a row dated inside a closed period of its
 * data source (the row's state row carries the run).
 */
export async function assertRunsOutsideClosedPeriod(
  db: Db,
  moduleId: number,
  runIds: readonly number[],
): Promise<void> {
  if (runIds.length === 0) return;
  const sources = await glSourcesOf(db, moduleId);
  const periods = await closedPeriodsOf(db, [...sources.keys()]);
  for (const [dataSourceId, period] of periods) {
    const source = sources.get(dataSourceId)?.source;
    if (!source) continue;
    const found = await sql<{ one: number }>`
      SELECT 1 AS one FROM ${sql.raw(qualified(source.stateTable))} x
      JOIN ${sql.raw(qualified(source.table))} r ON r._id = x._id
      WHERE x.run_id IN (${sql.join([...runIds])}) AND ${dayOf(source)} < ${period.until}::date + 1 LIMIT 1`.execute(
      db,
    );
    if (found.rows.length > 0) throw new ClosedPeriodError(closedPeriodRefusal(source.dataSourceName, period.until));
  }
}

/**
 * Refuses removing loaded rows (a rollback of a load, a rejected file approval) when a file put rows dated inside a
 * closed period into a table a closed configuration reads.
 */
export async function assertFilesOutsideClosedPeriod(
  db: Db,
  moduleId: number,
  files: readonly { dataTableId: number; fileIds: readonly number[] }[],
): Promise<void> {
  const wanted = files.filter((f) => f.fileIds.length > 0);
  if (wanted.length === 0) return;
  const sources = await glSourcesOf(db, moduleId);
  const periods = await closedPeriodsOf(db, [...sources.keys()]);
  for (const [dataSourceId, period] of periods) {
    const source = sources.get(dataSourceId)?.source;
    const ids = wanted.filter((f) => f.dataTableId === source?.dataTableId).flatMap((f) => f.fileIds);
    if (!source || ids.length === 0) continue;
    const found = await sql<{ one: number }>`
      SELECT 1 AS one FROM ${sql.raw(qualified(source.table))} r
      WHERE r._file_id IN (${sql.join(ids)}) AND ${dayOf(source)} < ${period.until}::date + 1 LIMIT 1`.execute(db);
    if (found.rows.length > 0) throw new ClosedPeriodError(closedPeriodRefusal(source.dataSourceName, period.until));
  }
}

/** Ends a configuration's closed period (an approved reopening); answers the day it was closed to. */
export async function reopenBooks(db: Db, glConfigId: number, now: Date): Promise<string | null> {
  const found = await sql<{ until: string | null }>`
    SELECT to_char(closed_until, 'YYYY-MM-DD') AS until FROM gl_config WHERE id = ${glConfigId} FOR UPDATE`.execute(db);
  await setClosedUntil(db, glConfigId, null, null, now);
  return found.rows[0]?.until ?? null;
}

/** The reopening waiting for approval of each configuration, by configuration id. */
export async function pendingReopenings(db: Db, glConfigIds: readonly number[]): Promise<Map<number, number>> {
  if (glConfigIds.length === 0) return new Map();
  const r = await sql<{ gl_config_id: number; id: number }>`
    SELECT gl_config_id, max(id) AS id FROM approval_request
    WHERE kind = 'GL_REOPEN_BOOKS' AND status = 'ACTION_PENDING' AND gl_config_id IN (${sql.join([...glConfigIds])})
    GROUP BY gl_config_id`.execute(db);
  return new Map(r.rows.map((row) => [row.gl_config_id, row.id]));
}

/**
 * The refusal of a file whose loaded rows (in the load's transaction, read through its client) include one dated
 * inside a closed period of a data source reading the table, or null. The load then fails and nothing of it stays.
 */
export async function closedPeriodRefusalOfLoad(
  db: Db,
  client: { query: (text: string, values: unknown[]) => Promise<{ rowCount: number | null }> },
  load: { pipelineId: number; target: string; fileId: number },
): Promise<string | null> {
  for (const period of await closedPeriodsOfPipeline(db, load.pipelineId)) {
    const day = period.day_column ? `r.${quoteIdent(period.day_column)}` : 'r._loaded_at';
    const found = await client.query(
      `SELECT 1 FROM ${load.target} r WHERE r._file_id = $1 AND ${day} < $2::date + 1 LIMIT 1`,
      [load.fileId, period.until],
    );
    if ((found.rowCount ?? 0) > 0) return closedPeriodRefusal(period.data_source_name, period.until);
  }
  return null;
}

/**
 * A recon's input with the closed period of each side (decision 0035): the engine leaves rows dated inside out of
 * every rule, so a run never closes them, and says how many it left out.
 */
export async function withClosedPeriods<T extends ReconInput>(db: Db, input: T): Promise<T> {
  const periods = await closedPeriodsWithDay(db, [input.sideA.dataSourceId, input.sideB.dataSourceId]);
  if (periods.size === 0) return input;
  const period = (id: number) => periods.get(id) ?? null;
  return {
    ...input,
    sideA: { ...input.sideA, closedPeriod: period(input.sideA.dataSourceId) },
    sideB: { ...input.sideB, closedPeriod: period(input.sideB.dataSourceId) },
  };
}
