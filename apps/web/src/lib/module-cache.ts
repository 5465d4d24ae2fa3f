import { keysWithPrefix, readJson, removeKey, writeJson } from '@/lib/storage';

/**
 * The spec's per-module client cache: each value is stored under the cache name plus the module id,
 * so switching module never shows one module's remembered state in another. Names in use are listed
 * here so two areas never share one by accident.
 */
export const MODULE_CACHE_NAMES = {
  lastVisitedUrls: 'lastVisitedUrls',
  dashboard: 'dashboard',
  operations: 'operations',
  transactionFilters: 'transactionFilters',
  reportFilters: 'reportFilters',
  bulkMatchRules: 'bulkMatchRules',
  reconPage: 'reconPage',
  disputeFilters: 'disputeFilters',
  atmDateRanges: 'atmDateRanges',
  ticketPage: 'ticketPage',
} as const;
export type ModuleCacheName = (typeof MODULE_CACHE_NAMES)[keyof typeof MODULE_CACHE_NAMES];

const PREFIX = 'moduleCache:';

function keyOf(cacheName: ModuleCacheName, moduleId: number): string {
  return `${PREFIX}${cacheName}:${moduleId}`;
}

export function readModuleCache(cacheName: ModuleCacheName, moduleId: number): unknown {
  return readJson(localStorage, keyOf(cacheName, moduleId));
}

export function writeModuleCache(cacheName: ModuleCacheName, moduleId: number, value: unknown): void {
  writeJson(localStorage, keyOf(cacheName, moduleId), value);
}

/** Drops one cache for every module (a module switch clears the dashboard cache). */
export function clearModuleCache(cacheName: ModuleCacheName): void {
  for (const key of keysWithPrefix(localStorage, `${PREFIX}${cacheName}:`)) removeKey(localStorage, key);
}
