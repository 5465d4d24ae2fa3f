import {
  REPORT_TEXTS,
  type ReportDefinition,
  type ReportExecution,
  reportDefinitionSchema,
  reportSourceNotFound,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { AppError } from '@/lib/app-error.ts';
import { checkDefinition, type ReportModel, reportSourcesOf, withRunValues } from './report-model.ts';
import { highestRowId, reportCount } from './report-sql.queries.ts';
import * as q from './reports.queries.ts';

/**
 * One run of a report (decision 0036), on demand or by the REPORT / REPORT_GROUP activities: the definition with the
 * run's dynamic filter values is kept on the execution with the table's highest row id and the row count; its
 * results are read later, page by page, from the rows up to that id (nothing is copied).
 */

/** A stored definition (config or execution) read back through the contract's schema. */
export const definitionOf = (stored: unknown, dataSourceId: number): ReportDefinition =>
  reportDefinitionSchema.parse({ ...(stored as object), dataSourceId });

export function toExecution(e: q.ExecutionRecord): ReportExecution {
  const def = definitionOf(e.definition, e.data_source_id);
  return {
    id: e.id,
    reportId: e.report_config_id,
    reportName: e.report_name,
    status: e.status,
    trigger: e.trigger,
    runBy: e.run_by_name,
    jobExecutionId: e.job_execution_id,
    startedAt: e.started_at.toISOString(),
    finishedAt: e.finished_at?.toISOString() ?? null,
    durationMs: e.finished_at ? e.finished_at.getTime() - e.started_at.getTime() : null,
    rowCount: e.row_count,
    filters: def.filters,
    error: e.error,
  };
}

/** The model an execution's results are read with: its definition as run, on the module's data source. */
export async function executionModel(db: Db, moduleId: number, e: q.ExecutionRecord): Promise<ReportModel> {
  const sources = await reportSourcesOf(db, moduleId);
  if (!sources.has(e.data_source_id)) throw new AppError('VALIDATION', reportSourceNotFound(e.data_source_id));
  return checkDefinition(sources, definitionOf(e.definition, e.data_source_id));
}

/** What a failed run shows: our own messages as they are, anything else a generic one. */
const failureOf = (err: unknown) => (err instanceof AppError ? err.message : REPORT_TEXTS.runFailed);

/**
 * Runs a config with the values of its dynamic filters: checks them (a 400 before anything is kept), keeps the
 * execution RUNNING, counts, and finishes it COMPLETED or FAILED (with the message). Answers the execution.
 */
export async function runReport(
  db: Db,
  run: {
    moduleId: number;
    config: q.ReportConfigRecord;
    filterValues: readonly { index: number; values: string[] }[];
    trigger: 'MANUAL' | 'JOB';
    userId: number | null;
    jobExecutionId: number | null;
    now: () => Date;
  },
): Promise<q.ExecutionRecord> {
  const saved = definitionOf(run.config.definition, run.config.data_source_id);
  const def = { ...saved, filters: withRunValues(saved.filters, run.filterValues) };
  const model = checkDefinition(await reportSourcesOf(db, run.moduleId), def);
  const { dataSourceId: _, ...definition } = def;
  const id = await q.insertExecution(db, {
    moduleId: run.moduleId,
    reportId: run.config.id,
    reportName: run.config.name,
    dataSourceId: run.config.data_source_id,
    definition,
    trigger: run.trigger,
    userId: run.userId,
    jobExecutionId: run.jobExecutionId,
    now: run.now(),
  });
  try {
    const maxRowId = await highestRowId(db, model);
    const rowCount = await reportCount(db, model, maxRowId);
    await q.finishExecution(db, id, { status: 'COMPLETED', maxRowId, rowCount, error: null, now: run.now() });
  } catch (err) {
    await q.finishExecution(db, id, {
      status: 'FAILED',
      maxRowId: null,
      rowCount: null,
      error: failureOf(err),
      now: run.now(),
    });
  }
  const done = await q.executionOf(db, run.moduleId, id);
  if (!done) throw new Error(`report execution ${id} vanished`);
  return done;
}
