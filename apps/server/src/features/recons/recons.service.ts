import {
  type CreateReconRequest,
  RECON_TEXTS,
  type ReconDetail,
  type ReconRow,
  reconInUseByDataSources,
  reconInUseByJobs,
  type UpdateReconRequest,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import * as q from './recons.queries.ts';

const notFound = () => new AppError('NOT_FOUND', RECON_TEXTS.notFound);
const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION', message, [{ field, defaultMessage: message }]);
const nameTaken = () => fieldError('name', RECON_TEXTS.nameTaken);

function toReconRow(r: q.ReconRecord): ReconRow {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    dataSourceCount: r.data_source_count,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

async function detailOf(db: Db, moduleId: number, id: number): Promise<ReconDetail> {
  const recon = await q.getRecon(db, moduleId, id);
  if (!recon) throw notFound();
  const sources = await q.reconDataSources(db, id);
  const sideOf = (sequence: number) => (sequence === 1 ? 'A' : sequence === 2 ? 'B' : null);
  const ref = (sequence: number) => {
    const ds = sources.find((s) => s.sequence === sequence);
    return ds ? { id: ds.id, name: ds.name } : null;
  };
  return {
    ...toReconRow(recon),
    dataSources: sources.map((s) => ({
      id: s.id,
      name: s.name,
      sequence: s.sequence,
      side: sideOf(s.sequence),
      tableName: s.table_name,
    })),
    sideA: ref(1),
    sideB: ref(2),
  };
}

export const getReconDetail = (ctx: FeatureContext, moduleId: number, id: number) => detailOf(ctx.db, moduleId, id);

/** A `module` query value must be the selected module: another module is refused, never answered empty. */
function assertSelectedModule(moduleId: number, requested: number | undefined) {
  if (requested !== undefined && requested !== moduleId) throw new AppError('FORBIDDEN', RECON_TEXTS.otherModule);
}

export async function reconsOfModule(ctx: FeatureContext, moduleId: number, requested?: number): Promise<ReconRow[]> {
  assertSelectedModule(moduleId, requested);
  return (await q.listAllRecons(ctx.db, moduleId)).map(toReconRow);
}

export async function listPage(
  ctx: FeatureContext,
  moduleId: number,
  query: Record<string, unknown> & { start: number; length: number; module?: number },
) {
  assertSelectedModule(moduleId, query.module);
  const { rows, total, filtered } = await q.listRecons(ctx.db, moduleId, query);
  return { rows: rows.map(toReconRow), total, filtered };
}

function rethrowNameRace(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw nameTaken();
  throw err;
}

export async function createRecon(ctx: FeatureContext, actor: ModuleActor, body: CreateReconRequest) {
  const description = body.description ?? '';
  const id = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    if (await q.isNameTaken(tx, actor.moduleId, body.name)) throw nameTaken();
    const id = await q.insertRecon(tx, {
      moduleId: actor.moduleId,
      name: body.name,
      description,
      createdBy: actor.userId,
    });
    await auditChange(tx, actor, {
      event: 'RECON_CREATED',
      entityType: 'recon',
      entityId: id,
      details: { name: body.name, description },
    });
    return id;
  }).catch(rethrowNameRace);
  return detailOf(ctx.db, actor.moduleId, id);
}

export async function updateRecon(ctx: FeatureContext, actor: ModuleActor, id: number, body: UpdateReconRequest) {
  const description = body.description ?? '';
  const sideA = body.sideADataSourceId ?? null;
  const sideB = body.sideBDataSourceId ?? null;
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await detailOf(tx, actor.moduleId, id);
    if (await q.isNameTaken(tx, actor.moduleId, body.name, id)) throw nameTaken();
    if ((sideA === null) !== (sideB === null)) {
      throw fieldError(sideA === null ? 'sideADataSourceId' : 'sideBDataSourceId', RECON_TEXTS.bothSides);
    }
    if (sideA !== null && sideB !== null) {
      if (sideA === sideB) throw fieldError('sideBDataSourceId', RECON_TEXTS.sameSides);
      const own = new Set(before.dataSources.map((d) => d.id));
      if (!own.has(sideA)) throw fieldError('sideADataSourceId', RECON_TEXTS.sideNotInRecon);
      if (!own.has(sideB)) throw fieldError('sideBDataSourceId', RECON_TEXTS.sideNotInRecon);
      await q.setSides(tx, id, sideA, sideB);
    }
    await q.updateRecon(tx, id, { name: body.name, description });
    await auditChange(tx, actor, {
      event: 'RECON_UPDATED',
      entityType: 'recon',
      entityId: id,
      details: {
        before: {
          name: before.name,
          description: before.description,
          sideA: before.sideA?.id ?? null,
          sideB: before.sideB?.id ?? null,
        },
        after: {
          name: body.name,
          description,
          sideA: sideA ?? before.sideA?.id ?? null,
          sideB: sideB ?? before.sideB?.id ?? null,
        },
      },
    });
  }).catch(rethrowNameRace);
  return detailOf(ctx.db, actor.moduleId, id);
}

export async function deleteRecon(ctx: FeatureContext, actor: ModuleActor, id: number) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await detailOf(tx, actor.moduleId, id);
    if (before.dataSources.length > 0) {
      throw fieldError('id', reconInUseByDataSources(before.dataSources.map((d) => d.name)));
    }
    const jobs = await q.jobsRunningRecon(tx, actor.moduleId, id);
    if (jobs.length > 0) throw fieldError('id', reconInUseByJobs(jobs.map((j) => j.name)));
    await q.deleteRecon(tx, id);
    await auditChange(tx, actor, {
      event: 'RECON_DELETED',
      entityType: 'recon',
      entityId: id,
      details: { name: before.name, description: before.description },
    });
  }).catch((err: unknown) => {
    // A data source created meanwhile: its foreign key wins the race, the answer stays the same.
    if ((err as { code?: string }).code === '23503') throw fieldError('id', reconInUseByDataSources([]));
    throw err;
  });
  return { message: RECON_TEXTS.deleted };
}
