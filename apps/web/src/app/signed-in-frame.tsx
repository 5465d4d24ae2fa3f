import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { AccessProvider } from '@/app/access-provider';
import { isBuiltPage } from '@/app/built-pages';
import { ModuleGate } from '@/app/module-gate';
import { SelectionActionsHost } from '@/app/selection-actions';
import { useModuleSelection } from '@/lib/module-context';
import { usePageTitle } from '@/lib/page-title';
import { AppLayout } from '@/shell/app-layout';
import { leavesOf, sectionLandingPath, useVisibleNav } from '@/shell/use-visible-nav';
import { NotAllowed } from '@/ui/not-allowed';
import { NotFound } from '@/ui/not-found';

/**
 * Everything a signed-in page stands on, loaded as one chunk after sign-in: the module gate, the
 * user's access, then the shell around the page.
 */
export function SignedInFrame({ children }: { children?: ReactNode }) {
  useNavPageTitle();
  return (
    <ModuleGate>
      <AccessProvider>
        <SelectionActionsHost>
          <AppLayout>{children}</AppLayout>
        </SelectionActionsHost>
      </AccessProvider>
    </ModuleGate>
  );
}

/**
 * The browser title names the navigation entry the path is in, by the sidebar's label (a sub-page, such as a job's
 * edit steps, goes by its list's entry); a path outside the tree shows the brand alone.
 */
function useNavPageTitle(): void {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  let label: string | null = null;
  for (let n = segments.length; n > 0 && label === null; n -= 1) {
    const path = `/${segments.slice(0, n).join('/')}`;
    if (i18n.exists(`nav.${path}`)) label = t(`nav.${path}`);
  }
  usePageTitle(label);
}

/** Entering a section (/settings): its last visited page in this module, else its first page. */
export function SectionIndex({ basePath }: { basePath: string }) {
  const sections = useVisibleNav();
  const { current } = useModuleSelection();
  const section = sections.find((s) => s.basePath === basePath);
  if (!section) return <NotAllowed />;
  const landing = sectionLandingPath(section, current.id);
  return landing ? <Navigate to={landing} replace /> : <NotFound />;
}

/**
 * /redirect, after sign-in or a module switch: the section named by ?to= (or, in menu order, the first
 * the user can see), at its landing page for the current module — a page the user last visited there, else
 * preferably a built page, so nobody lands on the not-found image.
 */
export function RedirectRoute() {
  const [searchParams] = useSearchParams();
  const sections = useVisibleNav();
  const { current } = useModuleSelection();
  const wanted = searchParams.get('to');
  const ordered = [...sections.filter((s) => s.basePath === wanted), ...sections.filter((s) => s.basePath !== wanted)];
  // In a section: its landing page when built, else its first built page.
  const builtLanding = (section: (typeof sections)[number]) => {
    const landing = sectionLandingPath(section, current.id);
    if (landing && isBuiltPage(landing)) return landing;
    return leavesOf(section.items).find((leaf) => isBuiltPage(leaf.fullPath))?.fullPath;
  };
  const target =
    ordered.map(builtLanding).find((l) => l !== undefined) ??
    ordered.map((section) => sectionLandingPath(section, current.id)).find((l) => l !== undefined);
  return <Navigate to={target ?? '/unauthorized'} replace />;
}
