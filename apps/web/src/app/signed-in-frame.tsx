import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { AccessProvider } from '@/app/access-provider';
import { isBuiltPage } from '@/app/built-pages';
import { ModuleGate } from '@/app/module-gate';
import { useModuleSelection } from '@/lib/module-context';
import { AppLayout } from '@/shell/app-layout';
import { leavesOf, sectionLandingPath, useVisibleNav } from '@/shell/use-visible-nav';
import { NotFound } from '@/ui/not-found';

/**
 * Everything a signed-in page stands on, loaded as one chunk after sign-in: the module gate, the
 * user's access, then the shell around the page.
 */
export function SignedInFrame({ children }: { children?: ReactNode }) {
  return (
    <ModuleGate>
      <AccessProvider>
        <AppLayout>{children}</AppLayout>
      </AccessProvider>
    </ModuleGate>
  );
}

/** Entering a section (/settings): its last visited page in this module, else its first page. */
export function SectionIndex({ basePath }: { basePath: string }) {
  const sections = useVisibleNav();
  const { current } = useModuleSelection();
  const section = sections.find((s) => s.basePath === basePath);
  if (!section) return <Navigate to="/unauthorized" replace />;
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
