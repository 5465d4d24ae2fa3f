import type { ApprovalKind } from '@recon/contract';
import type { Db } from '@recon/db';

/** The module's rights: each kind with the names of the roles that may decide it. */
export const rightsOfModule = (db: Db, moduleId: number) =>
  db
    .selectFrom('approval_right as ar')
    .innerJoin('role as r', 'r.id', 'ar.role_id')
    .select(['ar.kind', 'r.name'])
    .where('ar.module_id', '=', moduleId)
    .orderBy('r.name')
    .execute();

export const rolesByName = (db: Db, names: readonly string[]) =>
  names.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('role')
        .select(['id', 'name'])
        .where('name', 'in', [...names])
        .execute();

/** The roles that may decide `kind` in the module become exactly `roleIds`. */
export async function replaceRights(db: Db, moduleId: number, kind: ApprovalKind, roleIds: readonly number[]) {
  await db.deleteFrom('approval_right').where('module_id', '=', moduleId).where('kind', '=', kind).execute();
  if (roleIds.length > 0)
    await db
      .insertInto('approval_right')
      .values(roleIds.map((role_id) => ({ module_id: moduleId, kind, role_id })))
      .execute();
}
