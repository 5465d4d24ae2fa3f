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
