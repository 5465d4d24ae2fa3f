import { describe, expect, it } from 'vitest';
import { basePathOf, lastVisitedUrl, rememberVisitedUrl } from '@/lib/last-visited';
import { clearModuleCache, MODULE_CACHE_NAMES, readModuleCache, writeModuleCache } from '@/lib/module-cache';

describe('last visited URL', () => {
  it('remembers the last URL per base path and per module', () => {
    rememberVisitedUrl(1, '/settings/audit-logs?page=2');
    rememberVisitedUrl(1, '/reports/brs-report');
    rememberVisitedUrl(2, '/settings/module-settings');

    expect(lastVisitedUrl(1, '/settings')).toBe('/settings/audit-logs?page=2');
    expect(lastVisitedUrl(1, '/reports')).toBe('/reports/brs-report');
    expect(lastVisitedUrl(2, '/settings')).toBe('/settings/module-settings');
    expect(lastVisitedUrl(2, '/reports')).toBeUndefined();
  });

  it('keeps only the latest URL of a base path', () => {
    rememberVisitedUrl(1, '/settings/audit-logs');
    rememberVisitedUrl(1, '/settings/user-settings/user-roles?role=ROLE_MANAGER');

    expect(lastVisitedUrl(1, '/settings')).toBe('/settings/user-settings/user-roles?role=ROLE_MANAGER');
  });

  it('does not remember the dashboard or a bare base path', () => {
    rememberVisitedUrl(1, '/dashboard/all');
    rememberVisitedUrl(1, '/settings');

    expect(lastVisitedUrl(1, '/dashboard')).toBeUndefined();
    expect(lastVisitedUrl(1, '/settings')).toBeUndefined();
  });

  it('finds the base path of a URL', () => {
    expect(basePathOf('/settings/audit-logs?x=1')).toBe('/settings');
    expect(basePathOf('/')).toBe('/');
  });
});

describe('per-module cache', () => {
  it('clears one cache for every module and leaves the others', () => {
    writeModuleCache(MODULE_CACHE_NAMES.dashboard, 1, { layout: 'a' });
    writeModuleCache(MODULE_CACHE_NAMES.dashboard, 2, { layout: 'b' });
    writeModuleCache(MODULE_CACHE_NAMES.operations, 1, { tab: 'jobs' });

    clearModuleCache(MODULE_CACHE_NAMES.dashboard);

    expect(readModuleCache(MODULE_CACHE_NAMES.dashboard, 1)).toBeUndefined();
    expect(readModuleCache(MODULE_CACHE_NAMES.dashboard, 2)).toBeUndefined();
    expect(readModuleCache(MODULE_CACHE_NAMES.operations, 1)).toEqual({ tab: 'jobs' });
  });
});
