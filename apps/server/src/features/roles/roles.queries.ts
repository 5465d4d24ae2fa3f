import type { Db } from '@recon/db';
import { sql } from 'kysely';

export const roleByName = (db: Db, name: string) =>
  db.selectFrom('role').selectAll().where('name', '=', name).executeTakeFirst();

/** Every privilege of the catalogue, v2 first, and whether the role holds it. */
export const privilegesOfRole = (db: Db, roleId: number) =>
  db
    .selectFrom('privilege as p')
    .leftJoin('role_privilege as rp', (j) =>
      j.onRef('rp.code', '=', 'p.code').onRef('rp.version', '=', 'p.version').on('rp.role_id', '=', roleId),
    )
    .select(['p.code', 'p.version', 'p.description', sql<boolean>`rp.role_id IS NOT NULL`.as('is_granted')])
    .orderBy('p.version', 'desc')
    .orderBy('p.code')
    .execute();

/** The role's id, its row held until the transaction ends (two edits of one role never interleave). */
export const roleIdForUpdate = (db: Db, name: string) =>
  db.selectFrom('role').select('id').where('name', '=', name).forUpdate().executeTakeFirst();

export async function v2PrivilegeCodes(db: Db): Promise<Set<string>> {
  return new Set(
    (await db.selectFrom('privilege').select('code').where('version', '=', 'v2').execute()).map((r) => r.code),
  );
}

export async function v2GrantsOf(db: Db, roleId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('role_privilege')
    .select('code')
    .where('role_id', '=', roleId)
    .where('version', '=', 'v2')
    .execute();
  return new Set(rows.map((r) => r.code));
}

/** The role's v2 grants become exactly `codes`. */
export async function replaceV2Grants(db: Db, roleId: number, codes: readonly string[]) {
  await db.deleteFrom('role_privilege').where('role_id', '=', roleId).where('version', '=', 'v2').execute();
  if (codes.length > 0) {
    await db
      .insertInto('role_privilege')
      .values(codes.map((code) => ({ role_id: roleId, code, version: 'v2' })))
      .execute();
  }
}

/** Every role with its user and v2 privilege counts, by name. */
export const allRoles = (db: Db) =>
  db
    .selectFrom('role as r')
    .select([
      'r.id',
      'r.name',
      'r.is_maker',
      'r.is_checker',
      sql<number>`(SELECT count(*)::int FROM user_role ur WHERE ur.role_id = r.id)`.as('user_count'),
      sql<number>`(SELECT count(*)::int FROM role_privilege rp WHERE rp.role_id = r.id AND rp.version = 'v2')`.as(
        'privilege_count',
      ),
    ])
    .orderBy('r.name')
    .execute();

/** A new role; undefined when the name is taken (the unique index decides, so two creations cannot both win). */
export const insertRole = (db: Db, r: { name: string; isMaker: boolean; isChecker: boolean }) =>
  db
    .insertInto('role')
    .values({ name: r.name, is_maker: r.isMaker, is_checker: r.isChecker })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();

/** The role by id, its row held until the transaction ends, with how many users hold it. */
export const roleByIdForUpdate = (db: Db, id: number) =>
  db
    .selectFrom('role as r')
    .select([
      'r.id',
      'r.name',
      'r.is_maker',
      'r.is_checker',
      sql<number>`(SELECT count(*)::int FROM user_role ur WHERE ur.role_id = r.id)`.as('user_count'),
    ])
    .where('r.id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** A role's name and flags; undefined when the new name is another role's (the unique index decides). */
export async function updateRole(db: Db, id: number, r: { name: string; isMaker: boolean; isChecker: boolean }) {
  const taken = await db
    .selectFrom('role')
    .select('id')
    .where('name', '=', r.name)
    .where('id', '<>', id)
    .executeTakeFirst();
  if (taken) return undefined;
  return db
    .updateTable('role')
    .set({ name: r.name, is_maker: r.isMaker, is_checker: r.isChecker })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

/** Deletes the role; its grants and approval rights go with it (ON DELETE CASCADE). */
export const deleteRole = (db: Db, id: number) => db.deleteFrom('role').where('id', '=', id).executeTakeFirst();
