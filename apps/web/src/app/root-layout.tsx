import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { NotFoundPage, SignedInFrame } from '@/app/pages';
import { usePageTitle } from '@/lib/page-title';
import { useSignedInUser } from '@/lib/session';
import { FullPageSpinner } from '@/ui/full-page-spinner';

/** The titles of the pages outside the signed-in frame, by path (the frame names its own pages). */
const PUBLIC_TITLE_KEYS = {
  '/login': 'auth.loginButton',
  '/verify-number': 'auth.verify.title',
  '/forgot-password': 'auth.forgot.title',
  '/reset-password': 'auth.reset.title',
  '/module': 'common.moduleSelectTitle',
  '/unauthorized': 'common.notAllowedTitle',
  '/module-role-unauthorized': 'auth.unassigned.title',
} as const;

function publicTitleKey(pathname: string) {
  const path = pathname.replace(/\/+$/, '') || '/';
  return Object.hasOwn(PUBLIC_TITLE_KEYS, path) ? PUBLIC_TITLE_KEYS[path as keyof typeof PUBLIC_TITLE_KEYS] : undefined;
}

/** Every route renders under this: a full-page spinner while a page's code loads. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleKey = publicTitleKey(pathname);
  usePageTitle(titleKey ? t(titleKey) : undefined);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** The root: signed in → the redirect route, else the login page. */
export function RootRedirect() {
  const user = useSignedInUser();
  return <Navigate to={user?.authToken ? '/redirect' : '/login'} replace />;
}

/** Unknown paths: the not-found image, inside the shell when signed in. */
export function CatchAll() {
  const user = useSignedInUser();
  const { t } = useTranslation();
  // Signed in, the frame names the page.
  usePageTitle(user?.authToken ? undefined : t('common.notFoundPageTitle'));
  if (!user?.authToken) return <NotFoundPage />;
  return (
    <SignedInFrame>
      <NotFoundPage />
    </SignedInFrame>
  );
}
