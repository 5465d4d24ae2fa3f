import type { Db } from '@recon/db';
import { sql } from 'kysely';

const liveModules = (db: Db) => db.selectFrom('module').where('deleted_at', 'is', null);

export function listModules(db: Db) {
  return liveModules(db)
    .select(['id', 'name', 'status', 'rollbacks_need_approval', 'bulk_knock_off_needs_approval'])
    .orderBy('name')
    .execute();
}

export async function listAssignedModules(db: Db, userId: number, start: number, length: number) {
  const base = liveModules(db)
    .innerJoin('module_user as mu', 'mu.module_id', 'module.id')
    .where('mu.user_id', '=', userId)
    .where('module.status', '=', 'ACTIVE');
  const [rows, total] = await Promise.all([
    base
      .select(['module.id', 'module.name', 'module.status'])
      .orderBy('module.name')
      .orderBy('module.id')
      .offset(start)
      .limit(length)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

/** Files whose rows are gone or were never loaded do not make a module's data. */
const SPENT_FILE_STATUSES = ['ROLLED_BACK', 'ROLLBACK_FAILED', 'DELETED', 'REJECTED', 'INVALID'];

/**
 * The user's active modules in the assigned list's order, each with whether it has rows loaded from files and
 * the user's latest audited action there (its id: audit ids only grow, unlike clock readings).
 */
export function landingCandidates(db: Db, userId: number) {
  return liveModules(db)
    .innerJoin('module_user as mu', 'mu.module_id', 'module.id')
    .where('mu.user_id', '=', userId)
    .where('module.status', '=', 'ACTIVE')
    .select((eb) => [
      'module.id',
      eb
        .exists(
          eb
            .selectFrom('uploaded_file as f')
            .select('f.id')
            .whereRef('f.module_id', '=', 'module.id')
            .where('f.valid_rows', '>', 0)
            .where('f.status', 'not in', SPENT_FILE_STATUSES),
        )
        .as('has_data'),
      eb
        .selectFrom('audit_log as a')
        .select((a) => a.fn.max('a.id').as('at'))
        .whereRef('a.module_id', '=', 'module.id')
        .where('a.user_id', '=', userId)
        .as('last_used'),
    ])
    .orderBy('module.name')
    .orderBy('module.id')
    .execute();
}

export async function getModule(db: Db, id: number) {
  const m = await liveModules(db).selectAll().where('id', '=', id).executeTakeFirst();
  if (!m) return undefined;
  const users = await db
    .selectFrom('module_user')
    .select('user_id')
    .where('module_id', '=', id)
    .orderBy('user_id')
    .execute();
  return { ...m, userIds: users.map((u) => u.user_id) };
}

export async function isNameTaken(db: Db, name: string, exceptId?: number) {
  let q = liveModules(db).select('id').where(sql`lower(name)`, '=', name.trim().toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function existingUserIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('app_user').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function insertModule(db: Db, name: string, createdBy: number) {
  return db
    .insertInto('module')
    .values({ name: name.trim(), created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function addMembers(db: Db, moduleId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db
    .insertInto('module_user')
    .values(userIds.map((user_id) => ({ module_id: moduleId, user_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeMembers(db: Db, moduleId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db.deleteFrom('module_user').where('module_id', '=', moduleId).where('user_id', 'in', userIds).execute();
}

export async function updateModule(
  db: Db,
  id: number,
  patch: { name: string; status?: string; rollbacksNeedApproval?: boolean; bulkKnockOffNeedsApproval?: boolean },
) {
  await db
    .updateTable('module')
    .set({
      name: patch.name.trim(),
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.rollbacksNeedApproval === undefined ? {} : { rollbacks_need_approval: patch.rollbacksNeedApproval }),
      ...(patch.bulkKnockOffNeedsApproval === undefined
        ? {}
        : { bulk_knock_off_needs_approval: patch.bulkKnockOffNeedsApproval }),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Soft delete: business records keep their module id; the name is freed. */
export async function softDeleteModule(db: Db, id: number) {
  await db.updateTable('module').set({ deleted_at: sql`now()`, status: 'INACTIVE' }).where('id', '=', id).execute();
}
