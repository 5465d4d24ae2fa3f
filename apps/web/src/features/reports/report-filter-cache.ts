import { MODULE_CACHE_NAMES, readModuleCache, writeModuleCache } from '@/lib/module-cache';

/**
 * The spec's per-module cache of the "dynamic filters of self-built reports": the values last given to each
 * report's run-time filters, by report id then filter position, as typed (comma-separated lists).
 */
type Cached = Record<string, Record<string, string>>;

function readAll(moduleId: number): Cached {
  const raw = readModuleCache(MODULE_CACHE_NAMES.reportFilters, moduleId);
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Cached) : {};
}

export function readReportFilters(moduleId: number, reportId: number): Record<string, string> {
  const entry = readAll(moduleId)[String(reportId)];
  return entry && typeof entry === 'object' ? entry : {};
}

export function writeReportFilters(moduleId: number, reportId: number, values: Record<string, string>): void {
  writeModuleCache(MODULE_CACHE_NAMES.reportFilters, moduleId, { ...readAll(moduleId), [String(reportId)]: values });
}
