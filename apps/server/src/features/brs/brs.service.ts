import {
  BRS_NAME_MAX,
  BRS_TEXTS,
  type BrsConfig,
  type BrsConfigSave,
  type BrsDownloadView,
  type BrsGroup,
  type DownloadRequest,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { enqueueDownload } from '@/jobs/export-queue.ts';
import { wakeLocalWorkers } from '@/jobs/queue.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import * as lq from '@/lib/brs/brs.queries.ts';
import { brsGroupItems, brsStatement } from '@/lib/brs/brs-figures.ts';
import {
  type BrsModel,
  type BrsModelSide,
  bodyOf,
  brsModelOf,
  brsSourcesOf,
  resolveConfig,
  storedSide,
} from '@/lib/brs/brs-model.ts';
import { downloadFileName } from '@/lib/downloads/download-files.ts';
import { insertRequest, toDownloadRequest } from '@/lib/downloads/download-requests.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { kindOfColumn } from '@/lib/recon/transaction-query.ts';
import * as q from './brs.queries.ts';

/** BRS configurations and their statement (decision 0038). Figures come from lib/brs (shared with downloads). */

const notFound = () => new AppError('NOT_FOUND', BRS_TEXTS.notFound);
const nameTaken = () => validation(BRS_TEXTS.nameTaken, 'name');

function sideAnswer(s: BrsModelSide) {
  return {
    ...storedSide(s),
    dataSourceId: s.source.dataSourceId,
    dataSourceName: s.source.dataSourceName,
    reconName: s.reconName,
  };
}

function answerOf(record: lq.BrsConfigRecord, model: Pick<BrsModel, 'bank' | 'books' | 'rules'>): BrsConfig {
  return {
    id: record.id,
    name: record.name,
    bank: sideAnswer(model.bank),
    books: sideAnswer(model.books),
    rules: model.rules.map((r) => ({
      side: r.side,
      direction: r.direction ?? null,
      narrationPattern: r.narrationPattern ?? null,
      instrumentPattern: r.instrumentPattern ?? null,
      group: r.group,
    })),
    createdAt: record.created_at.toISOString(),
    updatedAt: record.updated_at.toISOString(),
  };
}

export async function listConfigs(db: Db, moduleId: number): Promise<BrsConfig[]> {
  const [records, sources] = await Promise.all([lq.brsConfigsOf(db, moduleId), brsSourcesOf(db, moduleId)]);
  // A configuration whose data source left the module's recons is left out of the list rather than failing it.
  return records.flatMap((r) => {
    try {
      return [answerOf(r, resolveConfig(sources, bodyOf(r)))];
    } catch {
      return [];
    }
  });
}

export async function getConfig(db: Db, moduleId: number, id: number): Promise<BrsConfig> {
  const record = await lq.brsConfigOf(db, moduleId, id);
  if (!record) throw notFound();
  return answerOf(record, resolveConfig(await brsSourcesOf(db, moduleId), bodyOf(record)));
}

/** The module's data sources a side may be, with their columns (number columns are amounts). */
export async function dataSources(db: Db, moduleId: number) {
  const sources = await brsSourcesOf(db, moduleId);
  return {
    data: [...sources.values()].map(({ source, reconName }) => ({
      dataSourceId: source.dataSourceId,
      name: source.dataSourceName,
      reconName,
      columns: source.columns.map((c) => ({
        name: c.name,
        dataType: c.dataType,
        isAmount: kindOfColumn(c) === 'number',
      })),
    })),
  };
}

/** POST (id null) and PUT /v2/brsconfigurations/{id}. Audited with the configuration as saved. */
export async function saveConfig(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: BrsConfigSave,
  id: number | null,
): Promise<BrsConfig> {
  const name = body.name.trim();
  if (!name) throw validation(BRS_TEXTS.nameRequired, 'name');
  if (name.length > BRS_NAME_MAX) throw validation(BRS_TEXTS.nameTooLong, 'name');
  const model = resolveConfig(await brsSourcesOf(ctx.db, actor.moduleId), body);
  const values: q.BrsConfigValues = {
    name,
    bank_data_source_id: model.bank.source.dataSourceId,
    books_data_source_id: model.books.source.dataSourceId,
    bank: storedSide(model.bank),
    books: storedSide(model.books),
    rules: model.rules,
  };
  const now = ctx.now();
  const savedId = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = id ? await q.lockConfig(tx, actor.moduleId, id) : undefined;
    if (id && !before) throw notFound();
    if (await q.isNameTaken(tx, actor.moduleId, name, id)) throw nameTaken();
    const configId = before ? before.id : await q.insertConfig(tx, actor.moduleId, values, actor.userId, now);
    if (before) await q.updateConfig(tx, configId, values, now);
    await auditChange(tx, actor, {
      event: before ? 'BRS_CONFIG_UPDATED' : 'BRS_CONFIG_CREATED',
      entityType: 'brs_config',
      entityId: configId,
      details: {
        name,
        bank: { dataSourceId: values.bank_data_source_id, ...values.bank },
        books: { dataSourceId: values.books_data_source_id, ...values.books },
        rules: values.rules,
        ...(before ? { before: { name: before.name } } : {}),
      },
    });
    return configId;
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === '23505' && !(err instanceof AppError)) throw nameTaken();
    throw err;
  });
  return getConfig(ctx.db, actor.moduleId, savedId);
}

export async function deleteConfig(ctx: FeatureContext, actor: ModuleActor, id: number) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.lockConfig(tx, actor.moduleId, id);
    if (!before) throw notFound();
    await q.deleteConfig(tx, id);
    await auditChange(tx, actor, {
      event: 'BRS_CONFIG_DELETED',
      entityType: 'brs_config',
      entityId: id,
      details: { name: before.name },
    });
  });
  return { message: BRS_TEXTS.deleted };
}

async function modelOf(db: Db, moduleId: number, id: number): Promise<BrsModel> {
  const model = await brsModelOf(db, moduleId, id);
  if (!model) throw notFound();
  return model;
}

type Entered = { bankBalance?: string | undefined; booksBalance?: string | undefined };
const enteredOf = (e: Entered) => ({ bankBalance: e.bankBalance ?? null, booksBalance: e.booksBalance ?? null });

export async function statement(db: Db, moduleId: number, id: number, asOnDate: string, entered: Entered) {
  return brsStatement(db, await modelOf(db, moduleId, id), asOnDate, enteredOf(entered));
}

export async function groupItems(
  db: Db,
  moduleId: number,
  id: number,
  group: BrsGroup,
  query: { asOnDate: string; start: number; length: number; draw: number },
) {
  return brsGroupItems(db, await modelOf(db, moduleId, id), group, query);
}

/** statement_download: a BRS_REPORT request in the Downloads area, queued for the worker. */
export async function requestDownload(
  ctx: FeatureContext,
  actor: ModuleActor,
  id: number,
  query: Entered & { asOnDate: string; format: 'CSV' | 'XLSX' },
): Promise<DownloadRequest> {
  const model = await modelOf(ctx.db, actor.moduleId, id);
  const view: BrsDownloadView = {
    kind: 'BRS_STATEMENT',
    brsConfigId: id,
    asOnDate: query.asOnDate,
    ...enteredOf(query),
  };
  // The figures are checked now (an ENTERED balance missing, no balance row): a request bound to fail is refused.
  await brsStatement(ctx.db, model, view.asOnDate, view);
  const now = ctx.now();
  const created = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const row = await insertRequest(tx, {
      module_id: actor.moduleId,
      requested_by: actor.userId,
      report_type: 'BRS_REPORT',
      file_name: downloadFileName([model.name, 'BRS', view.asOnDate], now, query.format),
      format: query.format,
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
      details: { reportType: 'BRS_REPORT', format: query.format, view },
    });
    return row;
  });
  wakeLocalWorkers();
  return toDownloadRequest(created);
}
