import type { DuplicateRow, InvalidRow } from '@recon/contract';
import { DEFAULT_DATE_RANGE_DAYS, FILE_TEXTS, readPagingParams } from '@recon/contract';
import { quoteIdent } from '@recon/recon-engine';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { FeatureContext } from '@/deps.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import * as q from './pipeline-rows.queries.ts';

export type RowsQuery = {
  dataSourceId: number;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  start: number;
  length: number;
  draw: number;
} & Record<string, unknown>;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const escapeLike = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;

/** The loading-date range: both ends inclusive; by default the last 15 days up to today. */
function dateRange(ctx: FeatureContext, fromDate?: string, toDate?: string) {
  const to = toDate ?? isoDay(ctx.now());
  const from = fromDate ?? isoDay(new Date(Date.parse(to) - DEFAULT_DATE_RANGE_DAYS * DAY_MS));
  if (from > to) throw validation(FILE_TEXTS.dateRangeInvalid, 'fromDate');
  return { from, to };
}

type ViewSpec = {
  table: 'invalid' | 'main';
  /** System fields a client may search and order by, with their SQL. */
  fields: Record<string, Expression<unknown>>;
  timeColumn: string;
  extra: Expression<SqlBool>[];
};

async function page(ctx: FeatureContext, moduleId: number, query: RowsQuery, spec: ViewSpec) {
  const ds = await q.dataSourceTables(ctx.db, moduleId, query.dataSourceId);
  if (!ds) throw new AppError('NOT_FOUND', FILE_TEXTS.dataSourceNotFound);
  const { from, to } = dateRange(ctx, query.fromDate, query.toDate);
  const userColumns = new Set(ds.columns);
  const sqlOf = (name: string): Expression<unknown> | null =>
    spec.fields[name] ?? (userColumns.has(name) ? sql`r.${sql.raw(quoteIdent(name))}` : null);
  const { columns, order } = readPagingParams(query);
  const search: Expression<SqlBool>[] = [];
  for (const c of columns) {
    const v = c.search.value.trim();
    const column = c.searchable && v ? sqlOf(c.data) : null;
    if (column) search.push(sql<SqlBool>`(${column})::text ILIKE ${escapeLike(v)}`);
  }
  const orderBy = order
    .map((o) => ({ column: sqlOf(columns[o.column]?.data ?? ''), dir: o.dir }))
    .filter((o) => o.column !== null)
    .map((o) => sql`${o.column} ${sql.raw(o.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}`);
  const time = sql.raw(`r.${spec.timeColumn}`);
  return {
    ds,
    result: await q.pageRows(ctx.db, {
      table: spec.table === 'invalid' ? ds.invalid_table_name : ds.table_name,
      system: sql.raw(
        `r._id, r._file_id, r._row_no, r.${spec.timeColumn} AS _at${spec.table === 'invalid' ? ', r._reasons' : ''}`,
      ),
      columns: ds.columns,
      base: [sql<SqlBool>`${time} >= ${from}::date`, sql<SqlBool>`${time} < ${to}::date + 1`, ...spec.extra],
      search,
      orderBy: orderBy.length ? orderBy : [sql`r._file_id DESC`, sql`r._row_no ASC`],
      start: query.start,
      length: query.length,
    }),
  };
}

function valuesOf(row: Record<string, unknown>, columns: readonly string[]) {
  return Object.fromEntries(columns.map((c) => [c, (row[`v_${c}`] as string | null) ?? null]));
}

export async function invalidRows(ctx: FeatureContext, moduleId: number, query: RowsQuery) {
  const { ds, result } = await page(ctx, moduleId, query, {
    table: 'invalid',
    timeColumn: '_created_at',
    extra: [],
    fields: {
      fileName: sql`f.original_name`,
      rowNo: sql`r._row_no`,
      reasons: sql`array_to_string(r._reasons, '; ')`,
      createdAt: sql`r._created_at`,
    },
  });
  const data: InvalidRow[] = result.rows.map((r) => ({
    id: r._id as number,
    fileId: r._file_id as number,
    fileName: (r._file_name as string | null) ?? '',
    rowNo: r._row_no as number,
    reasons: r._reasons as string[],
    createdAt: (r._at as Date).toISOString(),
    values: valuesOf(r, ds.columns),
  }));
  return pagedList(query, { total: result.total, filtered: result.filtered, rows: data });
}

export async function duplicateRows(ctx: FeatureContext, moduleId: number, query: RowsQuery) {
  const { ds, result } = await page(ctx, moduleId, query, {
    table: 'main',
    timeColumn: '_loaded_at',
    extra: [sql<SqlBool>`r._recon_status = 'DUPLICATE'`],
    fields: { fileName: sql`f.original_name`, rowNo: sql`r._row_no`, loadedAt: sql`r._loaded_at` },
  });
  const data: DuplicateRow[] = result.rows.map((r) => ({
    id: r._id as number,
    fileId: (r._file_id as number | null) ?? null,
    fileName: (r._file_name as string | null) ?? null,
    rowNo: (r._row_no as number | null) ?? null,
    loadedAt: (r._at as Date).toISOString(),
    values: valuesOf(r, ds.columns),
  }));
  return pagedList(query, { total: result.total, filtered: result.filtered, rows: data });
}
