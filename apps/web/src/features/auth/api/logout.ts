import { authEndpoints } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { endSession } from '@/lib/http';

/**
 * GET /v2/logout revokes the session on the server; whatever it answers, the local session is cleared
 * and the user goes to /login.
 */
export async function logout(): Promise<void> {
  try {
    await call(authEndpoints.logout, {}, { isRefreshSkipped: true });
  } catch {
    // The server may already consider the session over; signing out locally is what matters.
  } finally {
    endSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout, meta: { isGlobalErrorSkipped: true } });
}
