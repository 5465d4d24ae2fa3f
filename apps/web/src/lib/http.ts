import type { RefreshRequest } from '@recon/contract';
import { REFRESH_EXPIRY_WINDOW_MS, REFRESH_RETRY_COUNT, REFRESH_RETRY_DELAY_MS } from '@recon/contract/constants';
import { FIRST_LOAD_PATHS } from '@recon/contract/first-load-paths';
import axios, { type AxiosError, CanceledError, isAxiosError } from 'axios';
import axiosRetry, { isNetworkError } from 'axios-retry';
import { firstServerMessage, SessionEndedError } from '@/lib/http-errors';
import { navigateTo } from '@/lib/navigation';
import { clearSession, getSelectedModuleId, getSignedInUser, saveTokens } from '@/lib/session';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent without token, user and module headers: sign-in, one-time code, password and login-method calls. */
    isPublic?: boolean;
    /** Sent without the module header: the assigned-modules list must work while a stale module is stored. */
    isWithoutModule?: boolean;
    /** A 401 is final here instead of starting the refresh flow (logout itself). */
    isRefreshSkipped?: boolean;
    /** Set on the one replay of a call after a token refresh. */
    isReplay?: boolean;
  }
}

/** Why an authenticated call was cancelled before any request went out. */
export const NO_TOKEN = 'no_token';
export const REFRESH_PATH = FIRST_LOAD_PATHS.refresh;
const SAFE_METHODS: ReadonlySet<string> = new Set(['get', 'head', 'options']);

/** The one HTTP client of the app. Paths are relative to the server's base path /web. */
export const http = axios.create({ baseURL: '/web', headers: { Accept: 'application/json' } });

/**
 * Network-level failures only: no answer and an error code, but not a cancellation, a timeout abort,
 * a certificate failure or a host-lookup failure (axios-retry's isNetworkError excludes exactly those).
 */
export function isRetriableNetworkError(error: AxiosError): boolean {
  return !axios.isCancel(error) && isNetworkError(error);
}

axiosRetry(http, {
  retries: REFRESH_RETRY_COUNT,
  retryDelay: () => REFRESH_RETRY_DELAY_MS,
  retryCondition: (error) =>
    isRetriableNetworkError(error) && SAFE_METHODS.has((error.config?.method ?? 'get').toLowerCase()),
});

http.interceptors.request.use((config) => {
  if (config.isPublic) return config;
  const user = getSignedInUser();
  if (!user?.authToken) throw new CanceledError(NO_TOKEN, undefined, config);
  config.headers.set('Authorization', `Bearer ${user.authToken}`);
  config.headers.set('X-User-Id', String(user.id));
  const moduleId = getSelectedModuleId();
  if (moduleId !== null && !config.isWithoutModule) config.headers.set('X-Module-Id', String(moduleId));
  else config.headers.delete('X-Module-Id');
  return config;
});

/**
 * Clears the session and goes to /login, with the server's reason when there is one to show — as an error
 * (`errMessage`, the spec's) or, for an ending the user asked for (a changed password), as a notice.
 */
export function endSession(errMessage?: string, kind: 'error' | 'notice' = 'error'): void {
  const param = kind === 'notice' ? 'notice' : 'errMessage';
  const loginPath = errMessage ? `/login?${param}=${encodeURIComponent(errMessage)}` : '/login';
  clearSession(loginPath);
  navigateTo(loginPath);
}

async function runRefresh(): Promise<string> {
  const user = getSignedInUser();
  if (!user?.authToken || !user.refreshToken || !user.userName) {
    endSession();
    throw new SessionEndedError('Access token, refresh token or user name missing at refresh');
  }
  const body: RefreshRequest = { authToken: user.authToken, refreshToken: user.refreshToken, userName: user.userName };
  // The answer's schema (and zod) is not part of the first load: it loads while the refresh call runs.
  const schemaModule = import('@/lib/refresh-schema');
  // Awaited below; only a load failure that nobody awaits (the call failed first) must not be reported as unhandled.
  schemaModule.catch(() => undefined);
  let data: unknown;
  try {
    const response = await http.post(REFRESH_PATH, body, {
      isPublic: true,
      // Unlike other POSTs, the refresh is retried on network failures (same count and delay).
      'axios-retry': { retryCondition: isRetriableNetworkError },
    });
    data = response.data;
  } catch (error) {
    if (isAxiosError(error) && error.response) {
      // The server refused: its reason is worth showing only if the refresh token had not long expired.
      const isRecent = user.refreshTokenExpirationTime > Date.now() - REFRESH_EXPIRY_WINDOW_MS;
      endSession(isRecent ? firstServerMessage(error.response.data) : undefined);
      throw new SessionEndedError('Token refresh refused');
    }
    // No answer after the retries: the caller sees status 0 ("Network Error…").
    endSession();
    throw error;
  }
  const { refreshResponseSchema } = await schemaModule;
  const parsed = refreshResponseSchema.safeParse(data);
  if (!parsed.success) {
    endSession();
    throw new SessionEndedError('Token refresh answered no tokens');
  }
  saveTokens(parsed.data);
  return parsed.data.authToken;
}

let refreshInFlight: Promise<string> | null = null;

/** One refresh at a time: every call that got a 401 meanwhile waits for the same one. */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

http.interceptors.response.use(undefined, async (error: unknown) => {
  if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
  const config = error.config;
  if (config.isPublic || config.isRefreshSkipped) throw error;
  if (config.isReplay) {
    // The freshly refreshed token was refused too: the session cannot continue.
    endSession();
    throw new SessionEndedError('Refreshed token refused');
  }
  const currentToken = getSignedInUser()?.authToken;
  if (!currentToken) throw new SessionEndedError('Session ended while the call was running');
  const sentToken = String(config.headers.get('Authorization') ?? '');
  // A 401 for a token already replaced (its answer arrived after a refresh) only needs the replay.
  if (sentToken === `Bearer ${currentToken}`) await refreshAccessToken();
  return http.request({ ...config, isReplay: true });
});
