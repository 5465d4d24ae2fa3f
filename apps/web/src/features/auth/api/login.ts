import type { LoginRequest, LoginResponse } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';

/**
 * Starts loading the sign-in schemas (and zod) ahead of the first submit; the login form calls it when the
 * user starts typing, so the request is not held up by that load.
 */
let isPreloadStarted = false;
export function preloadLoginSchemas(): void {
  if (isPreloadStarted) return;
  isPreloadStarted = true;
  import('@/features/auth/api/login-schemas').catch(() => {
    // The submit loads them again (and reports a failure); a later keystroke may retry.
    isPreloadStarted = false;
  });
}

/** POST v2/login: the signed-in user, or a pending one-time-code step when MFA is on. */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  const { authEndpoints, call, loginRequestSchema } = await import('@/features/auth/api/login-schemas');
  const request = loginRequestSchema.parse(body);
  return call(authEndpoints.login, { body: request }, { isPublic: true });
}

/** The login form shows its own failure text, so the global toast stays quiet. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { isGlobalErrorSkipped: true } });
}
