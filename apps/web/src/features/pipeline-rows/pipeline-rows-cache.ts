import { MODULE_CACHE_NAMES, readModuleCache, writeModuleCache } from '@/lib/module-cache';

/** What the pipeline rows screens remember per module: the data source, the date range, hidden columns. */
export type PipelineRowsMemory = {
  dataSourceId?: number;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  /** Per data source id: the columns the user hid. */
  hiddenColumns?: Record<string, string[]>;
};

/** Kept inside the module's transaction filters, under its own key, next to other screens' filters. */
const KEY = 'pipelineRows';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function cacheObject(moduleId: number): Record<string, unknown> {
  const value = readModuleCache(MODULE_CACHE_NAMES.transactionFilters, moduleId);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The remembered choices; anything unreadable (an older shape, a hand edit) is dropped. */
export function readPipelineRowsMemory(moduleId: number): PipelineRowsMemory {
  const raw = cacheObject(moduleId)[KEY];
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const hidden: Record<string, string[]> = {};
  if (r.hiddenColumns && typeof r.hiddenColumns === 'object') {
    for (const [id, columns] of Object.entries(r.hiddenColumns)) {
      if (Array.isArray(columns)) hidden[id] = columns.filter((c): c is string => typeof c === 'string');
    }
  }
  const isDay = (v: unknown): v is string => typeof v === 'string' && ISO_DAY.test(v);
  const hasRange = isDay(r.from) && isDay(r.to) && r.from <= r.to;
  return {
    dataSourceId: typeof r.dataSourceId === 'number' && Number.isInteger(r.dataSourceId) ? r.dataSourceId : undefined,
    from: hasRange ? (r.from as string) : undefined,
    to: hasRange ? (r.to as string) : undefined,
    hiddenColumns: hidden,
  };
}

export function writePipelineRowsMemory(moduleId: number, change: PipelineRowsMemory): void {
  const next = { ...readPipelineRowsMemory(moduleId), ...change };
  writeModuleCache(MODULE_CACHE_NAMES.transactionFilters, moduleId, { ...cacheObject(moduleId), [KEY]: next });
}
