import type { Db } from '@recon/db';
import { sql } from 'kysely';
import { type ListColumnMap, pagingSql } from '@/lib/paging-sql.ts';

export type ReconRecord = {
  id: number;
  name: string;
  description: string;
  data_source_count: number;
  created_at: Date;
  updated_at: Date;
};

const DATA_SOURCE_COUNT = sql<number>`(SELECT count(*)::int FROM data_source ds WHERE ds.recon_id = r.id)`;

const LIST_COLUMNS: ListColumnMap = {
  id: sql`r.id`,
  name: sql`r.name`,
  description: sql`r.description`,
  dataSourceCount: DATA_SOURCE_COUNT,
  createdAt: sql`r.created_at`,
  updatedAt: sql`r.updated_at`,
};

export async function listRecons(
  db: Db,
  moduleId: number,
  query: Record<string, unknown> & { start: number; length: number },
): Promise<{ rows: ReconRecord[]; total: number; filtered: number }> {
  const { where, orderBy } = pagingSql(query, LIST_COLUMNS, {
    tieBreaker: sql`lower(r.name), r.id`,
    globalSearch: ['name', 'description'],
  });
  const [page, counts] = await Promise.all([
    sql<ReconRecord>`SELECT r.id, r.name, r.description, r.created_at, r.updated_at, ${DATA_SOURCE_COUNT} AS data_source_count
                     FROM recon r WHERE r.module_id = ${moduleId} AND ${where}
                     ORDER BY ${orderBy} OFFSET ${query.start} LIMIT ${query.length}`.execute(db),
    sql<{ total: number; filtered: number }>`
      SELECT (SELECT count(*)::int FROM recon r WHERE r.module_id = ${moduleId}) AS total,
             (SELECT count(*)::int FROM recon r WHERE r.module_id = ${moduleId} AND ${where}) AS filtered`.execute(db),
  ]);
  return { rows: page.rows, total: counts.rows[0]?.total ?? 0, filtered: counts.rows[0]?.filtered ?? 0 };
}

const reconsOf = (db: Db, moduleId: number) =>
  db
    .selectFrom('recon as r')
    .select([
      'r.id',
      'r.name',
      'r.description',
      'r.created_at',
      'r.updated_at',
      DATA_SOURCE_COUNT.as('data_source_count'),
    ])
    .where('r.module_id', '=', moduleId);

export const listAllRecons = (db: Db, moduleId: number): Promise<ReconRecord[]> =>
  reconsOf(db, moduleId).orderBy(sql`lower(r.name)`).orderBy('r.id').execute();

export const getRecon = (db: Db, moduleId: number, id: number): Promise<ReconRecord | undefined> =>
  reconsOf(db, moduleId).where('r.id', '=', id).executeTakeFirst();

/** A recon's data sources by sequence (1 is side A, 2 is side B). */
export const reconDataSources = (db: Db, reconId: number) =>
  db
    .selectFrom('data_source as ds')
    .innerJoin('data_table as t', 't.id', 'ds.data_table_id')
    .select(['ds.id', 'ds.name', 'ds.sequence', 't.table_name'])
    .where('ds.recon_id', '=', reconId)
    .orderBy('ds.sequence')
    .orderBy('ds.id')
    .execute();

export async function isNameTaken(db: Db, moduleId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('recon')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertRecon(
  db: Db,
  r: { moduleId: number; name: string; description: string; createdBy: number },
): Promise<number> {
  const { id } = await db
    .insertInto('recon')
    .values({ module_id: r.moduleId, name: r.name, description: r.description, created_by: r.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateRecon(db: Db, id: number, r: { name: string; description: string }): Promise<void> {
  await db
    .updateTable('recon')
    .set({ name: r.name, description: r.description, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Side A gets sequence 1, side B 2, the recon's other data sources follow in their current order. */
export async function setSides(db: Db, reconId: number, sideA: number, sideB: number): Promise<void> {
  await sql`
    UPDATE data_source ds SET sequence = o.seq, updated_at = now()
    FROM (SELECT id, row_number() OVER (ORDER BY CASE id WHEN ${sideA} THEN 1 WHEN ${sideB} THEN 2 ELSE 3 END, sequence, id)::int AS seq
          FROM data_source WHERE recon_id = ${reconId}) o
    WHERE ds.id = o.id AND ds.sequence IS DISTINCT FROM o.seq`.execute(db);
}

export async function deleteRecon(db: Db, id: number): Promise<void> {
  await db.deleteFrom('recon').where('id', '=', id).execute();
}

/** Jobs of the module whose RECON activities run this recon. */
export const jobsRunningRecon = (db: Db, moduleId: number, reconId: number) =>
  db
    .selectFrom('job_activity as a')
    .innerJoin('job as j', 'j.id', 'a.job_id')
    .select('j.name')
    .distinct()
    .where('j.module_id', '=', moduleId)
    .where('a.type', '=', 'RECON')
    .where('a.type_id', '=', reconId)
    .orderBy('j.name')
    .execute();
