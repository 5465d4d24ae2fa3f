import type { Db } from '@recon/db';
import { sql } from 'kysely';

/** Names of the users assigned to the module, by id, among `userIds`. */
export async function moduleMemberNames(db: Db, moduleId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('module_user as mu')
    .innerJoin('app_user as u', 'u.id', 'mu.user_id')
    .select(['u.id', 'u.user_name'])
    .where('mu.module_id', '=', moduleId)
    .where('u.id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.user_name]));
}

/** Names of the module's pipelines among `ids`, in id order (ids of other modules are left out). */
export async function pipelineNames(db: Db, moduleId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('pipeline')
    .select(['id', 'name'])
    .where('module_id', '=', moduleId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Jobs of the module with a PIPE_LINE activity on any of the pipelines, with their settings. */
export async function jobsLoadingPipelines(db: Db, moduleId: number, pipelineIds: readonly number[]) {
  if (pipelineIds.length === 0) return [];
  const rows = await db
    .selectFrom('job as j')
    .innerJoin('job_activity as a', 'a.job_id', 'j.id')
    .select(['j.id', 'j.additional_settings', sql<number[]>`array_agg(DISTINCT a.type_id)`.as('pipeline_ids')])
    .where('j.module_id', '=', moduleId)
    .where('a.type', '=', 'PIPE_LINE')
    .where('a.type_id', 'in', [...pipelineIds])
    .groupBy('j.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    additional_settings: r.additional_settings,
    pipelineIds: r.pipeline_ids.map(Number),
  }));
}
