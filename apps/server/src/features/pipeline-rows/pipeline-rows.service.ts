import type { DuplicateRow, InvalidRow } from '@recon/contract';
import { DEFAULT_DATE_RANGE_DAYS, FILE_TEXTS, readPagingParams } from '@recon/contract';
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

/** The loading-date range: both ends inclusive; by default the last 15 days up to today. */
function dateRange(ctx: FeatureContext, fromDate?: string, toDate?: string) {
  const to = toDate ?? isoDay(ctx.now());
  const from = fromDate ?? isoDay(new Date(Date.parse(to) - DEFAULT_DATE_RANGE_DAYS * DAY_MS));
  if (from > to) throw validation(FILE_TEXTS.dateRangeInvalid, 'fromDate');
  return { from, to };
}

async function page(ctx: FeatureContext, moduleId: number, query: RowsQuery, view: q.RowsView) {
  const ds = await q.dataSourceTables(ctx.db, moduleId, query.dataSourceId);
  if (!ds) throw new AppError('NOT_FOUND', FILE_TEXTS.dataSourceNotFound);
  const { from, to } = dateRange(ctx, query.fromDate, query.toDate);
  const { columns, order } = readPagingParams(query);
  return {
    ds,
    result: await q.viewPage(ctx.db, ds, view, { from, to, columns, order, start: query.start, length: query.length }),
  };
}

function valuesOf(row: Record<string, unknown>, columns: readonly string[]) {
  return Object.fromEntries(columns.map((c) => [c, (row[`v_${c}`] as string | null) ?? null]));
}

export async function invalidRows(ctx: FeatureContext, moduleId: number, query: RowsQuery) {
  const { ds, result } = await page(ctx, moduleId, query, q.INVALID_ROWS);
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
  const { ds, result } = await page(ctx, moduleId, query, q.DUPLICATE_ROWS);
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
