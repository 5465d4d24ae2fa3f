import {
  type GlFilter,
  type GlSide,
  glAmountNotNumber,
  glColumnNotFound,
  glSourceNotFound,
  LOADED_AT_DATE_COLUMN,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { validation } from '@/lib/app-error.ts';
import {
  type ColumnFilter,
  kindOfColumn,
  readColumnFilters,
  resolveDateColumn,
  type TransactionSource,
} from '@/lib/recon/transaction-query.ts';
import { moduleReconSources } from '@/lib/recon/transaction-sources.ts';
import * as q from './gl.queries.ts';

/**
 * A GL configuration as its figures read it (decision 0034): each config item with its data sources resolved to
 * the Transactions views' sources (physical table, state table, catalog columns), the amount column checked to be a
 * number, the day column (the data source's first date column, else when the row was loaded) and the filters
 * checked as the Transactions list checks its column filters.
 */

export type GlModelSource = {
  source: TransactionSource;
  reconName: string;
  amountColumn: string;
  dateColumn: string;
  filters: GlFilter[];
  columnFilters: ColumnFilter[];
};
export type GlModelItem = {
  id: number;
  name: string;
  side: GlSide;
  sign: number;
  sequence: number;
  sources: GlModelSource[];
};
export type GlModel = {
  id: number;
  moduleId: number;
  glName: string;
  ageingBuckets: number[];
  closedUntil: string | null;
  items: GlModelItem[];
};

/** The module's data sources the GL may read (active, on a DATA table), by id, with their recon's name. */
export async function glSourcesOf(
  db: Db,
  moduleId: number,
): Promise<Map<number, { source: TransactionSource; reconName: string }>> {
  const recons = await moduleReconSources(db, moduleId);
  return new Map(
    recons.flatMap((r) => r.sources.map((s) => [s.dataSourceId, { source: s, reconName: r.name }] as const)),
  );
}

/** Filters as a DataTables query, read (and checked) by the Transactions views' own reader. */
export function checkedFilters(source: TransactionSource, filters: readonly GlFilter[]): ColumnFilter[] {
  for (const f of filters) {
    if (!source.columns.some((c) => c.name === f.field))
      throw validation(glColumnNotFound(f.field, source.dataSourceName), 'items');
  }
  const query: Record<string, string> = {};
  filters.forEach((f, i) => {
    query[`columns[${i}][data]`] = f.field;
    query[`columns[${i}][search][type]`] = f.operator;
    query[`columns[${i}][search][value]`] = f.values.join(',');
  });
  return readColumnFilters(source, query);
}

/** Resolves one item source; a data source not of the module, an unknown or non-number amount column is a 400. */
export function resolveSource(
  sources: Map<number, { source: TransactionSource; reconName: string }>,
  s: { dataSourceId: number; amountColumn: string; filters: readonly GlFilter[] },
): GlModelSource {
  const found = sources.get(s.dataSourceId);
  if (!found) throw validation(glSourceNotFound(s.dataSourceId), 'items');
  const { source } = found;
  const amount = source.columns.find((c) => c.name === s.amountColumn);
  if (!amount) throw validation(glColumnNotFound(s.amountColumn, source.dataSourceName), 'items');
  if (kindOfColumn(amount) !== 'number') throw validation(glAmountNotNumber(s.amountColumn), 'items');
  return {
    source,
    reconName: found.reconName,
    amountColumn: s.amountColumn,
    dateColumn: resolveDateColumn(source, undefined),
    filters: [...s.filters],
    columnFilters: checkedFilters(source, s.filters),
  };
}

export const isLoadedAt = (column: string) => column === LOADED_AT_DATE_COLUMN;

/** The configuration of the module with its items, or null when it is not the module's. */
export async function glModelOf(db: Db, moduleId: number, glConfigId: number): Promise<GlModel | null> {
  const config = await q.configOf(db, moduleId, glConfigId);
  if (!config) return null;
  const [items, sources] = await Promise.all([q.itemsOf(db, [glConfigId]), glSourcesOf(db, moduleId)]);
  return {
    id: config.id,
    moduleId,
    glName: config.gl_name,
    ageingBuckets: config.ageing_buckets,
    closedUntil: config.closed_until,
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      side: i.side,
      sign: i.sign,
      sequence: i.sequence,
      sources: i.sources.flatMap((s) => {
        // A data source that left the module's recons (deactivated) no longer counts; its line shows nothing.
        if (!sources.has(s.data_source_id)) return [];
        return [
          resolveSource(sources, {
            dataSourceId: s.data_source_id,
            amountColumn: s.amount_column,
            filters: s.filters as GlFilter[],
          }),
        ];
      }),
    })),
  };
}
