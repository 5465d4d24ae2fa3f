import type { FileUploadConfigStatus, Pipeline, PipelineRequest, PipelineSource } from '@recon/contract';
import { PIPELINE_TEXTS } from '@recon/contract';
import { withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { type Actor, auditBy } from '@/lib/actor.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import * as q from './pipelines.queries.ts';

/** Pending/Configured only mean something for FILE pipelines; a connector fetches its own data. */
export function configStatusOf(source: string, hasConfig: boolean): FileUploadConfigStatus {
  if (source !== 'FILE') return 'Not Required';
  return hasConfig ? 'Configured' : 'Pending';
}

export function toPipeline(r: q.PipelineRow): Pipeline {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    source: r.source as PipelineSource,
    dataTable: { id: r.data_table_id, name: r.data_table_name, tableName: r.table_name },
    fileUploadConfigStatus: configStatusOf(r.source, r.has_config),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export const pipelineNotFound = () => new AppError('NOT_FOUND', PIPELINE_TEXTS.notFound);
const nameTaken = () => validation(PIPELINE_TEXTS.nameTaken, 'name');

export async function getPipeline(ctx: FeatureContext, moduleId: number, id: number): Promise<Pipeline> {
  const row = await q.getPipeline(ctx.db, moduleId, id);
  if (!row) throw pipelineNotFound();
  return toPipeline(row);
}

export async function listPipelines(ctx: FeatureContext, moduleId: number): Promise<Pipeline[]> {
  return (await q.listPipelines(ctx.db, moduleId)).map(toPipeline);
}

async function assertDataTable(db: FeatureContext['db'], moduleId: number, dataTableId: number) {
  // A table of another module is answered exactly like an unknown one.
  const table = await q.getDataTable(db, moduleId, dataTableId);
  if (!table) throw validation(PIPELINE_TEXTS.dataTableNotFound, 'dataTableId');
  return table;
}

export async function createPipeline(
  ctx: FeatureContext,
  moduleId: number,
  body: PipelineRequest,
  actor: Actor,
): Promise<Pipeline> {
  const id = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    if (await q.isNameTaken(tx, moduleId, body.name)) throw nameTaken();
    const table = await assertDataTable(tx, moduleId, body.dataTableId);
    const id = await q.insertPipeline(tx, { ...body, moduleId, userId: actor.principal.userId });
    await writeAudit(tx, {
      event: 'PIPELINE_CREATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      moduleId,
      entityType: 'pipeline',
      entityId: id,
      details: { name: body.name, source: body.source, dataTable: table.name },
    });
    return id;
  }).catch((err: unknown) => {
    // Two creators racing for one name: the unique index decides.
    if ((err as { code?: string }).code === '23505') throw nameTaken();
    throw err;
  });
  return getPipeline(ctx, moduleId, id);
}

export async function updatePipeline(
  ctx: FeatureContext,
  moduleId: number,
  id: number,
  body: PipelineRequest,
  actor: Actor,
): Promise<Pipeline> {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.getPipeline(tx, moduleId, id);
    if (!before) throw pipelineNotFound();
    if (await q.isNameTaken(tx, moduleId, body.name, id)) throw nameTaken();
    const table = await assertDataTable(tx, moduleId, body.dataTableId);
    // The config maps file columns onto this table's columns, and loaded rows live in it.
    if (table.id !== before.data_table_id && (before.has_config || (await q.hasFiles(tx, id)))) {
      throw validation(PIPELINE_TEXTS.dataTableLocked, 'dataTableId');
    }
    await q.updatePipeline(tx, id, body, ctx.now());
    await writeAudit(tx, {
      event: 'PIPELINE_UPDATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      moduleId,
      entityType: 'pipeline',
      entityId: id,
      details: {
        before: { name: before.name, source: before.source, dataTableId: before.data_table_id },
        after: { name: body.name, source: body.source, dataTableId: body.dataTableId },
      },
    });
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === '23505') throw nameTaken();
    throw err;
  });
  return getPipeline(ctx, moduleId, id);
}
