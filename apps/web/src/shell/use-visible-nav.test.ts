import { visibleNav } from '@recon/contract/nav';
import { describe, expect, it } from 'vitest';
import { rememberVisitedUrl } from '@/lib/last-visited';
import { ancestorPaths, sectionLandingPath, selectedNavPath } from '@/shell/use-visible-nav';

const settingsOf = (codes: string[]) => {
  const section = visibleNav(new Set(codes), 1).find((s) => s.key === 'settings');
  if (!section) throw new Error('settings section expected');
  return section;
};

describe('section landing page', () => {
  it('returns to the last page visited in the section for this module', () => {
    rememberVisitedUrl(1, '/settings/module-settings?x=1');
    rememberVisitedUrl(2, '/settings/audit-logs');

    expect(sectionLandingPath(settingsOf(['auditLogs', 'modules']), 1)).toBe('/settings/module-settings?x=1');
    expect(sectionLandingPath(settingsOf(['auditLogs', 'modules']), 2)).toBe('/settings/audit-logs');
  });

  it("lands on the section's first visible page when nothing is remembered", () => {
    expect(sectionLandingPath(settingsOf(['roles', 'auditLogs']), 1)).toBe('/settings/user-settings/user-roles');
  });

  it('ignores a remembered page the user may no longer see', () => {
    rememberVisitedUrl(1, '/settings/module-settings');

    expect(sectionLandingPath(settingsOf(['auditLogs']), 1)).toBe('/settings/audit-logs');
  });
});

describe('menu selection', () => {
  it('selects the deepest entry containing the location and opens its parents', () => {
    const sections = visibleNav(new Set(['roles', 'auditLogs']), 1);

    expect(selectedNavPath(sections, '/settings/user-settings/user-roles')).toBe('/settings/user-settings/user-roles');
    expect(selectedNavPath(sections, '/settings/audit-logs/42')).toBe('/settings/audit-logs');
    expect(ancestorPaths('/settings/user-settings/user-roles')).toEqual(['/settings', '/settings/user-settings']);
  });
});
