import type { PagedColumn, PagedOrder } from '@recon/contract';
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

const escapeLike = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;

/** Which rows a pipeline-rows list shows: its table, its time column and the system fields it searches and orders. */
export type RowsView = {
  table: 'invalid' | 'main';
  /** System fields a client may search and order by, with their SQL. */
  fields: Record<string, Expression<unknown>>;
  timeColumn: string;
  extra: Expression<SqlBool>[];
};

export const INVALID_ROWS: RowsView = {
  table: 'invalid',
  timeColumn: '_created_at',
  extra: [],
  fields: {
    fileName: sql`f.original_name`,
    rowNo: sql`r._row_no`,
    reasons: sql`array_to_string(r._reasons, '; ')`,
    createdAt: sql`r._created_at`,
  },
};

export const DUPLICATE_ROWS: RowsView = {
  table: 'main',
  timeColumn: '_loaded_at',
  extra: [sql<SqlBool>`r._recon_status = 'DUPLICATE'`],
  fields: { fileName: sql`f.original_name`, rowNo: sql`r._row_no`, loadedAt: sql`r._loaded_at` },
};

/**
 * One page of a view of a data source's rows loaded from `from` to `to` (both days included), searched and ordered
 * by the view's system fields and the table's own columns only (the catalog is the allow-list).
 */
export function viewPage(
  db: Db,
  ds: NonNullable<Awaited<ReturnType<typeof dataSourceTables>>>,
  view: RowsView,
  p: { from: string; to: string; columns: PagedColumn[]; order: PagedOrder[]; start: number; length: number },
): Promise<RowsPage> {
  const userColumns = new Set(ds.columns);
  const sqlOf = (name: string): Expression<unknown> | null =>
    view.fields[name] ?? (userColumns.has(name) ? sql`r.${sql.raw(quoteIdent(name))}` : null);
  const search: Expression<SqlBool>[] = [];
  for (const c of p.columns) {
    const v = c.search.value.trim();
    const column = c.searchable && v ? sqlOf(c.data) : null;
    if (column) search.push(sql<SqlBool>`(${column})::text ILIKE ${escapeLike(v)}`);
  }
  const orderBy = p.order
    .map((o) => ({ column: sqlOf(p.columns[o.column]?.data ?? ''), dir: o.dir }))
    .filter((o) => o.column !== null)
    .map((o) => sql`${o.column} ${sql.raw(o.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`);
  const time = sql.raw(`r.${view.timeColumn}`);
  return pageRows(db, {
    table: view.table === 'invalid' ? ds.invalid_table_name : ds.table_name,
    system: sql.raw(
      `r._id, r._file_id, r._row_no, r.${view.timeColumn} AS _at${view.table === 'invalid' ? ', r._reasons' : ''}`,
    ),
    columns: ds.columns,
    base: [sql<SqlBool>`${time} >= ${p.from}::date`, sql<SqlBool>`${time} < ${p.to}::date + 1`, ...view.extra],
    search,
    orderBy: orderBy.length ? orderBy : [sql`r._file_id DESC`, sql`r._row_no ASC`],
    start: p.start,
    length: p.length,
  });
}
