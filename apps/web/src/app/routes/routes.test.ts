import { navLeaves } from '@recon/contract/nav';
import { describe, expect, it } from 'vitest';
import { isBuiltPage } from '@/app/built-pages';
import { PAGE_ROUTES } from '@/app/routes';

describe('page registry', () => {
  it('guards every page: a navigation leaf by its privilege, any other page by its own', () => {
    const leaves = new Map(navLeaves().map((l) => [l.fullPath, l.privilege]));
    const unguarded = PAGE_ROUTES.filter((r) => !r.privilege && !leaves.get(r.path)).map((r) => r.path);
    expect(unguarded).toEqual([]);
  });

  it('registers each path once', () => {
    const paths = PAGE_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('tells built pages, with their sub-paths and query, from the rest', () => {
    expect(isBuiltPage('/settings/audit-logs?page=2')).toBe(true);
    expect(isBuiltPage('/settings/audit-logs/anything')).toBe(true);
    expect(isBuiltPage('/settings/audit')).toBe(false);
    expect(isBuiltPage('/transactions/lien-actions/marked')).toBe(false);
  });
});
