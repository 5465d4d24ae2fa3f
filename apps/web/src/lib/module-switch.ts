import { clearModuleCache, MODULE_CACHE_NAMES } from '@/lib/module-cache';
import { saveSelectedModuleId } from '@/lib/session';

/** Stores the chosen module and drops the dashboard cache; the caller then redirects within the module. */
export function selectModule(moduleId: number): void {
  saveSelectedModuleId(moduleId);
  clearModuleCache(MODULE_CACHE_NAMES.dashboard);
}

/** The redirect route resolves the landing page of a base path (or of the first section) in the new module. */
export function redirectPathFor(basePath?: string): string {
  return basePath && basePath !== '/' ? `/redirect?to=${encodeURIComponent(basePath)}` : '/redirect';
}
