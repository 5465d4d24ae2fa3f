import { rename, rm, stat } from 'node:fs/promises';
import {
  type BrsDownloadView,
  DOWNLOAD_TEXTS,
  type DownloadFormat,
  type GlDownloadView,
  type ReportDownloadView,
} from '@recon/contract';
import { type Db, type DownloadRequestTable, withTransaction } from '@recon/db';
import { InvalidIdentifierError } from '@recon/recon-engine';
import type { Selectable } from 'kysely';
import { AppError } from '@/lib/app-error.ts';
import { planBrsExport } from '@/lib/brs/brs-export.ts';
import { planDashletExport } from '@/lib/dashboards/dashlet-export.ts';
import { planGlExport } from '@/lib/gl/gl-export.ts';
import { planReportExport } from '@/lib/reports/report-export.ts';
import { ensureDownloadsDir, pathOfStored, storedFileName } from './download-files.ts';
import type { ExportPlan } from './export-plan.ts';
import { planTransactionExport } from './transaction-export.ts';
import { writeCsv } from './write-csv.ts';
import { writeXlsx } from './write-xlsx.ts';

export type ExportLog = { info: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };
export type ExportDeps = { db: Db; dataDir: string; log: ExportLog; now: () => Date };

type RequestRow = Selectable<DownloadRequestTable>;

/** Sorting a large view for the file may take more than the default 4 MB of memory before spilling to disk. */
const EXPORT_WORK_MEM = '64MB';
const ROWS_TABLE = 'download_rows';

/** The rows of a request, by its report type; the types without an exporter yet fail with a clear message. */
export async function planOf(
  db: Db,
  request: Pick<RequestRow, 'module_id' | 'report_type' | 'query' | 'scope' | 'columns'>,
  now: Date = new Date(),
): Promise<ExportPlan> {
  if (request.report_type === 'TRANSACTIONS') {
    const view = Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, String(v)]));
    return (
      await planTransactionExport(db, request.module_id, { view, scope: request.scope, columns: request.columns })
    ).plan;
  }
  if (request.report_type === 'DASHLET') {
    return planDashletExport(db, request.module_id, Number(request.query.dashletId), now);
  }
  if (request.report_type === 'GL_REPORT') {
    return planGlExport(db, request.module_id, request.query as unknown as GlDownloadView);
  }
  if (request.report_type === 'BRS_REPORT') {
    return planBrsExport(db, request.module_id, request.query as unknown as BrsDownloadView);
  }
  if (request.report_type === 'REPORT') {
    return planReportExport(db, request.module_id, request.query as unknown as ReportDownloadView);
  }
  throw new AppError('VALIDATION', DOWNLOAD_TEXTS.typeNotExportable);
}

/**
 * Runs the plan's SELECT once, with its parameters, into a temp table (COPY cannot take parameters), then writes
 * the file from it: CSV by COPY … TO STDOUT, XLSX through a cursor. Answers the number of rows.
 */
async function writeFile(db: Db, plan: ExportPlan, format: DownloadFormat, path: string): Promise<number> {
  return withTransaction(db, {}, async ({ client }) => {
    await client.query(`SET LOCAL work_mem = '${EXPORT_WORK_MEM}'`);
    const compiled = plan.select({ format }).compile(db);
    // A fresh temp table is read back in the order it was filled: the view's order.
    const created = await client.query(
      `CREATE TEMP TABLE ${ROWS_TABLE} ON COMMIT DROP AS ${compiled.sql}`,
      compiled.parameters as unknown[],
    );
    if (format === 'CSV') await writeCsv(client, ROWS_TABLE, plan.columns, path);
    else await writeXlsx(client, ROWS_TABLE, plan.columns, path);
    return created.rowCount ?? 0;
  });
}

/** What a person reads when an export fails: our own messages as they are, anything else a generic one. */
function failureMessage(err: unknown): string {
  if (err instanceof AppError || err instanceof InvalidIdentifierError) return err.message;
  return DOWNLOAD_TEXTS.exportFailed;
}

/**
 * Works one request: SUBMITTED → INPROCESS → READYFORDOWNLOAD (rows, size, file), or FAILED with the message.
 * A request that is not SUBMITTED any more (another worker took it, a duplicate message) is left alone. The file is
 * written beside its final name and renamed when complete, so a cut-off export never leaves a file to serve.
 */
export async function runDownload(deps: ExportDeps, requestId: number): Promise<void> {
  const startedAt = deps.now();
  const request = await deps.db
    .updateTable('download_request')
    .set({ status: 'INPROCESS', started_at: startedAt, updated_at: startedAt })
    .where('id', '=', requestId)
    .where('status', '=', 'SUBMITTED')
    .returningAll()
    .executeTakeFirst();
  if (!request) return;
  const stored = storedFileName(request.id, request.format);
  await ensureDownloadsDir(deps.dataDir);
  const path = pathOfStored(deps.dataDir, stored);
  const partial = `${path}.part`;
  try {
    const plan = await planOf(deps.db, request, startedAt);
    const rows = await writeFile(deps.db, plan, request.format, partial);
    await rename(partial, path);
    const { size } = await stat(path);
    const finishedAt = deps.now();
    await deps.db
      .updateTable('download_request')
      .set({
        status: 'READYFORDOWNLOAD',
        row_count: rows,
        size_bytes: size,
        path: stored,
        columns: JSON.stringify(plan.columns.map((c) => c.name)),
        finished_at: finishedAt,
        updated_at: finishedAt,
      })
      .where('id', '=', request.id)
      .execute();
    deps.log.info(
      { downloadId: request.id, rows, size, ms: finishedAt.getTime() - startedAt.getTime() },
      'export ready',
    );
  } catch (err) {
    await rm(partial, { force: true });
    if (!(err instanceof AppError)) deps.log.error({ err, downloadId: request.id }, 'export failed');
    const finishedAt = deps.now();
    await deps.db
      .updateTable('download_request')
      .set({ status: 'FAILED', error: failureMessage(err), finished_at: finishedAt, updated_at: finishedAt })
      .where('id', '=', request.id)
      .execute();
  }
}
