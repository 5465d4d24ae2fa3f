import { NAV_TREE, navLeaves } from '@recon/contract/nav';
import type { PrivilegeRule } from '@recon/contract/privileges';
import type { RouteObject } from 'react-router';
import { NotFoundPage, RedirectRoute, SectionIndex, SignedInFrame } from '@/app/pages';
import { RequirePrivilege } from '@/app/require-privilege';
import { PAGE_ROUTES } from '@/app/routes';

/** Shell paths outside the navigation tree (Downloads' lists; the others come with later areas). */
const OTHER_SHELL_PATHS = ['downloads', 'invoice', 'docs'] as const;

/** The privilege of a page comes from the navigation tree, so menu and route can never disagree. */
function guardOf(fullPath: string): PrivilegeRule | undefined {
  return navLeaves().find((leaf) => leaf.fullPath === fullPath)?.privilege;
}

/** The built pages under a base path, each behind its privilege (its own, or its navigation leaf's). */
function pagesUnder(basePath: string): RouteObject[] {
  return PAGE_ROUTES.filter((route) => route.path.startsWith(`${basePath}/`)).map(
    ({ path, component: Page, privilege }): RouteObject => {
      const rule = privilege ?? guardOf(path);
      const page = <Page key={path} />;
      return {
        path: path.slice(basePath.length + 1),
        element: rule ? <RequirePrivilege rule={rule}>{page}</RequirePrivilege> : page,
      };
    },
  );
}

function sectionRoutes(): RouteObject[] {
  return NAV_TREE.map((section) => ({
    path: section.basePath.slice(1),
    children: [
      { index: true, element: <SectionIndex basePath={section.basePath} /> },
      ...pagesUnder(section.basePath),
      { path: '*', element: <NotFoundPage /> },
    ],
  }));
}

/**
 * Every page inside the signed-in frame. The router patches this route in on the first navigation that
 * needs it (router.tsx), so the navigation tree and the page registry stay out of the /login first load.
 * The id lets a later patch recognise it as already there.
 */
export const SIGNED_IN_FRAME_ROUTE: RouteObject = {
  id: 'signed-in-frame',
  element: <SignedInFrame />,
  children: [
    { path: 'redirect', element: <RedirectRoute /> },
    ...sectionRoutes(),
    ...OTHER_SHELL_PATHS.map((path) => ({
      path,
      children: [
        { index: true, element: <NotFoundPage /> },
        ...pagesUnder(`/${path}`),
        { path: '*', element: <NotFoundPage /> },
      ],
    })),
  ],
};
