import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import {
  ForgotPasswordPage,
  GmailCallbackPage,
  LoginPage,
  ModuleRoleUnauthorizedPage,
  ModuleSelectPage,
  OutlookCallbackPage,
  RazorpayCallbackPage,
  ResetPasswordPage,
  SamlCallbackPage,
  UnauthorizedPage,
  VerifyNumberPage,
} from '@/app/pages';
import { RequireAuth } from '@/app/require-auth';
import { CatchAll, RootLayout, RootRedirect } from '@/app/root-layout';
import { FullPageSpinner } from '@/ui/full-page-spinner';
import { RenderFailure } from '@/ui/render-failure';

const SIGNED_IN_PARENT_ID = 'require-auth';

/**
 * The routes known before sign-in. The signed-in frame's pages (signed-in-routes.tsx) are patched in
 * under RequireAuth by `patchSignedInRoutes`; until then their paths match the catch-all below.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RenderFailure />,
    // Shown while a path that may belong to the signed-in pages waits for their routes to load.
    hydrateFallbackElement: <FullPageSpinner />,
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
        id: SIGNED_IN_PARENT_ID,
        element: <RequireAuth />,
        children: [{ path: 'module', element: <ModuleSelectPage /> }],
      },
      { path: '*', element: <CatchAll /> },
    ],
  },
];

/**
 * React Router asks this before it settles on a match with a splat or a parameter: the signed-in pages'
 * routes load then (once; later calls find the route already patched), so the first navigation into the
 * shell, a deep link included, matches exactly the tree it always had.
 */
export const patchSignedInRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  const { SIGNED_IN_FRAME_ROUTE } = await import('@/app/signed-in-routes');
  patch(SIGNED_IN_PARENT_ID, [SIGNED_IN_FRAME_ROUTE]);
};

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: patchSignedInRoutes });
}
