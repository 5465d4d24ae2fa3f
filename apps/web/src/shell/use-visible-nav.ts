import { type VisibleNavItem, type VisibleNavSection, visibleNav } from '@recon/contract/nav';
import { hasPrivilege } from '@recon/contract/privileges';
import { useMemo } from 'react';
import { useAccess } from '@/lib/access-context';
import { lastVisitedUrl } from '@/lib/last-visited';
import { useModuleSelection } from '@/lib/module-context';
import { useDashboardList } from '@/lib/reads/dashboards';

/** Keys of the dynamic menu's entries (one per dashboard): their label is the dashboard's name, not a text key. */
export const DASHBOARD_ENTRY_PREFIX = 'dashboard:';
const DASHBOARD_SECTION = 'dashboard';

/** The Dashboard section with one entry per dashboard of the module, after All Dashboard (spec 1: a dynamic menu). */
export function withDashboardEntries(
  sections: readonly VisibleNavSection[],
  dashboards: readonly { id: number; name: string }[],
): VisibleNavSection[] {
  return sections.map((section) => {
    if (section.key !== DASHBOARD_SECTION || dashboards.length === 0) return section;
    const entries: VisibleNavItem[] = dashboards.map((d) => ({
      key: `${DASHBOARD_ENTRY_PREFIX}${d.id}`,
      label: d.name,
      path: String(d.id),
      fullPath: `${section.basePath}/${d.id}`,
    }));
    const [first, ...rest] = section.items;
    return { ...section, items: first ? [first, ...entries, ...rest] : entries };
  });
}

/** The navigation this user sees in the current module, the Dashboard section filled with its dashboards. */
export function useVisibleNav(): VisibleNavSection[] {
  const { held, navFilter } = useAccess();
  const { current } = useModuleSelection();
  const dashboards = useDashboardList(current.id, hasPrivilege(held, { code: 'dashboards' }));
  return useMemo(
    () => withDashboardEntries(visibleNav(held, current.id, navFilter), dashboards.data ?? []),
    [held, navFilter, current.id, dashboards.data],
  );
}

/** Every visible leaf of a list of items, in menu order. */
export function leavesOf(items: readonly VisibleNavItem[]): VisibleNavItem[] {
  return items.flatMap((item) => (item.children ? leavesOf(item.children) : [item]));
}

function isUnder(url: string, fullPath: string): boolean {
  const path = url.split(/[?#]/)[0] ?? url;
  return path === fullPath || path.startsWith(`${fullPath}/`);
}

/**
 * Where entering a section lands: the last URL visited in it for this module, if the user can still
 * see that page, else the section's first visible page.
 */
export function sectionLandingPath(section: VisibleNavSection, moduleId: number): string | undefined {
  const leaves = leavesOf(section.items);
  const remembered = lastVisitedUrl(moduleId, section.basePath);
  if (remembered && leaves.some((leaf) => isUnder(remembered, leaf.fullPath))) return remembered;
  return leaves[0]?.fullPath;
}

/** The menu key of a location: the deepest visible entry whose path contains it. */
export function selectedNavPath(sections: readonly VisibleNavSection[], pathname: string): string | undefined {
  let best: string | undefined;
  const consider = (fullPath: string) => {
    if (isUnder(pathname, fullPath) && (!best || fullPath.length > best.length)) best = fullPath;
  };
  const walk = (items: readonly VisibleNavItem[]) => {
    for (const item of items) {
      consider(item.fullPath);
      if (item.children) walk(item.children);
    }
  };
  for (const section of sections) {
    consider(section.basePath);
    walk(section.items);
  }
  return best;
}

/** The section and parent keys above a full path, for opening the menu at the current page. */
export function ancestorPaths(fullPath: string): string[] {
  const segments = fullPath.split('/').filter(Boolean);
  return segments.slice(0, -1).map((_, i) => `/${segments.slice(0, i + 1).join('/')}`);
}
