import type { ParallelJobConfigType } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';

const configs = (db: Db, moduleId: number) =>
  db.selectFrom('parallel_job_config').selectAll().where('module_id', '=', moduleId);

export function listConfigs(db: Db, moduleId: number) {
  return configs(db, moduleId).orderBy('config_name').orderBy('id').execute();
}

export function getConfig(db: Db, moduleId: number, id: number) {
  return configs(db, moduleId).where('id', '=', id).executeTakeFirst();
}
export type ConfigRecord = NonNullable<Awaited<ReturnType<typeof getConfig>>>;

export async function isNameTaken(db: Db, moduleId: number, name: string, exceptId?: number | null) {
  let q = configs(db, moduleId).where(sql`lower(config_name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Names of the module's jobs among `ids` (ids of other modules are absent). */
export async function jobNames(db: Db, moduleId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('job')
    .select(['id', 'name'])
    .where('module_id', '=', moduleId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function moduleNames(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('module')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export type ConfigValues = { config_name: string; config_type: ParallelJobConfigType; config_ids: number[] };

export async function insertConfig(db: Db, moduleId: number, values: ConfigValues, createdBy: number, now: Date) {
  const row = await db
    .insertInto('parallel_job_config')
    .values({ ...values, module_id: moduleId, created_by: createdBy, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConfig(db: Db, id: number, values: ConfigValues, now: Date) {
  await db
    .updateTable('parallel_job_config')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteConfig(db: Db, id: number) {
  await db.deleteFrom('parallel_job_config').where('id', '=', id).execute();
}
