import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { getLoginPath, useSignedInUser } from '@/lib/session';

/**
 * Pages behind sign-in: without an access token the user goes to /login — with the reason, when the
 * session was just ended for one (this redirect and the HTTP client's must land on the same URL).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const user = useSignedInUser();
  if (!user?.authToken) return <Navigate to={getLoginPath()} replace />;
  return children ?? <Outlet />;
}
