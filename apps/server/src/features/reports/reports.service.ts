import {
  type DownloadRequest,
  REPORT_DESCRIPTION_MAX,
  REPORT_NAME_MAX,
  REPORT_PREVIEW_ROWS,
  REPORT_ROW_FIELDS,
  REPORT_TEXTS,
  type ReportConfig,
  type ReportDefinition,
  type ReportGroup,
  type ReportGroupSave,
  type ReportRunBody,
  type ReportSaveBody,
  readPagingParams,
  reportGroupSaveSchema,
  reportRunBodySchema,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { enqueueDownload } from '@/jobs/export-queue.ts';
import { wakeLocalWorkers } from '@/jobs/queue.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { toDownloadRequest } from '@/lib/downloads/download-requests.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { fileReportDownload } from '@/lib/reports/report-downloads.ts';
import { checkDefinition, defaultLabel, kindOfField, reportSourcesOf } from '@/lib/reports/report-model.ts';
import { definitionOf, executionModel, runReport, toExecution } from '@/lib/reports/report-runs.ts';
import { outputColumnsOf, reportRows } from '@/lib/reports/report-sql.queries.ts';
import * as lq from '@/lib/reports/reports.queries.ts';
import * as q from './reports.queries.ts';

/**
 * Report configs, their runs and groups (decision 0036). The SQL of a report is built in lib/reports from the
 * checked model (shared with the REPORT / REPORT_GROUP activities and the downloads worker).
 */

const notFound = () => new AppError('NOT_FOUND', REPORT_TEXTS.notFound);
const executionNotFound = () => new AppError('NOT_FOUND', REPORT_TEXTS.executionNotFound);
const groupNotFound = () => new AppError('NOT_FOUND', REPORT_TEXTS.groupNotFound);
const nameTaken = () => validation(REPORT_TEXTS.nameTaken, 'name');

async function toConfigs(db: Db, moduleId: number, records: readonly lq.ReportConfigRecord[]): Promise<ReportConfig[]> {
  const [sources, last] = await Promise.all([
    reportSourcesOf(db, moduleId),
    lq.lastExecutions(
      db,
      records.map((r) => r.id),
    ),
  ]);
  return records.map((r) => {
    const def = definitionOf(r.definition, r.data_source_id);
    const found = sources.get(r.data_source_id);
    const run = last.get(r.id);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      dataSourceId: r.data_source_id,
      dataSourceName: found?.source.dataSourceName ?? String(r.data_source_id),
      reconName: found?.reconName ?? '',
      columns: def.columns.map((c) => ({ field: c.field, label: c.label || defaultLabel(c.field) })),
      filters: def.filters,
      groupBy: def.groupBy,
      aggregates: def.aggregates.map((a) => ({ function: a.function, field: a.field ?? null, label: a.label })),
      sort: def.sort,
      createdBy: r.created_by_name,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      lastRun: run ? { id: run.id, status: run.status, startedAt: run.started_at.toISOString() } : null,
    };
  });
}

/** GET /v2/reports?start=0: a DataTables page, by name. */
export async function list(db: Db, moduleId: number, query: { start: number; length: number; draw: number }) {
  const raw = (query as Record<string, unknown>)['search[value]'];
  const search = String(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '')).trim();
  const page = await lq.configsPage(db, moduleId, { start: query.start, length: query.length, search });
  return {
    draw: query.draw,
    recordsTotal: page.total,
    recordsFiltered: page.filtered,
    data: await toConfigs(db, moduleId, page.rows),
  };
}

/** The data sources a report may read, with their columns then the row fields. */
export async function dataSources(db: Db, moduleId: number) {
  const sources = await reportSourcesOf(db, moduleId);
  return {
    data: [...sources.values()].map(({ source, reconName }) => ({
      dataSourceId: source.dataSourceId,
      name: source.dataSourceName,
      reconName,
      columns: [...source.columns.map((c) => c.name), ...Object.keys(REPORT_ROW_FIELDS)].map((name) => {
        const kind = kindOfField(source, name) ?? 'text';
        return { name, label: defaultLabel(name), kind: kind === 'amount' ? ('number' as const) : kind };
      }),
    })),
  };
}

export async function get(db: Db, moduleId: number, id: number): Promise<ReportConfig> {
  const record = await lq.configOf(db, moduleId, id);
  if (!record) throw notFound();
  return (await toConfigs(db, moduleId, [record]))[0] as ReportConfig;
}

/** The body's checks in the form's order: name, description, then the definition against its data source. */
async function checkedValues(db: Db, moduleId: number, body: ReportSaveBody): Promise<q.ConfigValues> {
  const name = (body.name ?? '').trim();
  if (!name) throw validation(REPORT_TEXTS.nameRequired, 'name');
  if (name.length > REPORT_NAME_MAX) throw validation(REPORT_TEXTS.nameTooLong, 'name');
  const description = body.description?.trim() || null;
  if (description && description.length > REPORT_DESCRIPTION_MAX)
    throw validation(REPORT_TEXTS.descriptionTooLong, 'description');
  checkDefinition(await reportSourcesOf(db, moduleId), body);
  const { columns, filters, groupBy, aggregates, sort } = body;
  return {
    name,
    description,
    data_source_id: body.dataSourceId as number,
    definition: {
      columns: columns.map((c) => ({ field: c.field, label: c.label.trim() })),
      filters,
      groupBy,
      aggregates: aggregates.map((a) => ({ function: a.function, field: a.field ?? null, label: a.label.trim() })),
      sort,
    },
  };
}

/** POST (id null) and PUT /v2/reports/{id}. Audited with the config as saved. */
export async function save(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: ReportSaveBody,
  id: number | null,
): Promise<ReportConfig> {
  const values = await checkedValues(ctx.db, actor.moduleId, body);
  const now = ctx.now();
  const savedId = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = id ? await q.lockConfig(tx, actor.moduleId, id) : undefined;
    if (id && !before) throw notFound();
    if (await q.isNameTaken(tx, actor.moduleId, values.name, id)) throw nameTaken();
    const configId = before ? before.id : await q.insertConfig(tx, actor.moduleId, values, actor.userId, now);
    if (before) await q.updateConfig(tx, configId, values, now);
    await auditChange(tx, actor, {
      event: before ? 'REPORT_CONFIG_UPDATED' : 'REPORT_CONFIG_CREATED',
      entityType: 'report_config',
      entityId: configId,
      details: {
        name: values.name,
        dataSourceId: values.data_source_id,
        definition: values.definition,
        ...(before ? { before: { name: before.name } } : {}),
      },
    });
    return configId;
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === '23505' && !(err instanceof AppError)) throw nameTaken();
    throw err;
  });
  return get(ctx.db, actor.moduleId, savedId);
}

/**
 * DELETE: refused while a group holds the config or a dashlet shows it; its executions stay (they keep the definition
 * they ran).
 */
export async function remove(ctx: FeatureContext, actor: ModuleActor, id: number) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.lockConfig(tx, actor.moduleId, id);
    if (!before) throw notFound();
    const groups = await q.groupsHolding(tx, id);
    if (groups.length > 0) throw validation(REPORT_TEXTS.inUseByGroups(groups.join(', ')), 'id');
    const jobs = await q.jobsRunning(tx, 'REPORT', id);
    if (jobs.length > 0) throw validation(REPORT_TEXTS.inUseByJobs(jobs.join(', ')), 'id');
    const dashlets = await q.dashletsShowing(tx, id);
    if (dashlets.length > 0) throw validation(REPORT_TEXTS.inUseByDashlets(dashlets.join(', ')), 'id');
    await q.deleteConfig(tx, id);
    await auditChange(tx, actor, {
      event: 'REPORT_CONFIG_DELETED',
      entityType: 'report_config',
      entityId: id,
      details: { name: before.name },
    });
  });
  return { message: REPORT_TEXTS.deleted };
}

/** POST /v2/reports/preview: the first rows of a definition not saved yet. */
export async function preview(db: Db, moduleId: number, def: ReportDefinition) {
  const model = checkDefinition(await reportSourcesOf(db, moduleId), def);
  const rows = await reportRows(db, model, { maxRowId: null, start: 0, length: REPORT_PREVIEW_ROWS });
  return { columns: outputColumnsOf(model), rows };
}

/** POST /v2/reports/{id}/executions: runs now with the dynamic filters' values. */
export async function run(ctx: FeatureContext, actor: ModuleActor, id: number, body: ReportRunBody) {
  const config = await lq.configOf(ctx.db, actor.moduleId, id);
  if (!config) throw notFound();
  const { filterValues } = reportRunBodySchema.parse(body);
  const done = await runReport(ctx.db, {
    moduleId: actor.moduleId,
    config,
    filterValues,
    trigger: 'MANUAL',
    userId: actor.userId,
    jobExecutionId: null,
    now: ctx.now,
  });
  await auditChange(ctx.db, actor, {
    event: 'REPORT_RUN',
    entityType: 'report_execution',
    entityId: done.id,
    details: { reportId: id, name: config.name, filterValues, status: done.status, rowCount: done.row_count },
  });
  return toExecution(done);
}

export async function executions(
  db: Db,
  moduleId: number,
  query: { start: number; length: number; draw: number; reportId?: number },
) {
  const page = await lq.executionsPage(db, moduleId, query);
  return {
    draw: query.draw,
    recordsTotal: page.total,
    recordsFiltered: page.total,
    data: page.rows.map(toExecution),
  };
}

async function executionRecord(db: Db, moduleId: number, id: number) {
  const e = await lq.executionOf(db, moduleId, id);
  if (!e) throw executionNotFound();
  return e;
}

export async function execution(db: Db, moduleId: number, id: number) {
  return toExecution(await executionRecord(db, moduleId, id));
}

/** A page of an execution's results, from the rows up to its highest row id (a failed or running one has none). */
export async function results(
  db: Db,
  moduleId: number,
  id: number,
  query: { start: number; length: number; draw: number } & Record<string, unknown>,
) {
  readPagingParams(query);
  const e = await executionRecord(db, moduleId, id);
  const model = await executionModel(db, moduleId, e);
  const columns = outputColumnsOf(model);
  if (e.status !== 'COMPLETED') return { draw: query.draw, recordsTotal: 0, recordsFiltered: 0, columns, data: [] };
  const rows = await reportRows(db, model, { maxRowId: e.max_row_id, start: query.start, length: query.length });
  const total = e.row_count ?? 0;
  return { draw: query.draw, recordsTotal: total, recordsFiltered: total, columns, data: rows };
}

/** GET /v2/reports/executions/{id}/download: a REPORT request in the Downloads area, queued for the worker. */
export async function requestDownload(
  ctx: FeatureContext,
  actor: ModuleActor,
  id: number,
  format: 'CSV' | 'XLSX',
): Promise<DownloadRequest> {
  const e = await executionRecord(ctx.db, actor.moduleId, id);
  if (e.status !== 'COMPLETED') throw validation(REPORT_TEXTS.runFailed, 'executionId');
  const now = ctx.now();
  const created = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const row = await fileReportDownload(tx, {
      moduleId: actor.moduleId,
      userId: actor.userId,
      executionId: e.id,
      reportName: e.report_name,
      format,
      now,
    });
    await enqueueDownload(tx, row.id);
    await auditChange(tx, actor, {
      event: 'DOWNLOAD_REQUESTED',
      entityType: 'download_request',
      entityId: row.id,
      details: { reportType: 'REPORT', format, view: { executionId: e.id } },
    });
    return row;
  });
  wakeLocalWorkers();
  return toDownloadRequest(created);
}

const toGroup = (g: lq.GroupRecord): ReportGroup => ({
  id: g.id,
  name: g.name,
  reports: g.reports,
  updatedAt: g.updated_at.toISOString(),
});

export async function groups(db: Db, moduleId: number) {
  return { data: (await lq.groupsOf(db, moduleId)).map(toGroup) };
}

/** POST (id null) and PUT /v2/scheduleSqlQuerys/{id}: a name and the module's reports, in order. */
export async function saveGroup(ctx: FeatureContext, actor: ModuleActor, body: ReportGroupSave, id: number | null) {
  const parsed = reportGroupSaveSchema.parse(body);
  const name = parsed.name.trim();
  if (!name) throw validation(REPORT_TEXTS.groupNameRequired, 'name');
  if (name.length > REPORT_NAME_MAX) throw validation(REPORT_TEXTS.nameTooLong, 'name');
  const reportIds = [...new Set(parsed.reportIds)];
  if (reportIds.length === 0) throw validation(REPORT_TEXTS.groupReportsRequired, 'reportIds');
  const found = await lq.configsByIds(ctx.db, actor.moduleId, reportIds);
  const missing = reportIds.find((r) => !found.some((c) => c.id === r));
  if (missing !== undefined) throw validation(`${REPORT_TEXTS.notFound}: ${missing}`, 'reportIds');
  const savedId = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = id ? await q.lockGroup(tx, actor.moduleId, id) : undefined;
    if (id && !before) throw groupNotFound();
    if (await q.isGroupNameTaken(tx, actor.moduleId, name, id)) throw validation(REPORT_TEXTS.groupNameTaken, 'name');
    const groupId = await q.saveGroup(tx, {
      id: before?.id ?? null,
      moduleId: actor.moduleId,
      name,
      reportIds,
      userId: actor.userId,
      now: ctx.now(),
    });
    await auditChange(tx, actor, {
      event: before ? 'REPORT_GROUP_UPDATED' : 'REPORT_GROUP_CREATED',
      entityType: 'report_group',
      entityId: groupId,
      details: { name, reportIds },
    });
    return groupId;
  });
  const [saved] = await lq.groupsOf(ctx.db, actor.moduleId, savedId);
  if (!saved) throw groupNotFound();
  return toGroup(saved);
}

export async function deleteGroup(ctx: FeatureContext, actor: ModuleActor, id: number) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.lockGroup(tx, actor.moduleId, id);
    if (!before) throw groupNotFound();
    const jobs = await q.jobsRunning(tx, 'REPORT_GROUP', id);
    if (jobs.length > 0) throw validation(REPORT_TEXTS.groupInUseByJobs(jobs.join(', ')), 'id');
    await q.deleteGroup(tx, id);
    await auditChange(tx, actor, {
      event: 'REPORT_GROUP_DELETED',
      entityType: 'report_group',
      entityId: id,
      details: { name: before.name },
    });
  });
  return { message: REPORT_TEXTS.groupDeleted };
}
