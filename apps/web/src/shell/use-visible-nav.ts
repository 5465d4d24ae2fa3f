import { type VisibleNavItem, type VisibleNavSection, visibleNav } from '@recon/contract/nav';
import { useMemo } from 'react';
import { useAccess } from '@/lib/access-context';
import { lastVisitedUrl } from '@/lib/last-visited';
import { useModuleSelection } from '@/lib/module-context';

/** The navigation this user sees in the current module. */
export function useVisibleNav(): VisibleNavSection[] {
  const { held, navFilter } = useAccess();
  const { current } = useModuleSelection();
  return useMemo(() => visibleNav(held, current.id, navFilter), [held, navFilter, current.id]);
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
