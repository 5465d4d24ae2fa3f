import type { GlSide } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';

/** The writes of GL configurations (reads of figures live in lib/gl, shared with downloads and jobs). */

export type ConfigValues = { gl_name: string; ageing_buckets: number[] };
export type ItemValues = {
  id: number | null;
  name: string;
  side: GlSide;
  sign: number;
  sources: { data_source_id: number; amount_column: string; filters: unknown[] }[];
};

export async function isNameTaken(db: Db, moduleId: number, name: string, exceptId: number | null) {
  let q = db
    .selectFrom('gl_config')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(gl_name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function lockConfig(db: Db, moduleId: number, id: number) {
  const r = await sql<{ id: number; gl_name: string; closed_until: string | null }>`
    SELECT id, gl_name, to_char(closed_until, 'YYYY-MM-DD') AS closed_until FROM gl_config
    WHERE id = ${id} AND module_id = ${moduleId} FOR UPDATE`.execute(db);
  return r.rows[0];
}

export async function insertConfig(db: Db, moduleId: number, v: ConfigValues, by: number, now: Date) {
  const row = await db
    .insertInto('gl_config')
    .values({ ...v, module_id: moduleId, created_by: by, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConfig(db: Db, id: number, v: ConfigValues, now: Date) {
  await db
    .updateTable('gl_config')
    .set({ ...v, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * The items become exactly those given, in order: an item naming one of the configuration's ids keeps it (its
 * sources are replaced), the others are new, the rest go.
 */
export async function replaceItems(db: Db, glConfigId: number, items: readonly ItemValues[]) {
  const existing = new Set(
    (await db.selectFrom('gl_config_item').select('id').where('gl_config_id', '=', glConfigId).execute()).map(
      (r) => r.id,
    ),
  );
  const kept = items.map((i) => i.id).filter((id): id is number => id !== null && existing.has(id));
  let del = db.deleteFrom('gl_config_item').where('gl_config_id', '=', glConfigId);
  if (kept.length > 0) del = del.where('id', 'not in', kept);
  await del.execute();
  if (kept.length > 0) await db.deleteFrom('gl_config_item_source').where('gl_config_item_id', 'in', kept).execute();
  for (const [index, item] of items.entries()) {
    const values = { name: item.name, side: item.side, sign: item.sign, sequence: index + 1 };
    let itemId: number;
    if (item.id !== null && existing.has(item.id)) {
      await db.updateTable('gl_config_item').set(values).where('id', '=', item.id).execute();
      itemId = item.id;
    } else {
      const row = await db
        .insertInto('gl_config_item')
        .values({ ...values, gl_config_id: glConfigId })
        .returning('id')
        .executeTakeFirstOrThrow();
      itemId = row.id;
    }
    if (item.sources.length === 0) continue;
    await db
      .insertInto('gl_config_item_source')
      .values(
        item.sources.map((s, i) => ({
          gl_config_item_id: itemId,
          data_source_id: s.data_source_id,
          amount_column: s.amount_column,
          filters: JSON.stringify(s.filters),
          sequence: i + 1,
        })),
      )
      .execute();
  }
}

export async function deleteConfig(db: Db, id: number) {
  await db.deleteFrom('gl_config').where('id', '=', id).execute();
}
