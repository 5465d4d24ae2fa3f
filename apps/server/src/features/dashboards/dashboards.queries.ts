import type { DashboardPlacement, DashletChart, DashletKind, DashletParameters } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';

/** Dashlets and dashboards of a module (decision 0037); their figures are read by lib/dashboards. */

export type DashletRecord = {
  id: number;
  name: string;
  kind: DashletKind;
  recon_id: number | null;
  recon_name: string | null;
  report_name: string | null;
  chart_type: DashletChart;
  parameters: DashletParameters;
  dashboard_count: number;
  created_at: Date;
  updated_at: Date;
};
export type DashletValues = {
  name: string;
  kind: DashletKind;
  recon_id: number | null;
  chart_type: DashletChart;
  parameters: DashletParameters;
};

function dashletsQuery(db: Db, moduleId: number) {
  return db
    .selectFrom('dashlet as d')
    .leftJoin('recon as r', 'r.id', 'd.recon_id')
    .leftJoin('report_config as rc', 'rc.id', 'd.report_config_id')
    .select([
      'd.id',
      'd.name',
      'd.kind',
      'd.recon_id',
      'r.name as recon_name',
      'rc.name as report_name',
      'd.chart_type',
      'd.parameters',
      'd.created_at',
      'd.updated_at',
      sql<number>`(SELECT count(*)::int FROM dashboard_dashlet dd WHERE dd.dashlet_id = d.id)`.as('dashboard_count'),
    ])
    .where('d.module_id', '=', moduleId);
}

export async function dashletsOf(db: Db, moduleId: number, ids?: readonly number[]): Promise<DashletRecord[]> {
  let q = dashletsQuery(db, moduleId);
  if (ids) {
    if (ids.length === 0) return [];
    q = q.where('d.id', 'in', ids);
  }
  return (await q.orderBy(sql`lower(d.name)`).orderBy('d.id').execute()) as DashletRecord[];
}

export async function dashletOf(db: Db, moduleId: number, id: number): Promise<DashletRecord | undefined> {
  return (await dashletsQuery(db, moduleId).where('d.id', '=', id).executeTakeFirst()) as DashletRecord | undefined;
}

export async function lockDashlet(db: Db, moduleId: number, id: number) {
  const r = await sql<{ id: number; name: string }>`
    SELECT id, name FROM dashlet WHERE id = ${id} AND module_id = ${moduleId} FOR UPDATE`.execute(db);
  return r.rows[0];
}

export async function isDashletNameTaken(db: Db, moduleId: number, name: string, exceptId: number | null) {
  let q = db
    .selectFrom('dashlet')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The report a REPORT dashlet shows, kept in its own column too: the foreign key holds it while shown. */
const reportConfigIdOf = (v: DashletValues) => (v.kind === 'REPORT' ? (v.parameters.reportConfigId ?? null) : null);

export async function insertDashlet(db: Db, moduleId: number, v: DashletValues, by: number, now: Date) {
  const row = await db
    .insertInto('dashlet')
    .values({
      ...v,
      parameters: JSON.stringify(v.parameters),
      report_config_id: reportConfigIdOf(v),
      module_id: moduleId,
      created_by: by,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDashlet(db: Db, id: number, v: DashletValues, now: Date) {
  await db
    .updateTable('dashlet')
    .set({ ...v, parameters: JSON.stringify(v.parameters), report_config_id: reportConfigIdOf(v), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function dashletUseCount(db: Db, id: number): Promise<number> {
  const r = await db
    .selectFrom('dashboard_dashlet')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('dashlet_id', '=', id)
    .executeTakeFirstOrThrow();
  return r.n;
}

export async function deleteDashlet(db: Db, id: number) {
  await db.deleteFrom('dashlet').where('id', '=', id).execute();
}

export type DashboardRecord = {
  id: number;
  name: string;
  is_default: boolean;
  dashlet_count: number;
  created_at: Date;
  updated_at: Date;
};

function dashboardsQuery(db: Db, moduleId: number) {
  return db
    .selectFrom('dashboard as b')
    .select([
      'b.id',
      'b.name',
      'b.is_default',
      'b.created_at',
      'b.updated_at',
      sql<number>`(SELECT count(*)::int FROM dashboard_dashlet dd WHERE dd.dashboard_id = b.id)`.as('dashlet_count'),
    ])
    .where('b.module_id', '=', moduleId);
}

/** The default dashboard first, then by name. */
export async function dashboardsOf(db: Db, moduleId: number): Promise<DashboardRecord[]> {
  return dashboardsQuery(db, moduleId).orderBy('b.is_default', 'desc').orderBy(sql`lower(b.name)`).execute();
}

export async function dashboardOf(db: Db, moduleId: number, id: number): Promise<DashboardRecord | undefined> {
  return dashboardsQuery(db, moduleId).where('b.id', '=', id).executeTakeFirst();
}

export async function lockDashboard(db: Db, moduleId: number, id: number) {
  const r = await sql<{ id: number; name: string }>`
    SELECT id, name FROM dashboard WHERE id = ${id} AND module_id = ${moduleId} FOR UPDATE`.execute(db);
  return r.rows[0];
}

export async function isDashboardNameTaken(db: Db, moduleId: number, name: string, exceptId: number | null) {
  let q = db
    .selectFrom('dashboard')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertDashboard(
  db: Db,
  moduleId: number,
  v: { name: string; is_default: boolean },
  by: number,
  now: Date,
) {
  const row = await db
    .insertInto('dashboard')
    .values({ ...v, module_id: moduleId, created_by: by, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameDashboard(db: Db, id: number, name: string, now: Date) {
  await db.updateTable('dashboard').set({ name, updated_at: now }).where('id', '=', id).execute();
}

export async function touchDashboard(db: Db, id: number, now: Date) {
  await db.updateTable('dashboard').set({ updated_at: now }).where('id', '=', id).execute();
}

export async function deleteDashboard(db: Db, id: number) {
  await db.deleteFrom('dashboard').where('id', '=', id).execute();
}

export async function placementsOf(db: Db, dashboardId: number): Promise<DashboardPlacement[]> {
  return db
    .selectFrom('dashboard_dashlet')
    .select(['dashlet_id as dashletId', 'x', 'y', 'w', 'h'])
    .where('dashboard_id', '=', dashboardId)
    .orderBy('y')
    .orderBy('x')
    .execute();
}

export async function replacePlacements(db: Db, dashboardId: number, layout: readonly DashboardPlacement[]) {
  await db.deleteFrom('dashboard_dashlet').where('dashboard_id', '=', dashboardId).execute();
  if (layout.length === 0) return;
  await db
    .insertInto('dashboard_dashlet')
    .values(layout.map((p) => ({ dashboard_id: dashboardId, dashlet_id: p.dashletId, x: p.x, y: p.y, w: p.w, h: p.h })))
    .execute();
}

/** The module's recons, by name: the default dashboard shows the first few. */
export async function reconsOf(db: Db, moduleId: number, limit: number) {
  return db
    .selectFrom('recon')
    .select(['id', 'name'])
    .where('module_id', '=', moduleId)
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function dashletIdByName(db: Db, moduleId: number, name: string) {
  const r = await db
    .selectFrom('dashlet')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return r?.id;
}
