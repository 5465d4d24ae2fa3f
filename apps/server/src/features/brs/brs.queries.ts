import type { Db } from '@recon/db';
import { sql } from 'kysely';

/** The writes of BRS configurations (reads live in lib/brs, shared with the downloads worker). */

export type BrsConfigValues = {
  name: string;
  bank_data_source_id: number;
  books_data_source_id: number;
  bank: object;
  books: object;
  rules: object[];
};

const json = (v: BrsConfigValues) => ({
  name: v.name,
  bank_data_source_id: v.bank_data_source_id,
  books_data_source_id: v.books_data_source_id,
  bank: JSON.stringify(v.bank),
  books: JSON.stringify(v.books),
  rules: JSON.stringify(v.rules),
});

export async function isNameTaken(db: Db, moduleId: number, name: string, exceptId: number | null) {
  let q = db
    .selectFrom('brs_config')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function lockConfig(db: Db, moduleId: number, id: number) {
  const r = await sql<{ id: number; name: string }>`
    SELECT id, name FROM brs_config WHERE id = ${id} AND module_id = ${moduleId} FOR UPDATE`.execute(db);
  return r.rows[0];
}

export async function insertConfig(db: Db, moduleId: number, v: BrsConfigValues, by: number, now: Date) {
  const row = await db
    .insertInto('brs_config')
    .values({ ...json(v), module_id: moduleId, created_by: by, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConfig(db: Db, id: number, v: BrsConfigValues, now: Date) {
  await db
    .updateTable('brs_config')
    .set({ ...json(v), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteConfig(db: Db, id: number) {
  await db.deleteFrom('brs_config').where('id', '=', id).execute();
}
