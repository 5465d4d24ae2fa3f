import type { GlobalSetting } from '@recon/contract';
import { type VisibleNavItem, type VisibleNavSection, visibleNav } from '@recon/contract/nav';
import { describe, expect, it } from 'vitest';
import { navFilterFromSettings } from '@/features/access/nav-filter';

function setting(settingKey: string, settingValue: string): GlobalSetting {
  return { id: 1, settingGroup: 'SHOW_NAV_ITEM_FOR_MODULES', settingKey, settingValue };
}

function paths(sections: VisibleNavSection[]): string[] {
  const walk = (items: VisibleNavItem[]): string[] =>
    items.flatMap((item) => [item.fullPath, ...(item.children ? walk(item.children) : [])]);
  return sections.flatMap((section) => [section.basePath, ...walk(section.items)]);
}

describe('navigation visibility', () => {
  it('hides items whose privilege is missing and parents left without visible children', () => {
    const nav = visibleNav(new Set(['globalSearch', 'allTransactions']), 1, navFilterFromSettings([]));

    expect(paths(nav)).toEqual([
      '/transactions',
      '/transactions/global-search',
      '/transactions/recon',
      '/transactions/recon/all',
    ]);
  });

  it('hides every section without visible items when no privilege is held', () => {
    expect(visibleNav(new Set(), 1, navFilterFromSettings([]))).toEqual([]);
  });

  it('keeps the dynamic dashboard section with only the pages its privileges allow', () => {
    const nav = visibleNav(new Set(['dashboards']), 1, navFilterFromSettings([]));

    expect(nav.map((s) => s.key)).toEqual(['dashboard']);
    expect(paths(nav)).toEqual(['/dashboard', '/dashboard/all']);
  });

  it('shows a module-filtered section only in the modules its setting lists', () => {
    const filter = navFilterFromSettings([setting('UPI', '1, 2'), setting('DISPUTES', '3')]);
    const held = new Set(['upiDisputes']);

    expect(visibleNav(held, 1, filter).map((s) => s.key)).toEqual(['upi']);
    expect(visibleNav(held, 3, filter).map((s) => s.key)).toEqual(['disputes']);
    expect(visibleNav(held, 4, filter)).toEqual([]);
  });

  it('hides a section whose setting is missing', () => {
    const nav = visibleNav(new Set(['bankingModule', 'atm']), 1, navFilterFromSettings([]));
    expect(nav).toEqual([]);
  });

  it('shows a module-filtered feature only in its modules, and everywhere when its setting is absent', () => {
    const held = new Set(['lienMarking']);
    const limited = navFilterFromSettings([setting('LIEN_MARKING', '{"moduleId":[2]}')]);

    expect(paths(visibleNav(held, 1, limited))).toEqual([]);
    expect(paths(visibleNav(held, 2, limited))).toContain('/transactions/lien-actions/marked');
    expect(paths(visibleNav(held, 1, navFilterFromSettings([])))).toContain('/transactions/lien-actions/marked');
  });

  it('accepts either commission privilege for the commission plans page', () => {
    const nav = visibleNav(new Set(['commissionCalAdmin']), 1, navFilterFromSettings([]));
    expect(paths(nav)).toContain('/operations/commission-calculation/plans');
  });
});
