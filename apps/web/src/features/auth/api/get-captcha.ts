import type { CaptchaResponse } from '@recon/contract';
import { FIRST_LOAD_PATHS } from '@recon/contract/first-load-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The answer checked against the contract's captchaResponseSchema without zod: /login's first load must not carry it. */
export function parseCaptchaResponse(body: unknown): CaptchaResponse {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof b.enabled !== 'boolean') throw new TypeError('The captcha answer does not match the contract');
  if (!b.enabled) return { enabled: false };
  if (typeof b.captchaId !== 'string' || typeof b.image !== 'string' || typeof b.expiresInSeconds !== 'number') {
    throw new TypeError('The captcha answer does not match the contract');
  }
  return { enabled: true, captchaId: b.captchaId, image: b.image, expiresInSeconds: b.expiresInSeconds };
}

/** GET v2/captcha with the browser's fetch (as the login methods): a new image when CAPTCHA is on. */
export async function getCaptcha(): Promise<CaptchaResponse> {
  const response = await fetch(`/web${FIRST_LOAD_PATHS.captcha}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The captcha could not be read (HTTP ${response.status})`);
  return parseCaptchaResponse(await response.json());
}

export const captchaQuery = queryOptions({
  queryKey: ['captcha'],
  queryFn: getCaptcha,
  // Each image answers once: a new one is asked for after every attempt, never reused from a cache.
  staleTime: 0,
  gcTime: 0,
  refetchOnWindowFocus: false,
  // An image lives two minutes: a fresh one comes before it expires.
  refetchInterval: (query) => (query.state.data?.enabled ? 110_000 : false),
  retry: false,
  meta: { isGlobalErrorSkipped: true },
});

export function useCaptcha() {
  return useQuery(captchaQuery);
}
