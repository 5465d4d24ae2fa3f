import { FILTER_OPERATORS, type FilterOperator } from '@recon/contract/constants';
import type { TransactionTab } from '@recon/contract/nav';
import type { ColumnFilterValue } from '@/features/transactions/api/get-transactions';
import { type PeriodChoice, toChoice } from '@/features/transactions/period';
import { MODULE_CACHE_NAMES, readModuleCache, writeModuleCache } from '@/lib/module-cache';

/**
 * Spec 1's per-module "transactions page filters per tab key": each tab remembers its recon, data source, date
 * column, status filter, column filters and page size (the columns chosen are the person's own: lib/column-choice).
 * The period is one for the whole Recon section (`reconPeriod`, below), not per tab. Kept in the module's transaction
 * filters next to other screens' keys; unreadable parts are dropped.
 */
export type TabMemory = {
  reconId?: number;
  dataSourceId?: number;
  dateColumn?: string;
  statuses?: string[];
  filters?: Record<string, ColumnFilterValue>;
  pageSize?: number;
};

const TABS_KEY = 'reconTabs';
const PERIOD_KEY = 'reconPeriod';

function cacheObject(moduleId: number): Record<string, unknown> {
  const value = readModuleCache(MODULE_CACHE_NAMES.transactionFilters, moduleId);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
const objectOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

function readFilters(raw: unknown): Record<string, ColumnFilterValue> {
  const out: Record<string, ColumnFilterValue> = {};
  for (const [column, f] of Object.entries(objectOf(raw))) {
    const { operator, value } = objectOf(f);
    if ((FILTER_OPERATORS as readonly unknown[]).includes(operator) && typeof value === 'string') {
      out[column] = { operator: operator as FilterOperator, value };
    }
  }
  return out;
}

export function readTabMemory(moduleId: number, tab: TransactionTab): TabMemory {
  const r = objectOf(objectOf(cacheObject(moduleId)[TABS_KEY])[tab]);
  return {
    reconId: isId(r.reconId) ? r.reconId : undefined,
    dataSourceId: isId(r.dataSourceId) ? r.dataSourceId : undefined,
    dateColumn: typeof r.dateColumn === 'string' ? r.dateColumn : undefined,
    statuses: Array.isArray(r.statuses) ? r.statuses.filter((s): s is string => typeof s === 'string') : undefined,
    filters: readFilters(r.filters),
    pageSize: isId(r.pageSize) ? r.pageSize : undefined,
  };
}

export function writeTabMemory(moduleId: number, tab: TransactionTab, change: TabMemory): void {
  const cache = cacheObject(moduleId);
  const tabs = objectOf(cache[TABS_KEY]);
  const next = { ...readTabMemory(moduleId, tab), ...change };
  writeModuleCache(MODULE_CACHE_NAMES.transactionFilters, moduleId, { ...cache, [TABS_KEY]: { ...tabs, [tab]: next } });
}

/** The period last chosen in the module's Recon section (one for all its tabs), if readable. */
export function readPeriodMemory(moduleId: number): PeriodChoice | null {
  const r = objectOf(cacheObject(moduleId)[PERIOD_KEY]);
  return toChoice(r.preset, r.from, r.to);
}

export function writePeriodMemory(moduleId: number, choice: PeriodChoice): void {
  writeModuleCache(MODULE_CACHE_NAMES.transactionFilters, moduleId, { ...cacheObject(moduleId), [PERIOD_KEY]: choice });
}
