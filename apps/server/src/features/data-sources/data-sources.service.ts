import {
  DATA_SOURCE_FORM_TEXTS,
  DATA_SOURCE_TEXTS,
  type DataElement,
  type DataSourceDetail,
  type DataSourceRequest,
  type DataSourceRow,
  type DuplicateDataSourceRequest,
  type UpdateSequenceRequest,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { ensureStateTable, hasRecordedState, syncDateIndexes } from '@/lib/data-tables/ddl.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { fieldError, initialElements, resolveForm } from './data-source-checks.ts';
import * as q from './data-sources.queries.ts';

const notFound = () => new AppError('NOT_FOUND', DATA_SOURCE_TEXTS.notFound);
const otherModule = () => new AppError('FORBIDDEN', DATA_SOURCE_TEXTS.otherModule);

export function toRow(r: q.DataSourceRecord): DataSourceRow {
  return {
    id: r.id,
    name: r.name,
    recon: { id: r.recon_id, name: r.recon_name },
    pipeline: { id: r.pipeline_id, name: r.pipeline_name },
    table: r.table_name,
    sequence: r.sequence,
    isActive: r.is_active,
    dataElementCount: r.data_element_count,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export const toElement = (e: q.ElementRecord): DataElement => ({
  id: e.id,
  name: e.name,
  inputType: e.input_type,
  type: e.type,
  active: e.active,
  sequence: e.sequence,
});

export async function requireDataSource(db: Db, moduleId: number, id: number): Promise<q.DataSourceRecord> {
  const ds = await q.getDataSource(db, moduleId, id);
  if (!ds) throw notFound();
  return ds;
}

async function detailOf(db: Db, moduleId: number, id: number): Promise<DataSourceDetail> {
  const r = await requireDataSource(db, moduleId, id);
  const elements = await q.listElements(db, id);
  return {
    id: r.id,
    name: r.name,
    product: { id: r.module_id, name: r.module_name },
    recon: { id: r.recon_id, name: r.recon_name },
    pipeline: { id: r.pipeline_id, name: r.pipeline_name },
    pipelineIdForInvalidData: r.invalid_pipeline_id,
    invalidPipeline: { id: r.invalid_pipeline_id, name: r.invalid_pipeline_name },
    dataTableId: r.data_table_id,
    table: r.table_name,
    historyTable: r.history_table_name,
    invalidTable: r.invalid_table_name,
    maxDuplicateRecord: r.max_duplicate_record,
    maxDuplicateRecordCountMethod: r.max_duplicate_unit,
    maxInvalidRecord: r.max_invalid_record,
    maxInvalidRecordCountMethod: r.max_invalid_unit,
    sequence: r.sequence,
    isActive: r.is_active,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    dataElements: elements.map(toElement),
  };
}

export const getDetail = (ctx: FeatureContext, moduleId: number, id: number) => detailOf(ctx.db, moduleId, id);

export async function getElements(ctx: FeatureContext, moduleId: number, id: number): Promise<DataElement[]> {
  await requireDataSource(ctx.db, moduleId, id);
  return (await q.listElements(ctx.db, id)).map(toElement);
}

/** `moduleId` / `module` query values must be the selected module: another module is refused, never answered empty. */
function assertSelectedModule(moduleId: number, requested: number | undefined) {
  if (requested !== undefined && requested !== moduleId) throw otherModule();
}

export function listPage(
  ctx: FeatureContext,
  moduleId: number,
  query: Record<string, unknown> & { start: number; length: number; moduleId?: number } & q.ListFilters,
) {
  assertSelectedModule(moduleId, query.moduleId);
  return q.listDataSources(ctx.db, moduleId, query, query);
}

export async function byModule(ctx: FeatureContext, moduleId: number, requested?: number) {
  assertSelectedModule(moduleId, requested);
  return (await q.listModuleDataSources(ctx.db, moduleId)).map(toRow);
}

export async function byRecon(ctx: FeatureContext, moduleId: number, reconId?: number, requested?: number) {
  assertSelectedModule(moduleId, requested);
  if (reconId === undefined) throw fieldError('recon', DATA_SOURCE_TEXTS.reconRequired);
  if (!(await q.getRecon(ctx.db, moduleId, reconId))) throw new AppError('NOT_FOUND', DATA_SOURCE_TEXTS.reconNotFound);
  return (await q.listReconDataSources(ctx.db, moduleId, reconId)).map(toRow);
}

export async function checkName(ctx: FeatureContext, moduleId: number, name: string | undefined, exceptId?: number) {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return { isValid: false, message: DATA_SOURCE_FORM_TEXTS.nameRequired };
  if (await q.isNameTaken(ctx.db, moduleId, trimmed, exceptId))
    return { isValid: false, message: DATA_SOURCE_TEXTS.nameTaken };
  return { isValid: true, message: DATA_SOURCE_TEXTS.nameAvailable };
}

const nameRace = (err: unknown): never => {
  // Two people saving one name at once: the unique index decides, the loser hears the usual message.
  if ((err as { code?: string }).code === '23505') throw fieldError('name', DATA_SOURCE_TEXTS.nameTaken);
  throw err;
};

const auditValues = (v: q.DataSourceValues) => ({
  name: v.name,
  reconId: v.recon_id,
  pipelineId: v.pipeline_id,
  invalidPipelineId: v.invalid_pipeline_id,
  dataTableId: v.data_table_id,
  maxDuplicateRecord: v.max_duplicate_record,
  maxDuplicateRecordCountMethod: v.max_duplicate_unit,
  maxInvalidRecord: v.max_invalid_record,
  maxInvalidRecordCountMethod: v.max_invalid_unit,
  isActive: v.is_active,
});

export async function createDataSource(ctx: FeatureContext, actor: ModuleActor, body: DataSourceRequest) {
  const id = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const form = await resolveForm(tx, actor, body);
    const elements = initialElements(form.columns, form.table, body.dataElements);
    const id = await q.insertDataSource(tx, actor.moduleId, form.values, actor.userId);
    await q.insertElements(tx, id, elements);
    await ensureStateTable(tx, id);
    await syncDateIndexes(tx, [form.values.data_table_id]);
    await auditChange(tx, actor, {
      event: 'DATA_SOURCE_CREATED',
      entityType: 'data_source',
      entityId: id,
      details: { ...auditValues(form.values), dataElements: elements.map((e) => e.name) },
    });
    return id;
  }).catch(nameRace);
  return detailOf(ctx.db, actor.moduleId, id);
}

/**
 * Edit. Moving to another recon puts the data source last there and closes the gap it leaves; a new table
 * resets the data elements to the new table's columns (the old ones name columns that no longer apply) and moves
 * the date index (decision 0009).
 */
export async function updateDataSource(ctx: FeatureContext, actor: ModuleActor, id: number, body: DataSourceRequest) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await requireDataSource(tx, actor.moduleId, id);
    const form = await resolveForm(tx, actor, body, id);
    const movedRecon = form.values.recon_id !== before.recon_id;
    const newTable = form.values.data_table_id !== before.data_table_id;
    // Its state names rows of its table as its recon closed them: meaningless for another table or recon.
    if ((newTable || movedRecon) && (await hasRecordedState(tx, id))) {
      throw fieldError(newTable ? 'table' : 'recon', DATA_SOURCE_TEXTS.stateLocked);
    }
    await q.updateDataSource(tx, id, form.values, movedRecon);
    await ensureStateTable(tx, id);
    if (movedRecon) await q.renumberRecon(tx, before.recon_id);
    if (newTable) {
      await q.deleteElements(tx, id);
      await q.insertElements(tx, id, initialElements(form.columns, form.table, undefined));
    }
    // The table left behind loses its index when no other data source uses it; the new one gains it. Both are
    // checked on every save, so a save also restores an index dropped by hand.
    await syncDateIndexes(tx, [before.data_table_id, form.values.data_table_id]);
    await auditChange(tx, actor, {
      event: 'DATA_SOURCE_UPDATED',
      entityType: 'data_source',
      entityId: id,
      details: {
        before: auditValues(before),
        after: auditValues(form.values),
        dataElementsReset: newTable,
      },
    });
  }).catch(nameRace);
  return detailOf(ctx.db, actor.moduleId, id);
}

/** A copy with a new name in a chosen recon (last in its order): same pipelines, table, limits and elements. */
export async function duplicateDataSource(
  ctx: FeatureContext,
  actor: ModuleActor,
  id: number,
  body: DuplicateDataSourceRequest,
) {
  const newId = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const source = await requireDataSource(tx, actor.moduleId, id);
    if (await q.isNameTaken(tx, actor.moduleId, body.name)) throw fieldError('name', DATA_SOURCE_TEXTS.nameTaken);
    const recon = await q.getRecon(tx, actor.moduleId, body.reconId);
    if (!recon) throw new AppError('NOT_FOUND', DATA_SOURCE_TEXTS.reconNotFound);
    const newId = await q.insertDataSource(
      tx,
      actor.moduleId,
      {
        name: body.name,
        recon_id: recon.id,
        pipeline_id: source.pipeline_id,
        invalid_pipeline_id: source.invalid_pipeline_id,
        data_table_id: source.data_table_id,
        max_duplicate_record: source.max_duplicate_record,
        max_duplicate_unit: source.max_duplicate_unit,
        max_invalid_record: source.max_invalid_record,
        max_invalid_unit: source.max_invalid_unit,
        is_active: source.is_active,
      },
      actor.userId,
    );
    const elements = await q.listElements(tx, id);
    await q.insertElements(
      tx,
      newId,
      elements.map(({ id: _id, ...e }) => e),
    );
    await ensureStateTable(tx, newId);
    await syncDateIndexes(tx, [source.data_table_id]);
    await auditChange(tx, actor, {
      event: 'DATA_SOURCE_DUPLICATED',
      entityType: 'data_source',
      entityId: newId,
      details: { fromId: id, fromName: source.name, name: body.name, reconId: recon.id },
    });
    return newId;
  }).catch(nameRace);
  return detailOf(ctx.db, actor.moduleId, newId);
}

/**
 * Reorders the data sources of one recon: the listed ones first by their requested sequence (ties keep list
 * order), then the recon's others; numbers become 1..n.
 */
export async function updateSequence(ctx: FeatureContext, actor: ModuleActor, body: UpdateSequenceRequest) {
  const ids = body.map((d) => d.id);
  if (new Set(ids).size !== ids.length) throw fieldError('body', DATA_SOURCE_TEXTS.sequenceDuplicateId);
  const reconId = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const found = await q.getDataSourcesByIds(tx, actor.moduleId, ids);
    if (found.length !== ids.length) throw notFound();
    const recons = new Set(found.map((d) => d.recon_id));
    if (recons.size !== 1) throw fieldError('body', DATA_SOURCE_TEXTS.sequenceOneRecon);
    const reconId = found[0]?.recon_id as number;
    const before = await q.listReconDataSources(tx, actor.moduleId, reconId);
    const ordered = body
      .map((d, index) => ({ ...d, index }))
      .sort((a, b) => a.sequence - b.sequence || a.index - b.index)
      .map((d) => d.id);
    await q.renumberRecon(tx, reconId, ordered);
    const after = await q.listReconDataSources(tx, actor.moduleId, reconId);
    await auditChange(tx, actor, {
      event: 'DATA_SOURCE_SEQUENCE_UPDATED',
      entityType: 'recon',
      entityId: reconId,
      details: {
        before: before.map((d) => ({ id: d.id, sequence: d.sequence })),
        after: after.map((d) => ({ id: d.id, sequence: d.sequence })),
      },
    });
    return reconId;
  });
  return (await q.listReconDataSources(ctx.db, actor.moduleId, reconId)).map(toRow);
}
