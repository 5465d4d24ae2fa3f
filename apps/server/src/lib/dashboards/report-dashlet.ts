import {
  DASHBOARD_TEXTS,
  DASHLET_DEFAULT_LIMIT,
  type DashletChart,
  type DashletFigures,
  type DashletParameters,
  type ReportResultColumn,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { validation } from '@/lib/app-error.ts';
import { checkDefinition, type ReportModel, reportSourcesOf } from '@/lib/reports/report-model.ts';
import { definitionOf } from '@/lib/reports/report-runs.ts';
import { outputColumnsOf, reportRows } from '@/lib/reports/report-sql.queries.ts';
import { configOf } from '@/lib/reports/reports.queries.ts';

/**
 * A REPORT dashlet (decision 0037, section 2026-11-27): the first `limit` rows of one of the module's report configs
 * (decision 0036), in the report's own sort, run as saved — a dynamic filter takes its saved value, as a run asked
 * nothing would. The report's one statement (lib/reports) is read as is: no copy, no execution kept. Its shown
 * columns and aggregates become the figures' columns: text, days and statuses are labels, amounts money (exact
 * text, rounded to the paisa by the report's SQL), the other numbers counts (every number column of a data source
 * is whole: INT / BIGINT, decimals being amounts).
 */

export type ReportDashlet = {
  config: { id: number; name: string; updatedAt: Date };
  model: ReportModel;
  limit: number;
};

/** Checks a REPORT dashlet's parameters: the module's report, checked against its data source as a run would. */
export async function reportDashletOf(db: Db, moduleId: number, p: DashletParameters): Promise<ReportDashlet> {
  if (!p.reportConfigId) throw validation(DASHBOARD_TEXTS.reportRequired, 'parameters.reportConfigId');
  const config = await configOf(db, moduleId, p.reportConfigId);
  if (!config) throw validation(DASHBOARD_TEXTS.reportNotFound, 'parameters.reportConfigId');
  const model = checkDefinition(
    await reportSourcesOf(db, moduleId),
    definitionOf(config.definition, config.data_source_id),
  );
  return {
    config: { id: config.id, name: config.name, updatedAt: config.updated_at },
    model,
    limit: p.limit ?? DASHLET_DEFAULT_LIMIT,
  };
}

type FigureKind = DashletFigures['columns'][number]['kind'];
const FIGURE_KIND: Record<ReportResultColumn['kind'], FigureKind> = {
  amount: 'money',
  number: 'count',
  text: 'label',
  date: 'label',
  timestamp: 'label',
  status: 'label',
};

/** A report's text value as a figure: labels as text ('' for none), counts as numbers, money as its exact text. */
function figureValue(kind: FigureKind, value: string | null): string | number | undefined {
  if (kind === 'label') return value ?? '';
  if (value === null) return undefined;
  if (kind === 'count') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value;
  }
  return value;
}

/**
 * The figures: the report's first rows. Headline: on a NUMBER chart the first row's first aggregate (else its first
 * number) — the figure of an ungrouped report of aggregates, or of its top group; never a total over the shown
 * groups (the limit may cut groups off, so such a total would be wrong). Other charts have none.
 */
export async function reportFigures(
  db: Db,
  m: { chartType: DashletChart; report?: ReportDashlet },
): Promise<Omit<DashletFigures, 'kind' | 'chartType' | 'title' | 'asOnDate'>> {
  const report = m.report;
  if (!report) return { columns: [], rows: [], headline: null };
  const output = outputColumnsOf(report.model);
  const columns = output.map((c) => ({ key: c.key, label: c.label, kind: FIGURE_KIND[c.kind] }));
  const values = await reportRows(db, report.model, { maxRowId: null, start: 0, length: report.limit });
  const rows = values.map((row) => {
    const out: Record<string, string | number> = {};
    columns.forEach((c, i) => {
      const v = figureValue(c.kind, row[i] ?? null);
      if (v !== undefined) out[c.key] = v;
    });
    return out;
  });
  const numbers = columns.filter((c) => c.kind !== 'label');
  const firstAggregate = columns[report.model.columns.length];
  const main = firstAggregate && firstAggregate.kind !== 'label' ? firstAggregate : numbers[0];
  const first = rows[0];
  const value = main && first ? first[main.key] : undefined;
  const headline =
    m.chartType === 'NUMBER' && main && value !== undefined ? { label: main.label, value: String(value) } : null;
  return { columns, rows, headline };
}
