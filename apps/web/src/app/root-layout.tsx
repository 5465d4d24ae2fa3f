import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { NotFoundPage, SignedInFrame } from '@/app/pages';
import { useSignedInUser } from '@/lib/session';
import { FullPageSpinner } from '@/ui/full-page-spinner';

/** Every route renders under this: a full-page spinner while a page's code loads. */
export function RootLayout() {
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
  if (!user?.authToken) return <NotFoundPage />;
  return (
    <SignedInFrame>
      <NotFoundPage />
    </SignedInFrame>
  );
}
