import {
  DASHBOARD_TEXTS,
  DASHLET_DEFAULT_DAYS,
  DASHLET_DEFAULT_LIMIT,
  DASHLET_MAX_LIMIT,
  type DashletChart,
  type DashletKind,
  type DashletParameters,
  RECON_DASHLET_KINDS,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { validation } from '@/lib/app-error.ts';
import { kindOfColumn, resolveDateColumn, type TransactionSource } from '@/lib/recon/transaction-query.ts';
import { reconSources } from '@/lib/recon/transaction-sources.ts';
import { type ReportDashlet, reportDashletOf } from './report-dashlet.ts';

/**
 * A dashlet as its figures read it (decision 0037): the recon's data sources resolved to the Transactions views'
 * sources (physical and state tables, catalog columns), each with the day a row is dated by (its first date column,
 * else when it was loaded) and the amount summed (its first money column, else its first number column, else none).
 */

export type DashletDefinition = {
  name: string;
  kind: DashletKind;
  chartType: DashletChart;
  reconId: number | null;
  parameters: DashletParameters;
};
export type DashletSource = { source: TransactionSource; dateColumn: string; amountColumn: string | null };
export type DashletModel = DashletDefinition & {
  moduleId: number;
  reconName: string | null;
  sources: DashletSource[];
  days: number;
  limit: number;
  /** TOP_BREAKS: the source and column grouping the open rows. */
  group: { ms: DashletSource; column: string } | null;
  /** REPORT: the report config checked into its model (`sources` then holds its one data source). */
  report?: ReportDashlet;
};

export function amountColumnOf(source: TransactionSource): string | null {
  const money = source.columns.find((c) => c.isMoney && kindOfColumn(c) === 'number');
  return (money ?? source.columns.find((c) => kindOfColumn(c) === 'number'))?.name ?? null;
}

const sourceOf = (source: TransactionSource): DashletSource => ({
  source,
  dateColumn: resolveDateColumn(source, undefined),
  amountColumn: amountColumnOf(source),
});

/** Checks a dashlet's definition against the module's recons; a 400 names the field to fix. */
export async function dashletModelOf(db: Db, moduleId: number, def: DashletDefinition): Promise<DashletModel> {
  const days = def.parameters.days ?? DASHLET_DEFAULT_DAYS;
  const limit = def.parameters.limit ?? DASHLET_DEFAULT_LIMIT;
  if (def.kind === 'REPORT') {
    const report = await reportDashletOf(db, moduleId, def.parameters);
    const sources = [sourceOf(report.model.source)];
    return {
      ...def,
      reconId: null,
      moduleId,
      reconName: null,
      sources,
      days,
      limit: report.limit,
      group: null,
      report,
    };
  }
  if (def.kind === 'TOP_BREAKS' && limit > DASHLET_MAX_LIMIT)
    throw validation(DASHBOARD_TEXTS.limitTooLarge, 'parameters.limit');
  if (!RECON_DASHLET_KINDS.includes(def.kind)) {
    return { ...def, reconId: null, moduleId, reconName: null, sources: [], days, limit, group: null };
  }
  if (!def.reconId) throw validation(DASHBOARD_TEXTS.reconRequired, 'reconId');
  const recon = await reconSources(db, moduleId, def.reconId);
  if (!recon) throw validation(DASHBOARD_TEXTS.reconNotFound, 'reconId');
  const sources = recon.sources.map(sourceOf);
  let group: DashletModel['group'] = null;
  if (def.kind === 'TOP_BREAKS') {
    const { dataSourceId, column } = def.parameters;
    if (!dataSourceId) throw validation(DASHBOARD_TEXTS.dataSourceRequired, 'parameters.dataSourceId');
    const ms = sources.find((s) => s.source.dataSourceId === dataSourceId);
    if (!ms) throw validation(DASHBOARD_TEXTS.dataSourceNotInRecon, 'parameters.dataSourceId');
    if (!column) throw validation(DASHBOARD_TEXTS.columnRequired, 'parameters.column');
    if (!ms.source.columns.some((c) => c.name === column))
      throw validation(DASHBOARD_TEXTS.columnNotFound, 'parameters.column');
    group = { ms, column };
  }
  return { ...def, moduleId, reconName: recon.name, sources, days, limit, group };
}
