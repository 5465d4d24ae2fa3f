import { createHash } from 'node:crypto';
import type { DashletFigures } from '@recon/contract';
import type { Db } from '@recon/db';
import { LRUCache } from 'lru-cache';
import { dataVersionOf } from '@/lib/data-tables/data-version.ts';
import { dashletFigures, dayOf } from './dashlet-figures.ts';
import type { DashletModel } from './dashlet-model.ts';

/**
 * Figures kept per dashlet while the data they read is unchanged (decision 0040). A dashlet's figures are a function
 * of its model (kind, parameters, the tables and columns it reads), the day, and the rows of its tables; the rows are
 * stood for by the tables' data version. A repeat visit with nothing written since reads one small version row per
 * table instead of scanning millions of rows; a write of any of its tables (a load, a run, a knock-off, a rollback)
 * moves the version and the next visit computes afresh. Two visits asking at once share one computation.
 */

type Entry = { version: string; figures: Promise<DashletFigures> };

/** About 60 KB at most per entry (a 30-day trend, a 100-group table): the cache stays within tens of megabytes. */
const cache = new LRUCache<string, Entry>({ max: 1_000 });

/** The physical tables a dashlet's figures read: its data sources' tables and state tables. */
export function tablesOf(m: DashletModel): string[] {
  return m.sources.flatMap((s) => [s.source.table, s.source.stateTable]);
}

/** What, besides the rows, the figures depend on. */
function keyOf(m: DashletModel, today: string): string {
  const shape = {
    today,
    moduleId: m.moduleId,
    kind: m.kind,
    chartType: m.chartType,
    name: m.name,
    reconId: m.reconId,
    reconName: m.reconName,
    parameters: m.parameters,
    days: m.days,
    limit: m.limit,
    sources: m.sources.map((s) => ({ ...s.source, dateColumn: s.dateColumn, amountColumn: s.amountColumn })),
    group: m.group && { dataSourceId: m.group.ms.source.dataSourceId, column: m.group.column },
    // A report edited changes its figures with no row written.
    report: m.report && { ...m.report.config, limit: m.report.limit, model: m.report.model },
  };
  return createHash('sha256').update(JSON.stringify(shape)).digest('base64url');
}

/**
 * The figures of a dashlet as they stand at `now`, from the cache when its tables have not been written since they
 * were computed. Dashlets reading no data table (runs and failures: one index range over the module's executions)
 * are computed every time.
 */
export async function cachedDashletFigures(db: Db, m: DashletModel, now: Date): Promise<DashletFigures> {
  const tables = tablesOf(m);
  if (tables.length === 0) return dashletFigures(db, m, now);
  const key = keyOf(m, dayOf(now));
  const version = await dataVersionOf(db, tables);
  const kept = cache.get(key);
  if (kept?.version === version) return kept.figures;
  const figures = dashletFigures(db, m, now);
  cache.set(key, { version, figures });
  // A failed computation is not kept: the next visit tries again.
  figures.catch(() => {
    if (cache.get(key)?.figures === figures) cache.delete(key);
  });
  return figures;
}

/** Empties the cache (tests that change tables behind the triggers' back). */
export function clearFiguresCache(): void {
  cache.clear();
}
