import type { Db } from '@recon/db';
import { sql } from 'kysely';

function pipelineQuery(db: Db, moduleId: number) {
  return db
    .selectFrom('pipeline as p')
    .innerJoin('data_table as t', 't.id', 'p.data_table_id')
    .leftJoin('file_upload_config as c', 'c.pipeline_id', 'p.id')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.source',
      'p.created_at',
      'p.updated_at',
      't.id as data_table_id',
      't.name as data_table_name',
      't.table_name',
      sql<boolean>`c.id IS NOT NULL`.as('has_config'),
    ])
    .where('p.module_id', '=', moduleId);
}
export type PipelineRow = NonNullable<Awaited<ReturnType<typeof getPipeline>>>;

export function listPipelines(db: Db, moduleId: number) {
  return pipelineQuery(db, moduleId).orderBy(sql`lower(p.name)`).orderBy('p.id').execute();
}

export function getPipeline(db: Db, moduleId: number, id: number) {
  return pipelineQuery(db, moduleId).where('p.id', '=', id).executeTakeFirst();
}

export async function isNameTaken(db: Db, moduleId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('pipeline')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.trim().toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function getDataTable(db: Db, moduleId: number, id: number) {
  return db
    .selectFrom('data_table')
    .select(['id', 'name', 'table_name'])
    .where('id', '=', id)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
}

export async function insertPipeline(
  db: Db,
  p: { moduleId: number; name: string; description: string; source: string; dataTableId: number; userId: number },
): Promise<number> {
  const row = await db
    .insertInto('pipeline')
    .values({
      module_id: p.moduleId,
      name: p.name,
      description: p.description,
      source: p.source,
      data_table_id: p.dataTableId,
      created_by: p.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePipeline(
  db: Db,
  id: number,
  p: { name: string; description: string; source: string; dataTableId: number },
  now: Date,
): Promise<void> {
  await db
    .updateTable('pipeline')
    .set({ name: p.name, description: p.description, source: p.source, data_table_id: p.dataTableId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Whether files were uploaded through the pipeline: its table then holds rows shaped by its config. */
export async function hasFiles(db: Db, pipelineId: number): Promise<boolean> {
  const row = await db
    .selectFrom('uploaded_file')
    .select('id')
    .where('pipeline_id', '=', pipelineId)
    .executeTakeFirst();
  return row !== undefined;
}
