import {
  DASHBOARD_GRID_COLUMNS,
  DASHBOARD_MAX_DASHLETS,
  DASHBOARD_NAME_MAX,
  DASHBOARD_TEXTS,
  type Dashboard,
  type DashboardPlacement,
  type DashboardSummary,
  type Dashlet,
  type DashletFigures,
  type DashletParameters,
  DEFAULT_DASHBOARD_NAME,
  type dashboardSaveSchema,
  type dashletSaveSchema,
  RECON_DASHLET_KINDS,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { type DashletDefinition, dashletModelOf } from '@/lib/dashboards/dashlet-model.ts';
import { cachedDashletFigures } from '@/lib/dashboards/figures-cache.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import * as q from './dashboards.queries.ts';

/** Dashlets and dashboards of a module (decision 0037): the rules of the calls; figures come from lib/dashboards. */

type DashletBody = z.output<typeof dashletSaveSchema>;
type DashboardBody = z.output<typeof dashboardSaveSchema>;

const dashletNotFound = () => new AppError('NOT_FOUND', DASHBOARD_TEXTS.dashletNotFound);
const dashboardNotFound = () => new AppError('NOT_FOUND', DASHBOARD_TEXTS.dashboardNotFound);
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505' && !(err instanceof AppError);

function toDashlet(r: q.DashletRecord): Dashlet {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    reconId: r.recon_id,
    reconName: r.recon_name,
    reportName: r.report_name,
    chartType: r.chart_type,
    parameters: r.parameters,
    dashboardCount: r.dashboard_count,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

const definitionOf = (r: q.DashletRecord): DashletDefinition => ({
  name: r.name,
  kind: r.kind,
  chartType: r.chart_type,
  reconId: r.recon_id,
  parameters: r.parameters,
});

function checkedName(raw: string): string {
  const name = raw.trim();
  if (!name) throw validation(DASHBOARD_TEXTS.nameRequired, 'name');
  if (name.length > DASHBOARD_NAME_MAX) throw validation(DASHBOARD_TEXTS.nameTooLong, 'name');
  return name;
}

/** Only the parameters the kind reads are kept (a TREND keeps no column). */
function parametersOf(body: DashletBody): DashletParameters {
  const p = body.parameters;
  if (body.kind === 'TOP_BREAKS')
    return { dataSourceId: p.dataSourceId ?? null, column: p.column ?? null, limit: p.limit ?? null };
  if (body.kind === 'REPORT') return { reportConfigId: p.reportConfigId ?? null, limit: p.limit ?? null };
  return { days: p.days ?? null };
}

async function checkedDashlet(db: Db, moduleId: number, body: DashletBody) {
  const name = checkedName(body.name);
  const def: DashletDefinition = {
    name,
    kind: body.kind,
    chartType: body.chartType,
    reconId: RECON_DASHLET_KINDS.includes(body.kind) ? (body.reconId ?? null) : null,
    parameters: parametersOf(body),
  };
  const model = await dashletModelOf(db, moduleId, def);
  return { def, model };
}

export async function listDashlets(db: Db, moduleId: number) {
  return { data: (await q.dashletsOf(db, moduleId)).map(toDashlet) };
}

export async function getDashlet(db: Db, moduleId: number, id: number): Promise<Dashlet> {
  const r = await q.dashletOf(db, moduleId, id);
  if (!r) throw dashletNotFound();
  return toDashlet(r);
}

/** POST (id null) and PUT /v2/dashlets/{id}. */
export async function saveDashlet(ctx: FeatureContext, actor: ModuleActor, body: DashletBody, id: number | null) {
  const { def } = await checkedDashlet(ctx.db, actor.moduleId, body);
  const values: q.DashletValues = {
    name: def.name,
    kind: def.kind,
    recon_id: def.reconId,
    chart_type: def.chartType,
    parameters: def.parameters,
  };
  const nameTaken = () => validation(DASHBOARD_TEXTS.dashletNameTaken, 'name');
  const now = ctx.now();
  const savedId = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = id ? await q.lockDashlet(tx, actor.moduleId, id) : undefined;
    if (id && !before) throw dashletNotFound();
    if (await q.isDashletNameTaken(tx, actor.moduleId, def.name, id)) throw nameTaken();
    const dashletId = before ? before.id : await q.insertDashlet(tx, actor.moduleId, values, actor.userId, now);
    if (before) await q.updateDashlet(tx, dashletId, values, now);
    await auditChange(tx, actor, {
      event: before ? 'DASHLET_UPDATED' : 'DASHLET_CREATED',
      entityType: 'dashlet',
      entityId: dashletId,
      details: { ...def, ...(before ? { before: { name: before.name } } : {}) },
    });
    return dashletId;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw nameTaken();
    // The report was deleted between the check and the insert (its foreign key).
    if ((err as { code?: string }).code === '23503' && def.kind === 'REPORT')
      throw validation(DASHBOARD_TEXTS.reportNotFound, 'parameters.reportConfigId');
    throw err;
  });
  return getDashlet(ctx.db, actor.moduleId, savedId);
}

export async function deleteDashlet(ctx: FeatureContext, actor: ModuleActor, id: number) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.lockDashlet(tx, actor.moduleId, id);
    if (!before) throw dashletNotFound();
    if ((await q.dashletUseCount(tx, id)) > 0) throw validation(DASHBOARD_TEXTS.dashletInUse, 'id');
    await q.deleteDashlet(tx, id);
    await auditChange(tx, actor, {
      event: 'DASHLET_DELETED',
      entityType: 'dashlet',
      entityId: id,
      details: { name: before.name },
    });
  });
  return { message: DASHBOARD_TEXTS.dashletDeleted };
}

/** POST /v2/dashlets/preview: the figures of an unsaved dashlet (a name is not needed to look). */
export async function preview(ctx: FeatureContext, moduleId: number, body: DashletBody): Promise<DashletFigures> {
  const { model } = await checkedDashlet(ctx.db, moduleId, { ...body, name: body.name.trim() || '—' });
  return cachedDashletFigures(ctx.db, model, ctx.now());
}

/** The figures of a saved dashlet (also what its DASHLET download writes). */
export async function figures(ctx: FeatureContext, moduleId: number, id: number): Promise<DashletFigures> {
  const r = await q.dashletOf(ctx.db, moduleId, id);
  if (!r) throw dashletNotFound();
  return cachedDashletFigures(ctx.db, await dashletModelOf(ctx.db, moduleId, definitionOf(r)), ctx.now());
}

const toSummary = (r: q.DashboardRecord): DashboardSummary => ({
  id: r.id,
  name: r.name,
  isDefault: r.is_default,
  dashletCount: r.dashlet_count,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** How many recons the default dashboard shows (one row of three dashlets each). */
const DEFAULT_RECONS = 3;

/**
 * The module's first dashboard (decision 0037): per recon (the first three by name) its match rate, open rows by
 * age and 30-day trend, then the module's runs and failures over 14 days. Dashlets already named so are reused.
 */
async function createDefaultDashboard(ctx: FeatureContext, actor: ModuleActor) {
  const now = ctx.now();
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const recons = await q.reconsOf(tx, actor.moduleId, DEFAULT_RECONS);
    const wanted: { values: q.DashletValues; place: Omit<DashboardPlacement, 'dashletId'> }[] = [];
    recons.forEach((r, i) => {
      const y = i * 4;
      const of = (
        kind: q.DashletValues['kind'],
        label: string,
        chart: q.DashletValues['chart_type'],
        days: number | null,
      ) => ({
        name: `${r.name} · ${label}`,
        kind,
        recon_id: r.id,
        chart_type: chart,
        parameters: { days },
      });
      wanted.push(
        { values: of('MATCH_RATE', 'Match rate', 'NUMBER', null), place: { x: 0, y, w: 3, h: 4 } },
        { values: of('OPEN_BY_AGE', 'Open by age', 'BAR', null), place: { x: 3, y, w: 4, h: 4 } },
        { values: of('TREND', 'Trend', 'LINE', 30), place: { x: 7, y, w: 5, h: 4 } },
      );
    });
    wanted.push({
      values: { name: 'Runs and failures', kind: 'RUNS', recon_id: null, chart_type: 'BAR', parameters: { days: 14 } },
      place: { x: 0, y: recons.length * 4, w: 12, h: 4 },
    });
    const layout: DashboardPlacement[] = [];
    for (const w of wanted) {
      const existing = await q.dashletIdByName(tx, actor.moduleId, w.values.name);
      const dashletId = existing ?? (await q.insertDashlet(tx, actor.moduleId, w.values, actor.userId, now));
      layout.push({ dashletId, ...w.place });
    }
    const name = (await q.isDashboardNameTaken(tx, actor.moduleId, DEFAULT_DASHBOARD_NAME, null))
      ? `${DEFAULT_DASHBOARD_NAME} (${dayOfNow(now)})`
      : DEFAULT_DASHBOARD_NAME;
    const dashboardId = await q.insertDashboard(tx, actor.moduleId, { name, is_default: true }, actor.userId, now);
    await q.replacePlacements(tx, dashboardId, layout);
    await auditChange(tx, actor, {
      event: 'DASHBOARD_CREATED',
      entityType: 'dashboard',
      entityId: dashboardId,
      details: { name, isDefault: true, layout },
    });
  }).catch((err: unknown) => {
    // Two first visits at once: the other one made it.
    if (!isUniqueViolation(err)) throw err;
  });
}
const dayOfNow = (now: Date) => now.toISOString().slice(0, 10);

/** GET /v2/dashboards: a module with none gets its default dashboard first. */
export async function listDashboards(ctx: FeatureContext, actor: ModuleActor) {
  let records = await q.dashboardsOf(ctx.db, actor.moduleId);
  if (records.length === 0) {
    await createDefaultDashboard(ctx, actor);
    records = await q.dashboardsOf(ctx.db, actor.moduleId);
  }
  return { data: records.map(toSummary) };
}

export async function getDashboard(db: Db, moduleId: number, id: number): Promise<Dashboard> {
  const r = await q.dashboardOf(db, moduleId, id);
  if (!r) throw dashboardNotFound();
  const placements = await q.placementsOf(db, id);
  const dashlets = new Map(
    (
      await q.dashletsOf(
        db,
        moduleId,
        placements.map((p) => p.dashletId),
      )
    ).map((d) => [d.id, toDashlet(d)]),
  );
  const { dashletCount: _count, ...summary } = toSummary(r);
  return {
    ...summary,
    layout: placements.flatMap((p) => {
      const dashlet = dashlets.get(p.dashletId);
      return dashlet ? [{ ...p, dashlet }] : [];
    }),
  };
}

async function checkedLayout(db: Db, moduleId: number, layout: readonly DashboardPlacement[]) {
  if (layout.length === 0) throw validation(DASHBOARD_TEXTS.dashletsRequired, 'layout');
  if (layout.length > DASHBOARD_MAX_DASHLETS) throw validation(DASHBOARD_TEXTS.tooManyDashlets, 'layout');
  if (layout.some((p) => p.x + p.w > DASHBOARD_GRID_COLUMNS)) throw validation(DASHBOARD_TEXTS.layoutInvalid, 'layout');
  const ids = layout.map((p) => p.dashletId);
  if (new Set(ids).size !== ids.length) throw validation(DASHBOARD_TEXTS.dashletTwice, 'layout');
  const found = new Set((await q.dashletsOf(db, moduleId, ids)).map((d) => d.id));
  if (ids.some((id) => !found.has(id))) throw validation(DASHBOARD_TEXTS.dashletNotFound, 'layout');
}

/** POST (id null) and PUT /v2/dashboards/{id}: the name and the dashlets with their places. */
export async function saveDashboard(ctx: FeatureContext, actor: ModuleActor, body: DashboardBody, id: number | null) {
  const name = checkedName(body.name);
  await checkedLayout(ctx.db, actor.moduleId, body.layout);
  const nameTaken = () => validation(DASHBOARD_TEXTS.dashboardNameTaken, 'name');
  const now = ctx.now();
  const savedId = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = id ? await q.lockDashboard(tx, actor.moduleId, id) : undefined;
    if (id && !before) throw dashboardNotFound();
    if (await q.isDashboardNameTaken(tx, actor.moduleId, name, id)) throw nameTaken();
    const dashboardId = before
      ? before.id
      : await q.insertDashboard(tx, actor.moduleId, { name, is_default: false }, actor.userId, now);
    if (before) await q.renameDashboard(tx, dashboardId, name, now);
    await q.replacePlacements(tx, dashboardId, body.layout);
    await auditChange(tx, actor, {
      event: before ? 'DASHBOARD_UPDATED' : 'DASHBOARD_CREATED',
      entityType: 'dashboard',
      entityId: dashboardId,
      details: { name, layout: body.layout, ...(before ? { before: { name: before.name } } : {}) },
    });
    return dashboardId;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  });
  return getDashboard(ctx.db, actor.moduleId, savedId);
}

/** PUT /v2/dashboards/{id}/layout: where the dashlets sit after a drag or a resize. */
export async function saveLayout(
  ctx: FeatureContext,
  actor: ModuleActor,
  id: number,
  layout: readonly DashboardPlacement[],
) {
  await checkedLayout(ctx.db, actor.moduleId, layout);
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.lockDashboard(tx, actor.moduleId, id);
    if (!before) throw dashboardNotFound();
    await q.replacePlacements(tx, id, layout);
    await q.touchDashboard(tx, id, ctx.now());
    await auditChange(tx, actor, {
      event: 'DASHBOARD_LAYOUT_SAVED',
      entityType: 'dashboard',
      entityId: id,
      details: { name: before.name, layout },
    });
  });
  return getDashboard(ctx.db, actor.moduleId, id);
}

export async function deleteDashboard(ctx: FeatureContext, actor: ModuleActor, id: number) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.lockDashboard(tx, actor.moduleId, id);
    if (!before) throw dashboardNotFound();
    await q.deleteDashboard(tx, id);
    await auditChange(tx, actor, {
      event: 'DASHBOARD_DELETED',
      entityType: 'dashboard',
      entityId: id,
      details: { name: before.name },
    });
  });
  return { message: DASHBOARD_TEXTS.dashboardDeleted };
}
