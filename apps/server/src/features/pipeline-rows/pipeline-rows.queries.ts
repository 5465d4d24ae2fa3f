import type { Db } from '@recon/db';
import { quoteIdent } from '@recon/recon-engine';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { qualified } from '@/lib/data-tables/ddl.ts';

/** The data source's tables and user columns (the catalog is the allow-list for search and order). */
export async function dataSourceTables(db: Db, moduleId: number, dataSourceId: number) {
  const ds = await db
    .selectFrom('data_source as d')
    .innerJoin('data_table as t', 't.id', 'd.data_table_id')
    .select(['d.id', 't.id as data_table_id', 't.table_name', 't.invalid_table_name'])
    .where('d.id', '=', dataSourceId)
    .where('d.module_id', '=', moduleId)
    .executeTakeFirst();
  if (!ds) return null;
  const columns = await db
    .selectFrom('data_table_column')
    .select('name')
    .where('data_table_id', '=', ds.data_table_id)
    .orderBy('sequence')
    .execute();
  return { ...ds, columns: columns.map((c) => c.name) };
}

export type RowsPage = {
  rows: Record<string, unknown>[];
  total: number;
  filtered: number;
};

/**
 * One page of a data table's rows (or its invalid rows). `base` restricts to the rows of the view (date range,
 * DUPLICATE status); `search` is the column filters on top. Values of user columns come back as text, so money
 * stays exact and dates ISO.
 */
export async function pageRows(
  db: Db,
  q: {
    table: string;
    system: RawBuilder<unknown>;
    columns: readonly string[];
    base: Expression<SqlBool>[];
    search: Expression<SqlBool>[];
    orderBy: Expression<unknown>[];
    start: number;
    length: number;
  },
): Promise<RowsPage> {
  const from = sql`${sql.raw(qualified(q.table))} r LEFT JOIN uploaded_file f ON f.id = r._file_id`;
  const base = q.base.length ? sql.join(q.base, sql` AND `) : sql`true`;
  const filtered = q.search.length ? sql.join([...q.base, ...q.search], sql` AND `) : base;
  const values = q.columns.length
    ? sql.join(
        q.columns.map((c) => sql`r.${sql.raw(quoteIdent(c))}::text AS ${sql.raw(quoteIdent(`v_${c}`))}`),
        sql`, `,
      )
    : sql`NULL AS _none`;
  const [page, totals] = await Promise.all([
    sql<Record<string, unknown>>`SELECT ${q.system}, f.original_name AS _file_name, ${values} FROM ${from}
      WHERE ${filtered} ORDER BY ${sql.join([...q.orderBy, sql`r._id DESC`], sql`, `)} OFFSET ${q.start} LIMIT ${q.length}`.execute(
      db,
    ),
    sql<{ total: number; filtered: number }>`SELECT
      (SELECT count(*)::int FROM ${from} WHERE ${base}) AS total,
      (SELECT count(*)::int FROM ${from} WHERE ${filtered}) AS filtered`.execute(db),
  ]);
  return { rows: page.rows, total: totals.rows[0]?.total ?? 0, filtered: totals.rows[0]?.filtered ?? 0 };
}
