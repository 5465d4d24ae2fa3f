import type { LoginMethodsResponse } from '@recon/contract';
import { REFRESH_RETRY_COUNT, REFRESH_RETRY_DELAY_MS } from '@recon/contract/constants';
import { FIRST_LOAD_PATHS } from '@recon/contract/first-load-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type LoginMethod = LoginMethodsResponse['data'][number];

/**
 * The contract's LOGIN_METHOD_TYPES, restated (the type makes the list complete): importing a value from the
 * contract's auth module would bring its schemas, and zod, into the first load.
 */
const METHOD_TYPES: Readonly<Record<LoginMethod['type'], true>> = { PASSWORD: true, LDAP: true, SAML: true, SSO: true };

function isLoginMethod(value: unknown): value is LoginMethod {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.type === 'string' &&
    Object.hasOwn(METHOD_TYPES, m.type) &&
    typeof m.label === 'string' &&
    typeof m.isEnabled === 'boolean' &&
    (m.registrationId === undefined || typeof m.registrationId === 'string')
  );
}

/**
 * The answer checked against the shape of the contract's loginMethodsResponseSchema (get-login-methods.test.ts
 * keeps the two in agreement), without zod: this call runs on /login, whose first load must not carry it.
 * Like the schema, it keeps only the declared fields of each method.
 */
export function parseLoginMethodsResponse(body: unknown): LoginMethodsResponse {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data) || !data.every(isLoginMethod)) {
    throw new TypeError('The login-methods answer does not match the contract');
  }
  return {
    data: data.map(({ type, label, isEnabled, registrationId }) =>
      registrationId === undefined ? { type, label, isEnabled } : { type, label, isEnabled, registrationId },
    ),
  };
}

/** The login-methods call failed with this HTTP status (0: no answer at all). */
export class LoginMethodsUnavailable extends Error {
  constructor(readonly status: number) {
    super(`The login methods could not be read (HTTP ${status})`);
    this.name = 'LoginMethodsUnavailable';
  }
}

/**
 * GET v2/login-methods with the browser's fetch, not the HTTP client: this is the only call /login makes before
 * the user acts, and the client's axios would be the largest part of that page's first load. The call is public
 * (no token, no refresh), so the client would add nothing to it.
 */
export async function getLoginMethods(): Promise<LoginMethod[]> {
  const response = await fetch(`/web${FIRST_LOAD_PATHS.loginMethods}`, {
    headers: { Accept: 'application/json' },
  }).catch(() => {
    throw new LoginMethodsUnavailable(0);
  });
  if (!response.ok) throw new LoginMethodsUnavailable(response.status);
  return parseLoginMethodsResponse(await response.json()).data.filter((m) => m.isEnabled);
}

export const loginMethodsQuery = queryOptions({
  queryKey: ['login-methods'],
  queryFn: getLoginMethods,
  staleTime: 5 * 60_000,
  // As the HTTP client's GETs: only no answer is asked again, 3 times 200 ms apart; an answer with a status is final.
  retry: (failures, error) =>
    failures < REFRESH_RETRY_COUNT && error instanceof LoginMethodsUnavailable && error.status === 0,
  retryDelay: REFRESH_RETRY_DELAY_MS,
  // If the list cannot be read the page still offers the password form; no toast for that.
  meta: { isGlobalErrorSkipped: true },
});

export function useLoginMethods() {
  return useQuery(loginMethodsQuery);
}
