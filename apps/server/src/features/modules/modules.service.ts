import type { CreateModuleRequest, ModuleDetail, ModuleUsersRequest, UpdateModuleRequest } from '@recon/contract';
import { MODULE_TEXTS } from '@recon/contract';
import { withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { type Actor, actorOf, auditBy } from '@/lib/actor.ts';
import { AppError } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import * as q from './modules.queries.ts';

function toDetail(m: NonNullable<Awaited<ReturnType<typeof q.getModule>>>): ModuleDetail {
  return {
    id: m.id,
    name: m.name,
    status: m.status as ModuleDetail['status'],
    rollbacksNeedApproval: m.rollbacks_need_approval,
    bulkKnockOffNeedsApproval: m.bulk_knock_off_needs_approval,
    userIds: m.userIds,
    createdAt: m.created_at.toISOString(),
    updatedAt: m.updated_at.toISOString(),
  };
}

export async function getModuleDetail(ctx: FeatureContext, id: number): Promise<ModuleDetail> {
  const m = await q.getModule(ctx.db, id);
  if (!m) throw new AppError('NOT_FOUND', 'Module not found');
  return toDetail(m);
}

const nameTaken = () =>
  new AppError('VALIDATION', MODULE_TEXTS.nameTaken, [{ field: 'name', defaultMessage: MODULE_TEXTS.nameTaken }]);

async function assertUsersExist(db: FeatureContext['db'], ids: number[]) {
  const found = new Set(await q.existingUserIds(db, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const message = `Unknown user ids: ${missing.join(', ')}`;
    throw new AppError('VALIDATION', message, [{ field: 'userIds', defaultMessage: message }]);
  }
}

export async function createModule(
  ctx: FeatureContext,
  body: CreateModuleRequest,
  actor: Actor,
): Promise<ModuleDetail> {
  const id = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    if (await q.isNameTaken(tx, body.name)) throw nameTaken();
    const userIds = [...new Set(body.userIds)];
    await assertUsersExist(tx, userIds);
    const { id } = await q.insertModule(tx, body.name, actor.principal.userId);
    // The creator joins the module too, so it can be selected at once.
    await q.addMembers(tx, id, [...new Set([...userIds, actor.principal.userId])]);
    await writeAudit(tx, {
      event: 'MODULE_CREATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'module',
      entityId: id,
      details: { name: body.name.trim(), userIds },
    });
    return id;
  }).catch((err: unknown) => {
    // Two creators racing for one name: the unique index decides.
    if ((err as { code?: string }).code === '23505') throw nameTaken();
    throw err;
  });
  ctx.principals.invalidateAll();
  return getModuleDetail(ctx, id);
}

export async function updateModule(
  ctx: FeatureContext,
  id: number,
  body: UpdateModuleRequest,
  actor: Actor,
): Promise<ModuleDetail> {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.getModule(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Module not found');
    if (await q.isNameTaken(tx, body.name, id)) throw nameTaken();
    await q.updateModule(tx, id, body);
    await writeAudit(tx, {
      event: 'MODULE_UPDATED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'module',
      entityId: id,
      details: {
        before: {
          name: before.name,
          status: before.status,
          rollbacksNeedApproval: before.rollbacks_need_approval,
          bulkKnockOffNeedsApproval: before.bulk_knock_off_needs_approval,
        },
        after: {
          name: body.name.trim(),
          status: body.status ?? before.status,
          rollbacksNeedApproval: body.rollbacksNeedApproval ?? before.rollbacks_need_approval,
          bulkKnockOffNeedsApproval: body.bulkKnockOffNeedsApproval ?? before.bulk_knock_off_needs_approval,
        },
      },
    });
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === '23505') throw nameTaken();
    throw err;
  });
  ctx.principals.invalidateAll();
  return getModuleDetail(ctx, id);
}

export async function deleteModule(ctx: FeatureContext, id: number, actor: Actor) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await q.getModule(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Module not found');
    await q.softDeleteModule(tx, id);
    await writeAudit(tx, {
      event: 'MODULE_DELETED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'module',
      entityId: id,
      details: { name: before.name, userIds: before.userIds },
    });
  });
  ctx.principals.invalidateAll();
  return { message: 'Module deleted successfully' };
}

export function userIdsOf(body: ModuleUsersRequest): number[] {
  return [...new Set(Array.isArray(body) ? body : body.userIds)];
}

export async function changeMembers(
  ctx: FeatureContext,
  id: number,
  body: ModuleUsersRequest,
  op: 'add' | 'remove',
  actor: Actor,
) {
  const userIds = userIdsOf(body);
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    if (!(await q.getModule(tx, id))) throw new AppError('NOT_FOUND', 'Module not found');
    await assertUsersExist(tx, userIds);
    if (op === 'add') await q.addMembers(tx, id, userIds);
    else await q.removeMembers(tx, id, userIds);
    await writeAudit(tx, {
      event: op === 'add' ? 'MODULE_USERS_ADDED' : 'MODULE_USERS_REMOVED',
      outcome: 'SUCCESS',
      ...auditBy(actor),
      entityType: 'module',
      entityId: id,
      details: { userIds },
    });
  });
  ctx.principals.invalidateAll();
  return getModuleDetail(ctx, id);
}

export { actorOf };

/**
 * Find=Landing: the module the user last worked in among those with data; else the one last worked in; else none
 * (the client then takes the first assigned, as the spec says).
 */
export async function landingModuleId(ctx: FeatureContext, userId: number): Promise<number | null> {
  const modules = await q.landingCandidates(ctx.db, userId);
  const time = (m: (typeof modules)[number]) => (m.last_used == null ? null : Number(m.last_used));
  const lastUsed = (among: typeof modules) =>
    among
      .filter((m) => time(m) !== null)
      .sort((a, b) => (time(b) ?? 0) - (time(a) ?? 0))
      .at(0);
  const withData = modules.filter((m) => m.has_data);
  if (withData.length > 0) return (lastUsed(withData) ?? withData[0])?.id ?? null;
  return lastUsed(modules)?.id ?? null;
}
