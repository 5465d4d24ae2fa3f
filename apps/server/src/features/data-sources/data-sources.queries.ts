import type { CountMethod, DataType } from '@recon/contract';
import type { Db } from '@recon/db';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { containsFilter, type ListColumnMap, pagingSql } from '@/lib/paging-sql.ts';

/** A data source as lists show it (joined names; limits as exact decimal text without trailing zeros). */
export type DataSourceRecord = {
  id: number;
  module_id: number;
  module_name: string;
  name: string;
  recon_id: number;
  recon_name: string;
  pipeline_id: number;
  pipeline_name: string;
  invalid_pipeline_id: number;
  invalid_pipeline_name: string;
  data_table_id: number;
  table_name: string;
  history_table_name: string;
  invalid_table_name: string;
  max_duplicate_record: string;
  max_duplicate_unit: CountMethod | null;
  max_invalid_record: string;
  max_invalid_unit: CountMethod | null;
  sequence: number;
  is_active: boolean;
  data_element_count: number;
  created_at: Date;
  updated_at: Date;
};

const SELECT = sql`
  SELECT ds.id, ds.module_id, m.name AS module_name, ds.name, ds.recon_id, r.name AS recon_name,
         ds.pipeline_id, p.name AS pipeline_name, ds.invalid_pipeline_id, ip.name AS invalid_pipeline_name,
         ds.data_table_id, t.table_name, t.history_table_name, t.invalid_table_name,
         trim_scale(ds.max_duplicate_record)::text AS max_duplicate_record, ds.max_duplicate_unit,
         trim_scale(ds.max_invalid_record)::text AS max_invalid_record, ds.max_invalid_unit,
         ds.sequence, ds.is_active, ds.created_at, ds.updated_at,
         (SELECT count(*)::int FROM data_element e WHERE e.data_source_id = ds.id) AS data_element_count`;
const FROM = sql`
  FROM data_source ds
  JOIN module m ON m.id = ds.module_id
  JOIN recon r ON r.id = ds.recon_id
  JOIN pipeline p ON p.id = ds.pipeline_id
  JOIN pipeline ip ON ip.id = ds.invalid_pipeline_id
  JOIN data_table t ON t.id = ds.data_table_id`;

async function select(db: Db, where: RawBuilder<SqlBool>, orderBy: RawBuilder<unknown>): Promise<DataSourceRecord[]> {
  return (await sql<DataSourceRecord>`${SELECT} ${FROM} WHERE ${where} ORDER BY ${orderBy}`.execute(db)).rows;
}

export const LIST_COLUMNS: ListColumnMap = {
  id: sql`ds.id`,
  name: sql`ds.name`,
  recon: sql`r.name`,
  reconName: sql`r.name`,
  'recon.name': sql`r.name`,
  pipeline: sql`p.name`,
  pipelineName: sql`p.name`,
  'pipeline.name': sql`p.name`,
  table: sql`t.table_name`,
  tableName: sql`t.table_name`,
  sequence: sql`ds.sequence`,
  isActive: sql`ds.is_active`,
  createdAt: sql`ds.created_at`,
  updatedAt: sql`ds.updated_at`,
};

export type ListFilters = { name?: string; reconName?: string; pipelineName?: string; table?: string; recon?: number };

export async function listDataSources(
  db: Db,
  moduleId: number,
  query: Record<string, unknown> & { start: number; length: number },
  filters: ListFilters,
): Promise<{ rows: DataSourceRecord[]; total: number; filtered: number }> {
  const plain: RawBuilder<SqlBool>[] = [];
  if (filters.name?.trim()) plain.push(containsFilter(sql`ds.name`, filters.name.trim()));
  if (filters.reconName?.trim()) plain.push(containsFilter(sql`r.name`, filters.reconName.trim()));
  if (filters.pipelineName?.trim()) plain.push(containsFilter(sql`p.name`, filters.pipelineName.trim()));
  if (filters.table?.trim()) {
    const v = filters.table.trim();
    plain.push(sql<SqlBool>`(${containsFilter(sql`t.table_name`, v)} OR ${containsFilter(sql`t.name`, v)})`);
  }
  if (filters.recon !== undefined) plain.push(sql<SqlBool>`ds.recon_id = ${filters.recon}`);
  const { where, orderBy } = pagingSql(query, LIST_COLUMNS, {
    tieBreaker: sql`lower(ds.name), ds.id`,
    globalSearch: ['name', 'reconName', 'pipelineName', 'tableName'],
    filters: plain,
  });
  const scope = sql<SqlBool>`ds.module_id = ${moduleId}`;
  const [page, counts] = await Promise.all([
    sql<DataSourceRecord>`${SELECT} ${FROM} WHERE ${scope} AND ${where}
                          ORDER BY ${orderBy} OFFSET ${query.start} LIMIT ${query.length}`.execute(db),
    sql<{ total: number; filtered: number }>`
      SELECT (SELECT count(*)::int FROM data_source ds WHERE ${scope}) AS total,
             (SELECT count(*)::int ${FROM} WHERE ${scope} AND ${where}) AS filtered`.execute(db),
  ]);
  return { rows: page.rows, total: counts.rows[0]?.total ?? 0, filtered: counts.rows[0]?.filtered ?? 0 };
}

export const listModuleDataSources = (db: Db, moduleId: number) =>
  select(db, sql<SqlBool>`ds.module_id = ${moduleId}`, sql`lower(ds.name), ds.id`);

export const listReconDataSources = (db: Db, moduleId: number, reconId: number) =>
  select(db, sql<SqlBool>`ds.module_id = ${moduleId} AND ds.recon_id = ${reconId}`, sql`ds.sequence, ds.id`);

export async function getDataSource(db: Db, moduleId: number, id: number): Promise<DataSourceRecord | undefined> {
  return (await select(db, sql<SqlBool>`ds.module_id = ${moduleId} AND ds.id = ${id}`, sql`ds.id`))[0];
}

/** Serialises changes to one data source's elements (their order is read, then rewritten). */
export async function lockDataSource(db: Db, id: number): Promise<void> {
  await db.selectFrom('data_source').select('id').where('id', '=', id).forUpdate().execute();
}

export const getDataSourcesByIds = (db: Db, moduleId: number, ids: readonly number[]) =>
  db
    .selectFrom('data_source')
    .select(['id', 'recon_id', 'sequence'])
    .where('module_id', '=', moduleId)
    .where('id', 'in', [...ids])
    .execute();

export async function isNameTaken(db: Db, moduleId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('data_source')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export const getRecon = (db: Db, moduleId: number, id: number) =>
  db
    .selectFrom('recon')
    .select(['id', 'name'])
    .where('module_id', '=', moduleId)
    .where('id', '=', id)
    .executeTakeFirst();

export const getPipeline = (db: Db, moduleId: number, id: number) =>
  db
    .selectFrom('pipeline')
    .select(['id', 'name', 'data_table_id'])
    .where('module_id', '=', moduleId)
    .where('id', '=', id)
    .executeTakeFirst();

export type DataSourceValues = {
  name: string;
  recon_id: number;
  pipeline_id: number;
  invalid_pipeline_id: number;
  data_table_id: number;
  max_duplicate_record: string;
  max_duplicate_unit: CountMethod | null;
  max_invalid_record: string;
  max_invalid_unit: CountMethod | null;
  is_active: boolean;
};

/** Inserts a data source last in its recon's order. */
export async function insertDataSource(
  db: Db,
  moduleId: number,
  values: DataSourceValues,
  createdBy: number,
): Promise<number> {
  const { id } = await db
    .insertInto('data_source')
    .values({
      ...values,
      module_id: moduleId,
      created_by: createdBy,
      sequence: sql<number>`(SELECT coalesce(max(sequence), 0) + 1 FROM data_source WHERE recon_id = ${values.recon_id})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateDataSource(
  db: Db,
  id: number,
  values: DataSourceValues,
  moveToEndOfRecon: boolean,
): Promise<void> {
  await db
    .updateTable('data_source')
    .set({
      ...values,
      updated_at: sql`now()`,
      ...(moveToEndOfRecon
        ? {
            sequence: sql<number>`(SELECT coalesce(max(sequence), 0) + 1 FROM data_source WHERE recon_id = ${values.recon_id})`,
          }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Renumbers a recon's data sources 1..n: first the given ids in the given order, then the others in their
 * current order. Side A is whoever ends up 1, side B whoever ends up 2.
 */
export async function renumberRecon(db: Db, reconId: number, first: readonly number[] = []): Promise<void> {
  const rank = first.length
    ? sql`coalesce(array_position(${sql.val([...first])}::bigint[], id), ${first.length + 1})`
    : sql`1`;
  await sql`
    UPDATE data_source ds SET sequence = o.seq, updated_at = now()
    FROM (SELECT id, row_number() OVER (ORDER BY ${rank}, sequence, id)::int AS seq
          FROM data_source WHERE recon_id = ${reconId}) o
    WHERE ds.id = o.id AND ds.sequence IS DISTINCT FROM o.seq`.execute(db);
}

export type ElementRecord = {
  id: number;
  name: string;
  input_type: string;
  type: DataType;
  active: boolean;
  sequence: number;
};

export const listElements = (db: Db, dataSourceId: number): Promise<ElementRecord[]> =>
  db
    .selectFrom('data_element')
    .select(['id', 'name', 'input_type', 'type', 'active', 'sequence'])
    .where('data_source_id', '=', dataSourceId)
    .orderBy('sequence')
    .orderBy('id')
    .execute();

export async function insertElements(
  db: Db,
  dataSourceId: number,
  elements: readonly Omit<ElementRecord, 'id'>[],
): Promise<number[]> {
  if (elements.length === 0) return [];
  const rows = await db
    .insertInto('data_element')
    .values(elements.map((e) => ({ data_source_id: dataSourceId, ...e })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteElements(db: Db, dataSourceId: number): Promise<void> {
  await db.deleteFrom('data_element').where('data_source_id', '=', dataSourceId).execute();
}

export async function updateElement(db: Db, id: number, e: Omit<ElementRecord, 'id' | 'sequence'>): Promise<void> {
  await db.updateTable('data_element').set(e).where('id', '=', id).execute();
}

/** Renumbers a data source's elements 1..n with the given ids in this order. */
export async function setElementOrder(db: Db, dataSourceId: number, orderedIds: readonly number[]): Promise<void> {
  await sql`
    UPDATE data_element e SET sequence = array_position(${sql.val([...orderedIds])}::bigint[], e.id)
    WHERE e.data_source_id = ${dataSourceId} AND e.id = ANY(${sql.val([...orderedIds])}::bigint[])`.execute(db);
}
