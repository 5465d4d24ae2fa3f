import { DOWNLOAD_TEXTS, type ReportDownloadView } from '@recon/contract';
import type { Db } from '@recon/db';
import { AppError } from '@/lib/app-error.ts';
import type { ExportColumn, ExportPlan } from '@/lib/downloads/export-plan.ts';
import { exportValueSql } from '@/lib/downloads/formula-escape.ts';
import { executionModel } from './report-runs.ts';
import { outputColumnsOf, reportSelect } from './report-sql.queries.ts';
import { executionOf } from './reports.queries.ts';

/**
 * The file of a report execution (decision 0036, download type REPORT): the same statement the results page reads,
 * every row of it up to the run's highest row id, each value shaped for the format by the exports' own rules.
 */
export async function planReportExport(db: Db, moduleId: number, view: ReportDownloadView): Promise<ExportPlan> {
  const e = await executionOf(db, moduleId, view.executionId);
  if (e?.status !== 'COMPLETED') throw new AppError('VALIDATION', DOWNLOAD_TEXTS.exportFailed);
  const model = await executionModel(db, moduleId, e);
  const columns: ExportColumn[] = outputColumnsOf(model).map((c) => ({
    name: c.key,
    header: c.label,
    kind: c.kind === 'status' ? 'text' : c.kind,
  }));
  return {
    columns,
    select: ({ format }) =>
      reportSelect(model, {
        maxRowId: e.max_row_id,
        shape: (kind, value) => exportValueSql(kind === 'status' ? 'text' : kind, value, format),
      }),
  };
}
