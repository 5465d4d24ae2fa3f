import {
  areGlBucketsValid,
  type DownloadRequest,
  GL_DEFAULT_AGEING_BUCKETS,
  GL_NAME_MAX,
  GL_TEXTS,
  type GlConfig,
  type GlConfigSave,
  type GlDownloadView,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { enqueueDownload } from '@/jobs/export-queue.ts';
import { wakeLocalWorkers } from '@/jobs/queue.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { createApprovalRequest } from '@/lib/approvals/approval-requests.ts';
import { downloadFileName } from '@/lib/downloads/download-files.ts';
import { insertRequest, toDownloadRequest } from '@/lib/downloads/download-requests.ts';
import { pendingReopenings } from '@/lib/gl/closed-periods.ts';
import * as lq from '@/lib/gl/gl.queries.ts';
import { glAgeing, glItemRows, glReport, glSummary } from '@/lib/gl/gl-figures.ts';
import { type GlModel, glModelOf, glSourcesOf, resolveSource } from '@/lib/gl/gl-model.ts';
import { dayOf, runGl } from '@/lib/gl/gl-snapshots.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { kindOfColumn, resolveDateColumn } from '@/lib/recon/transaction-query.ts';
import * as q from './gl.queries.ts';

/**
 * GL configurations (decision 0034) and their books (decision 0035). Figures come from lib/gl (shared with the
 * GL_EXECUTION activity and the downloads worker); this file holds the rules of the calls.
 */

const notFound = () => new AppError('NOT_FOUND', GL_TEXTS.notFound);
const nameTaken = () => validation(GL_TEXTS.nameTaken, 'glName');

async function configsAnswer(db: Db, moduleId: number, records: readonly lq.GlConfigRecord[]): Promise<GlConfig[]> {
  const ids = records.map((r) => r.id);
  const [items, sources, pending, snapshots] = await Promise.all([
    lq.itemsOf(db, ids),
    glSourcesOf(db, moduleId),
    pendingReopenings(db, ids),
    lq.lastSnapshots(db, ids),
  ]);
  return records.map((c) => {
    const snapshot = snapshots.get(c.id);
    return {
      id: c.id,
      glName: c.gl_name,
      ageingBuckets: c.ageing_buckets,
      closedUntil: c.closed_until,
      reopenApprovalId: pending.get(c.id) ?? null,
      lastRefresh: snapshot ? { asOnDate: snapshot.asOnDate, at: snapshot.at.toISOString() } : null,
      createdAt: c.created_at.toISOString(),
      updatedAt: c.updated_at.toISOString(),
      items: items
        .filter((i) => i.gl_config_id === c.id)
        .map((i) => ({
          id: i.id,
          name: i.name,
          side: i.side,
          sign: i.sign,
          sequence: i.sequence,
          sources: i.sources.map((s) => {
            const found = sources.get(s.data_source_id);
            return {
              dataSourceId: s.data_source_id,
              dataSourceName: found?.source.dataSourceName ?? String(s.data_source_id),
              reconName: found?.reconName ?? '',
              amountColumn: s.amount_column,
              dateColumn: found ? resolveDateColumn(found.source, undefined) : '',
              filters: s.filters as GlConfig['items'][number]['sources'][number]['filters'],
            };
          }),
        })),
    };
  });
}

export async function listConfigs(db: Db, moduleId: number): Promise<GlConfig[]> {
  return configsAnswer(db, moduleId, await lq.configsOf(db, moduleId));
}

/** The data sources of the module a config item may read, with their columns (number columns are amounts). */
export async function dataSources(db: Db, moduleId: number) {
  const sources = await glSourcesOf(db, moduleId);
  return {
    data: [...sources.values()].map(({ source, reconName }) => ({
      dataSourceId: source.dataSourceId,
      name: source.dataSourceName,
      reconName,
      dateColumn: resolveDateColumn(source, undefined),
      columns: source.columns.map((c) => ({
        name: c.name,
        dataType: c.dataType,
        isAmount: kindOfColumn(c) === 'number',
      })),
    })),
  };
}

export async function getConfig(db: Db, moduleId: number, id: number): Promise<GlConfig> {
  const record = await lq.configOf(db, moduleId, id);
  if (!record) throw notFound();
  const [config] = await configsAnswer(db, moduleId, [record]);
  return config as GlConfig;
}

/** The body's checks in the form's order; answers the values to store. */
async function checkedValues(db: Db, moduleId: number, body: GlConfigSave) {
  const name = body.glName.trim();
  if (!name) throw validation(GL_TEXTS.nameRequired, 'glName');
  if (name.length > GL_NAME_MAX) throw validation(GL_TEXTS.nameTooLong, 'glName');
  const buckets = body.ageingBuckets ?? [...GL_DEFAULT_AGEING_BUCKETS];
  if (!areGlBucketsValid(buckets)) throw validation(GL_TEXTS.bucketsInvalid, 'ageingBuckets');
  if (body.items.length === 0) throw validation(GL_TEXTS.itemsRequired, 'items');
  const sources = await glSourcesOf(db, moduleId);
  const items: q.ItemValues[] = body.items.map((item) => {
    const itemName = item.name.trim();
    if (!itemName) throw validation(GL_TEXTS.itemNameRequired, 'items');
    if (item.sources.length === 0) throw validation(GL_TEXTS.itemSourcesRequired, 'items');
    return {
      id: item.id ?? null,
      name: itemName,
      side: item.side,
      sign: item.sign,
      sources: item.sources.map((s) => {
        resolveSource(sources, s);
        return { data_source_id: s.dataSourceId, amount_column: s.amountColumn, filters: s.filters };
      }),
    };
  });
  return { config: { gl_name: name, ageing_buckets: buckets }, items };
}

/** POST (id null) and PUT /v2/glconfigurations/{id}. Audited with the configuration as saved. */
export async function saveConfig(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: GlConfigSave,
  id: number | null,
): Promise<GlConfig> {
  const values = await checkedValues(ctx.db, actor.moduleId, body);
  const now = ctx.now();
  const savedId = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = id ? await q.lockConfig(tx, actor.moduleId, id) : undefined;
    if (id && !before) throw notFound();
    if (await q.isNameTaken(tx, actor.moduleId, values.config.gl_name, id)) throw nameTaken();
    const configId = before ? before.id : await q.insertConfig(tx, actor.moduleId, values.config, actor.userId, now);
    if (before) await q.updateConfig(tx, configId, values.config, now);
    await q.replaceItems(tx, configId, values.items);
    await auditChange(tx, actor, {
      event: before ? 'GL_CONFIG_UPDATED' : 'GL_CONFIG_CREATED',
      entityType: 'gl_config',
      entityId: configId,
      details: {
        glName: values.config.gl_name,
        ageingBuckets: values.config.ageing_buckets,
        items: values.items.map((i) => ({
          name: i.name,
          side: i.side,
          sign: i.sign,
          sources: i.sources.map((s) => ({
            dataSourceId: s.data_source_id,
            amountColumn: s.amount_column,
            filters: s.filters,
          })),
        })),
        ...(before ? { before: { glName: before.gl_name } } : {}),
      },
    });
    return configId;
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === '23505' && !(err instanceof AppError)) throw nameTaken();
    throw err;
  });
  return getConfig(ctx.db, actor.moduleId, savedId);
}

/** DELETE: refused while the books are closed (the closed period would end without an approval). */
export async function deleteConfig(ctx: FeatureContext, actor: ModuleActor, id: number) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.lockConfig(tx, actor.moduleId, id);
    if (!before) throw notFound();
    if (before.closed_until)
      throw validation(`${GL_TEXTS.booksClosed} up to ${before.closed_until}: reopen them first`, 'id');
    await q.deleteConfig(tx, id);
    await auditChange(tx, actor, {
      event: 'GL_CONFIG_DELETED',
      entityType: 'gl_config',
      entityId: id,
      details: { glName: before.gl_name },
    });
  });
  return { message: GL_TEXTS.deleted };
}

/** ?Operation=CloseBooks: the closed period moves to the day given (never back: that is a reopening). */
export async function closeBooks(ctx: FeatureContext, actor: ModuleActor, id: number, closeDate: string) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.lockConfig(tx, actor.moduleId, id);
    if (!before) throw notFound();
    if (before.closed_until && closeDate < before.closed_until)
      throw validation(GL_TEXTS.closeBeforeCurrent, 'closeDate');
    const now = ctx.now();
    await lq.setClosedUntil(tx, id, closeDate, actor.userId, now);
    await auditChange(tx, actor, {
      event: 'GL_BOOKS_CLOSED',
      entityType: 'gl_config',
      entityId: id,
      details: { glName: before.gl_name, closedUntil: closeDate, before: before.closed_until },
    });
  });
  return { message: GL_TEXTS.booksClosed, approvalId: null, config: await getConfig(ctx.db, actor.moduleId, id) };
}

/** ?Operation=ReOpenBooks: an approval request; the books stay closed until another person approves it. */
export async function requestReopen(ctx: FeatureContext, actor: ModuleActor, id: number, reason: string | null) {
  const approvalId = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.lockConfig(tx, actor.moduleId, id);
    if (!before) throw notFound();
    if (!before.closed_until) throw validation(GL_TEXTS.notClosed, 'id');
    if ((await pendingReopenings(tx, [id])).has(id)) throw new AppError('CONFLICT', GL_TEXTS.reopenPending);
    return createApprovalRequest(
      tx,
      ctx.notifier,
      actor,
      {
        kind: 'GL_REOPEN_BOOKS',
        summary: `Reopen the books of ${before.gl_name} (closed up to ${before.closed_until})`,
        glConfigId: id,
        closedUntil: before.closed_until,
        reason,
      },
      ctx.now(),
    );
  });
  return { message: GL_TEXTS.reopenSent, approvalId, config: await getConfig(ctx.db, actor.moduleId, id) };
}

async function modelOf(db: Db, moduleId: number, id: number): Promise<GlModel> {
  const model = await glModelOf(db, moduleId, id);
  if (!model) throw notFound();
  return model;
}

/** GET manual-refresh/{glConfigId}: the GL as on today, kept as a snapshot. */
export async function refresh(ctx: FeatureContext, actor: ModuleActor, id: number) {
  const model = await modelOf(ctx.db, actor.moduleId, id);
  const now = ctx.now();
  const run = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const done = await runGl(tx, model, {
      asOnDate: dayOf(now),
      trigger: 'MANUAL',
      jobExecutionId: null,
      userId: actor.userId,
      now,
    });
    await auditChange(tx, actor, {
      event: 'GL_REFRESHED',
      entityType: 'gl_config',
      entityId: id,
      details: { snapshotId: done.snapshotId, asOnDate: done.report.asOnDate },
    });
    return done;
  });
  return { snapshotId: run.snapshotId, message: GL_TEXTS.refreshed, report: run.report };
}

function checkOrder(from: string | undefined | null, to: string, message: string, field: string) {
  if (from && from > to) throw validation(message, field);
}

export async function report(db: Db, moduleId: number, id: number, asOnDate: string, fromDate?: string) {
  checkOrder(fromDate, asOnDate, GL_TEXTS.fromAfterAsOn, 'fromDate');
  return glReport(db, await modelOf(db, moduleId, id), asOnDate, fromDate ?? null);
}

export async function summary(db: Db, moduleId: number, id: number, startDate: string, endDate: string) {
  checkOrder(startDate, endDate, GL_TEXTS.startAfterEnd, 'startDate');
  return glSummary(db, await modelOf(db, moduleId, id), startDate, endDate);
}

export async function ageing(db: Db, moduleId: number, id: number, startDate: string, endDate: string) {
  checkOrder(startDate, endDate, GL_TEXTS.startAfterEnd, 'startDate');
  return glAgeing(db, await modelOf(db, moduleId, id), startDate, endDate);
}

export async function itemTransactions(
  db: Db,
  moduleId: number,
  id: number,
  itemId: number,
  query: { dataSourceId: number; asOnDate: string; fromDate?: string; start: number; length: number; draw: number },
) {
  checkOrder(query.fromDate, query.asOnDate, GL_TEXTS.fromAfterAsOn, 'fromDate');
  const model = await modelOf(db, moduleId, id);
  const item = model.items.find((i) => i.id === itemId);
  if (!item) throw new AppError('NOT_FOUND', GL_TEXTS.itemNotFound);
  const ms = item.sources.find((s) => s.source.dataSourceId === query.dataSourceId);
  if (!ms) throw validation(GL_TEXTS.sourceNotInItem, 'dataSourceId');
  const page = await glItemRows(db, ms, {
    asOnDate: query.asOnDate,
    fromDate: query.fromDate ?? null,
    start: query.start,
    length: query.length,
  });
  return {
    draw: query.draw,
    recordsTotal: page.total,
    recordsFiltered: page.total,
    columns: page.columns,
    data: page.rows,
  };
}

/** report_download / report_summary_download: a GL_REPORT request in the Downloads area, queued for the worker. */
export async function requestDownload(
  ctx: FeatureContext,
  actor: ModuleActor,
  view: GlDownloadView,
  format: 'CSV' | 'XLSX',
): Promise<DownloadRequest> {
  const model = await modelOf(ctx.db, actor.moduleId, view.glConfigId);
  if (view.kind === 'GL_REPORT') {
    checkOrder(view.fromDate, view.asOnDate, GL_TEXTS.fromAfterAsOn, 'fromDate');
    const unknown = (view.itemIds ?? []).find((i) => !model.items.some((item) => item.id === i));
    if (unknown !== undefined) throw validation(`${GL_TEXTS.itemNotFound}: ${unknown}`, 'itemsToDownload');
  } else checkOrder(view.startDate, view.endDate, GL_TEXTS.startAfterEnd, 'startDate');
  const now = ctx.now();
  const parts =
    view.kind === 'GL_REPORT'
      ? [model.glName, view.ageing ? 'ageing' : 'GL', view.asOnDate]
      : [model.glName, 'summary', view.startDate, view.endDate];
  const created = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const row = await insertRequest(tx, {
      module_id: actor.moduleId,
      requested_by: actor.userId,
      report_type: 'GL_REPORT',
      file_name: downloadFileName(parts, now, format),
      format,
      scope: 'ALL_COLUMNS',
      columns: JSON.stringify([]),
      query: JSON.stringify(view),
      requested_at: now,
      updated_at: now,
    });
    await enqueueDownload(tx, row.id);
    await auditChange(tx, actor, {
      event: 'DOWNLOAD_REQUESTED',
      entityType: 'download_request',
      entityId: row.id,
      details: { reportType: 'GL_REPORT', format, view },
    });
    return row;
  });
  wakeLocalWorkers();
  return toDownloadRequest(created);
}
