import { NAV_TREE, navLeaves, type PrivilegeRule } from '@recon/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  ForgotPasswordPage,
  GmailCallbackPage,
  LoginPage,
  ModuleRoleUnauthorizedPage,
  ModuleSelectPage,
  NotFoundPage,
  OutlookCallbackPage,
  RazorpayCallbackPage,
  RedirectRoute,
  ResetPasswordPage,
  SamlCallbackPage,
  SectionIndex,
  SignedInFrame,
  UnauthorizedPage,
  VerifyNumberPage,
} from '@/app/pages';
import { RequireAuth } from '@/app/require-auth';
import { RequirePrivilege } from '@/app/require-privilege';
import { CatchAll, RootLayout, RootRedirect } from '@/app/root-layout';
import { PAGE_ROUTES } from '@/app/routes';
import { RenderFailure } from '@/ui/render-failure';

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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RenderFailure />,
    children: [
      { index: true, element: <RootRedirect /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'verify-number', element: <VerifyNumberPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      {
        path: 'oauth',
        children: [
          { path: 'gmail', element: <GmailCallbackPage /> },
          { path: 'outlook', element: <OutlookCallbackPage /> },
          { path: 'razorpay', element: <RazorpayCallbackPage /> },
          { path: 'saml', element: <SamlCallbackPage /> },
        ],
      },
      { path: 'unauthorized', element: <UnauthorizedPage /> },
      { path: 'module-role-unauthorized', element: <ModuleRoleUnauthorizedPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'module', element: <ModuleSelectPage /> },
          {
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
          },
        ],
      },
      { path: '*', element: <CatchAll /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
