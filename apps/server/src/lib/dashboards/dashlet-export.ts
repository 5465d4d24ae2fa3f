import { DASHBOARD_TEXTS, type DashletChart, type DashletKind, type DashletParameters } from '@recon/contract';
import type { Db } from '@recon/db';
import { AppError } from '@/lib/app-error.ts';
import type { ExportColumn, ExportPlan } from '@/lib/downloads/export-plan.ts';
import { valuesPlan } from '@/lib/downloads/values-plan.ts';
import { type DashletDefinition, dashletModelOf } from './dashlet-model.ts';
import { cachedDashletFigures } from './figures-cache.ts';

/** A dashlet of the module as stored, for its DASHLET download (decision 0037); undefined when not the module's. */
export async function storedDashlet(db: Db, moduleId: number, id: number): Promise<DashletDefinition | undefined> {
  const r = await db
    .selectFrom('dashlet')
    .select(['name', 'kind', 'chart_type', 'recon_id', 'parameters'])
    .where('id', '=', id)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    name: r.name,
    kind: r.kind as DashletKind,
    chartType: r.chart_type as DashletChart,
    reconId: r.recon_id,
    parameters: r.parameters as DashletParameters,
  };
}

const KIND_OF_COLUMN = { label: 'text', count: 'number', money: 'amount', percent: 'amount' } as const;

/** The file of a dashlet: its figures' columns and rows, as the dashlet shows them when the file is written. */
export async function planDashletExport(db: Db, moduleId: number, dashletId: number, now: Date): Promise<ExportPlan> {
  const def = await storedDashlet(db, moduleId, dashletId);
  if (!def) throw new AppError('VALIDATION', DASHBOARD_TEXTS.dashletNotFound);
  const figures = await cachedDashletFigures(db, await dashletModelOf(db, moduleId, def), now);
  const columns: ExportColumn[] = figures.columns.map((c) => ({
    name: c.key,
    header: c.label,
    kind: KIND_OF_COLUMN[c.kind],
  }));
  return valuesPlan(
    columns,
    figures.rows.map((r) => figures.columns.map((c) => r[c.key] ?? null)),
  );
}
