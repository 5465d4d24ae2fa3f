import type { Db } from '@recon/db';
import { sql } from 'kysely';

/** Writes of report configs and groups (decision 0036); reads shared with the activities live in lib/reports. */

export type ConfigValues = {
  name: string;
  description: string | null;
  data_source_id: number;
  definition: object;
};

export async function lockConfig(db: Db, moduleId: number, id: number) {
  return db
    .selectFrom('report_config')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('module_id', '=', moduleId)
    .forUpdate()
    .executeTakeFirst();
}

export async function isNameTaken(db: Db, moduleId: number, name: string, exceptId: number | null) {
  const found = await db
    .selectFrom('report_config')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where('id', '!=', exceptId ?? 0)
    .executeTakeFirst();
  return found !== undefined;
}

export async function insertConfig(db: Db, moduleId: number, v: ConfigValues, userId: number, now: Date) {
  const row = await db
    .insertInto('report_config')
    .values({
      module_id: moduleId,
      name: v.name,
      description: v.description,
      data_source_id: v.data_source_id,
      definition: JSON.stringify(v.definition),
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConfig(db: Db, id: number, v: ConfigValues, now: Date) {
  await db
    .updateTable('report_config')
    .set({
      name: v.name,
      description: v.description,
      data_source_id: v.data_source_id,
      definition: JSON.stringify(v.definition),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteConfig(db: Db, id: number) {
  await db.deleteFrom('report_config').where('id', '=', id).execute();
}

/** The names of the groups holding a config. */
export async function groupsHolding(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('report_group_member as m')
    .innerJoin('report_group as g', 'g.id', 'm.report_group_id')
    .select('g.name')
    .where('m.report_config_id', '=', id)
    .orderBy('g.name')
    .execute();
  return rows.map((r) => r.name);
}

/** The names of the dashlets showing a config (decision 0037: a REPORT dashlet names its report). */
export async function dashletsShowing(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('dashlet')
    .select('name')
    .where('report_config_id', '=', id)
    .orderBy(sql`lower(name)`)
    .execute();
  return rows.map((r) => r.name);
}

/** The names of the jobs with an activity of this type running this report or group (deleting it would fail them). */
export async function jobsRunning(db: Db, type: 'REPORT' | 'REPORT_GROUP', id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('job_activity as a')
    .innerJoin('job as j', 'j.id', 'a.job_id')
    .select('j.name')
    .distinct()
    .where('a.type', '=', type)
    .where('a.type_id', '=', id)
    .orderBy('j.name')
    .execute();
  return rows.map((r) => r.name);
}

export async function lockGroup(db: Db, moduleId: number, id: number) {
  return db
    .selectFrom('report_group')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('module_id', '=', moduleId)
    .forUpdate()
    .executeTakeFirst();
}

export async function isGroupNameTaken(db: Db, moduleId: number, name: string, exceptId: number | null) {
  const found = await db
    .selectFrom('report_group')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where('id', '!=', exceptId ?? 0)
    .executeTakeFirst();
  return found !== undefined;
}

/** Inserts (id null) or renames a group and replaces its members in order; answers its id. */
export async function saveGroup(
  db: Db,
  g: { id: number | null; moduleId: number; name: string; reportIds: readonly number[]; userId: number; now: Date },
): Promise<number> {
  let id = g.id;
  if (id === null) {
    const row = await db
      .insertInto('report_group')
      .values({ module_id: g.moduleId, name: g.name, created_by: g.userId, created_at: g.now, updated_at: g.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    await db.updateTable('report_group').set({ name: g.name, updated_at: g.now }).where('id', '=', id).execute();
    await db.deleteFrom('report_group_member').where('report_group_id', '=', id).execute();
  }
  const groupId = id;
  await db
    .insertInto('report_group_member')
    .values(g.reportIds.map((r, i) => ({ report_group_id: groupId, report_config_id: r, sequence: i + 1 })))
    .execute();
  return groupId;
}

export async function deleteGroup(db: Db, id: number) {
  await db.deleteFrom('report_group').where('id', '=', id).execute();
}
