import { MODULE_CACHE_NAMES, readModuleCache, writeModuleCache } from '@/lib/module-cache';

/** The dashboard is never remembered: returning to it always starts at its own landing page. */
const NOT_REMEMBERED_BASE_PATHS: ReadonlySet<string> = new Set(['/dashboard']);

type VisitedUrls = Record<string, string>;

function readVisited(moduleId: number): VisitedUrls {
  const value = readModuleCache(MODULE_CACHE_NAMES.lastVisitedUrls, moduleId);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: VisitedUrls = {};
  for (const [key, url] of Object.entries(value)) if (typeof url === 'string') out[key] = url;
  return out;
}

/** The base path of a URL: its first segment ("/settings/audit-logs?x=1" → "/settings"). */
export function basePathOf(url: string): string {
  const segment = url.split(/[?#]/)[0]?.split('/').filter(Boolean)[0];
  return segment ? `/${segment}` : '/';
}

/**
 * Remembers the URL (path and query) as the last one visited under its base path, for this module.
 * The bare base path itself is not remembered: it only redirects to what is remembered.
 */
export function rememberVisitedUrl(moduleId: number, url: string): void {
  const basePath = basePathOf(url);
  const path = url.split(/[?#]/)[0] ?? url;
  if (basePath === '/' || NOT_REMEMBERED_BASE_PATHS.has(basePath) || path === basePath) return;
  const visited = readVisited(moduleId);
  if (visited[basePath] === url) return;
  writeModuleCache(MODULE_CACHE_NAMES.lastVisitedUrls, moduleId, { ...visited, [basePath]: url });
}

export function lastVisitedUrl(moduleId: number, basePath: string): string | undefined {
  if (NOT_REMEMBERED_BASE_PATHS.has(basePath)) return undefined;
  return readVisited(moduleId)[basePath];
}
