import type { Db } from '@recon/db';
import { sql } from 'kysely';

/** The configurations, items and closed periods of the general ledger (decisions 0034, 0035). */

export type GlConfigRecord = {
  id: number;
  module_id: number;
  gl_name: string;
  ageing_buckets: number[];
  /** YYYY-MM-DD or null. */
  closed_until: string | null;
  created_at: Date;
  updated_at: Date;
};

const configColumns = sql`c.id, c.module_id, c.gl_name, c.ageing_buckets,
  to_char(c.closed_until, 'YYYY-MM-DD') AS closed_until, c.created_at, c.updated_at`;

export async function configsOf(db: Db, moduleId: number): Promise<GlConfigRecord[]> {
  const r = await sql<GlConfigRecord>`
    SELECT ${configColumns} FROM gl_config c WHERE c.module_id = ${moduleId} ORDER BY lower(c.gl_name), c.id`.execute(
    db,
  );
  return r.rows;
}

export async function configOf(db: Db, moduleId: number, id: number): Promise<GlConfigRecord | undefined> {
  const r = await sql<GlConfigRecord>`
    SELECT ${configColumns} FROM gl_config c WHERE c.module_id = ${moduleId} AND c.id = ${id}`.execute(db);
  return r.rows[0];
}

export type GlItemRecord = {
  id: number;
  gl_config_id: number;
  name: string;
  side: 'DEBIT' | 'CREDIT';
  sign: number;
  sequence: number;
  sources: { data_source_id: number; amount_column: string; filters: unknown }[];
};

export async function itemsOf(db: Db, configIds: readonly number[]): Promise<GlItemRecord[]> {
  if (configIds.length === 0) return [];
  const items = await db
    .selectFrom('gl_config_item')
    .selectAll()
    .where('gl_config_id', 'in', [...configIds])
    .orderBy('gl_config_id')
    .orderBy('sequence')
    .orderBy('id')
    .execute();
  const sources =
    items.length === 0
      ? []
      : await db
          .selectFrom('gl_config_item_source')
          .select(['gl_config_item_id', 'data_source_id', 'amount_column', 'filters'])
          .where(
            'gl_config_item_id',
            'in',
            items.map((i) => i.id),
          )
          .orderBy('sequence')
          .orderBy('id')
          .execute();
  return items.map((i) => ({ ...i, sources: sources.filter((s) => s.gl_config_item_id === i.id) }));
}

/**
 * The closed periods covering some data sources: per data source the latest day any configuration reading it
 * closed its books to, with that configuration's name.
 */
export async function closedPeriodsOf(
  db: Db,
  dataSourceIds: readonly number[],
): Promise<Map<number, { until: string; glName: string }>> {
  if (dataSourceIds.length === 0) return new Map();
  const r = await sql<{ data_source_id: number; until: string; gl_name: string }>`
    SELECT DISTINCT ON (s.data_source_id) s.data_source_id, to_char(c.closed_until, 'YYYY-MM-DD') AS until, c.gl_name
    FROM gl_config_item_source s
    JOIN gl_config_item i ON i.id = s.gl_config_item_id
    JOIN gl_config c ON c.id = i.gl_config_id
    WHERE c.closed_until IS NOT NULL AND s.data_source_id IN (${sql.join([...dataSourceIds])})
    ORDER BY s.data_source_id, c.closed_until DESC`.execute(db);
  return new Map(r.rows.map((row) => [row.data_source_id, { until: row.until, glName: row.gl_name }]));
}

/** The data sources (with their tables) of the module's closed configurations whose table is one of these. */
export async function closedSourcesOfTables(
  db: Db,
  dataTableIds: readonly number[],
): Promise<{ data_source_id: number; data_source_name: string; data_table_id: number }[]> {
  if (dataTableIds.length === 0) return [];
  const r = await sql<{ data_source_id: number; data_source_name: string; data_table_id: number }>`
    SELECT DISTINCT ds.id AS data_source_id, ds.name AS data_source_name, ds.data_table_id
    FROM gl_config_item_source s
    JOIN gl_config_item i ON i.id = s.gl_config_item_id
    JOIN gl_config c ON c.id = i.gl_config_id
    JOIN data_source ds ON ds.id = s.data_source_id
    WHERE c.closed_until IS NOT NULL AND ds.data_table_id IN (${sql.join([...dataTableIds])})`.execute(db);
  return r.rows;
}

export async function setClosedUntil(
  db: Db,
  id: number,
  until: string | null,
  by: number | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('gl_config')
    .set({ closed_until: until, closed_by: by, closed_at: until ? now : null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function insertSnapshot(
  db: Db,
  s: {
    glConfigId: number;
    asOnDate: string;
    trigger: 'MANUAL' | 'JOB';
    jobExecutionId: number | null;
    report: object;
    createdBy: number | null;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('gl_snapshot')
    .values({
      gl_config_id: s.glConfigId,
      as_on_date: s.asOnDate,
      trigger: s.trigger,
      job_execution_id: s.jobExecutionId,
      report: JSON.stringify(s.report),
      created_by: s.createdBy,
      created_at: s.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The latest snapshot of each configuration: its day and when it was taken. */
export async function lastSnapshots(
  db: Db,
  glConfigIds: readonly number[],
): Promise<Map<number, { asOnDate: string; at: Date }>> {
  if (glConfigIds.length === 0) return new Map();
  const r = await sql<{ gl_config_id: number; as_on: string; created_at: Date }>`
    SELECT DISTINCT ON (gl_config_id) gl_config_id, to_char(as_on_date, 'YYYY-MM-DD') AS as_on, created_at
    FROM gl_snapshot WHERE gl_config_id IN (${sql.join([...glConfigIds])})
    ORDER BY gl_config_id, id DESC`.execute(db);
  return new Map(r.rows.map((row) => [row.gl_config_id, { asOnDate: row.as_on, at: row.created_at }]));
}

/**
 * The closed periods over the table a pipeline loads: per data source reading it whose books some configuration
 * closed, the latest day, and the table's first date column (null: rows are dated by when they were loaded).
 */
export async function closedPeriodsOfPipeline(
  db: Db,
  pipelineId: number,
): Promise<{ data_source_name: string; until: string; day_column: string | null }[]> {
  const r = await sql<{ data_source_name: string; until: string; day_column: string | null }>`
    SELECT ds.name AS data_source_name, to_char(max(c.closed_until), 'YYYY-MM-DD') AS until,
      (SELECT col.name FROM data_table_column col WHERE col.data_table_id = p.data_table_id
        AND col.data_type IN ('DATE', 'DATETIME') ORDER BY col.sequence, col.id LIMIT 1) AS day_column
    FROM pipeline p
    JOIN data_source ds ON ds.data_table_id = p.data_table_id
    JOIN gl_config_item_source s ON s.data_source_id = ds.id
    JOIN gl_config_item i ON i.id = s.gl_config_item_id
    JOIN gl_config c ON c.id = i.gl_config_id
    WHERE p.id = ${pipelineId} AND c.closed_until IS NOT NULL
    GROUP BY ds.id, ds.name, p.data_table_id
    ORDER BY ds.id`.execute(db);
  return r.rows;
}

/**
 * The closed periods over some data sources, each with its day column (the table's first DATE / DATETIME column;
 * null: rows are dated by when they were loaded): per data source the latest day any configuration closed it to.
 */
export async function closedPeriodsWithDay(
  db: Db,
  dataSourceIds: readonly number[],
): Promise<Map<number, { until: string; dayColumn: string | null }>> {
  if (dataSourceIds.length === 0) return new Map();
  const r = await sql<{ data_source_id: number; until: string; day_column: string | null }>`
    SELECT ds.id AS data_source_id, to_char(max(c.closed_until), 'YYYY-MM-DD') AS until,
      (SELECT col.name FROM data_table_column col WHERE col.data_table_id = ds.data_table_id
        AND col.data_type IN ('DATE', 'DATETIME') ORDER BY col.sequence, col.id LIMIT 1) AS day_column
    FROM data_source ds
    JOIN gl_config_item_source s ON s.data_source_id = ds.id
    JOIN gl_config_item i ON i.id = s.gl_config_item_id
    JOIN gl_config c ON c.id = i.gl_config_id
    WHERE c.closed_until IS NOT NULL AND ds.id IN (${sql.join([...dataSourceIds])})
    GROUP BY ds.id, ds.data_table_id`.execute(db);
  return new Map(r.rows.map((row) => [row.data_source_id, { until: row.until, dayColumn: row.day_column }]));
}
