import { AxiosError, type AxiosRequestConfig, CanceledError, type InternalAxiosRequestConfig } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, http, NO_TOKEN, REFRESH_PATH } from '@/lib/http';
import { httpStatusOf, SessionEndedError } from '@/lib/http-errors';
import { registerNavigate } from '@/lib/navigation';
import { getSignedInUser, saveSelectedModuleId } from '@/lib/session';
import { HOUR_MS, signIn } from '@/testing/fixtures';

const mock = new MockAdapter(http);
let visited: string[] = [];

/** What the browser adapter raises when no answer comes back. */
function networkError(config: AxiosRequestConfig): never {
  throw new AxiosError('Network Error', 'ERR_NETWORK', config as InternalAxiosRequestConfig);
}

function authOf(config: { headers?: unknown }): string | undefined {
  const headers = config.headers as { get?: (name: string) => unknown; Authorization?: unknown } | undefined;
  const value = headers?.get ? headers.get('Authorization') : headers?.Authorization;
  return value === undefined || value === null ? undefined : String(value);
}

beforeEach(() => {
  visited = [];
  registerNavigate((to) => visited.push(to));
});

afterEach(() => {
  mock.reset();
  vi.useRealTimers();
});

describe('authenticated calls', () => {
  it('sends the token, user id and module id headers when signed in with a module', async () => {
    signIn({ id: 42, authToken: 'abc' }, 9);
    mock.onGet('/v2/things').reply(200, { ok: true });

    await http.get('/v2/things');

    const headers = mock.history.get?.[0]?.headers as Record<string, unknown> | undefined;
    expect(authOf({ headers })).toBe('Bearer abc');
    expect(String((headers as { get: (n: string) => unknown }).get('X-User-Id'))).toBe('42');
    expect(String((headers as { get: (n: string) => unknown }).get('X-Module-Id'))).toBe('9');
  });

  it('leaves out the module header when the call asks to', async () => {
    signIn({}, 9);
    mock.onGet('/v2/modules').reply(200, {});

    await http.get('/v2/modules', { isWithoutModule: true });

    const headers = mock.history.get?.[0]?.headers as { get: (n: string) => unknown };
    expect(headers.get('X-Module-Id')).toBeFalsy();
  });

  it('cancels a call with reason no_token and sends nothing when no one is signed in', async () => {
    mock.onGet('/v2/things').reply(200, {});

    const error = await http.get('/v2/things').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CanceledError);
    expect((error as CanceledError<unknown>).message).toBe(NO_TOKEN);
    expect(mock.history.get).toHaveLength(0);
  });

  it('sends a public call without a token', async () => {
    mock.onGet('/v2/login-methods').reply(200, { data: [] });

    await http.get('/v2/login-methods', { isPublic: true });

    expect(authOf(mock.history.get?.[0] ?? {})).toBeUndefined();
  });
});

describe('token refresh', () => {
  it('refreshes once for three concurrent 401s and replays all three with the new token', async () => {
    signIn({ authToken: 'old', refreshToken: 'r-old', userName: 'asha.k' });
    const answer = (config: AxiosRequestConfig): [number, unknown] =>
      authOf(config) === 'Bearer new'
        ? [200, { url: config.url }]
        : [401, [{ message: 'Token expired', code: 'TOKEN_EXPIRED' }]];
    mock.onGet('/v2/a').reply(answer);
    mock.onGet('/v2/b').reply(answer);
    mock.onGet('/v2/c').reply(answer);
    mock.onPost(REFRESH_PATH).reply(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return [200, { authToken: 'new', refreshToken: 'r-new', refreshTokenExpirationTime: Date.now() + HOUR_MS }];
    });

    const results = await Promise.all([http.get('/v2/a'), http.get('/v2/b'), http.get('/v2/c')]);

    expect(results.map((r) => r.data.url)).toEqual(['/v2/a', '/v2/b', '/v2/c']);
    expect(mock.history.post?.filter((r) => r.url === REFRESH_PATH)).toHaveLength(1);
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({
      authToken: 'old',
      refreshToken: 'r-old',
      userName: 'asha.k',
    });
    const replays = (mock.history.get ?? []).filter((r) => authOf(r) === 'Bearer new');
    expect(replays.map((r) => r.url).sort()).toEqual(['/v2/a', '/v2/b', '/v2/c']);
    expect(getSignedInUser()?.authToken).toBe('new');
    expect(getSignedInUser()?.refreshToken).toBe('r-new');
  });

  it("logs out to /login with the server's message when the refresh is refused within two hours of expiry", async () => {
    signIn({ refreshTokenExpirationTime: Date.now() - HOUR_MS });
    mock.onGet('/v2/a').reply(401, [{ message: 'expired', code: 'TOKEN_EXPIRED' }]);
    mock.onPost(REFRESH_PATH).reply(401, [{ message: 'Session expired, please sign in', code: 'REFRESH_INVALID' }]);

    const error = await http.get('/v2/a').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SessionEndedError);
    expect(visited).toEqual([`/login?errMessage=${encodeURIComponent('Session expired, please sign in')}`]);
    expect(getSignedInUser()).toBeNull();
  });

  it('logs out to /login without a message when the refresh token expired more than two hours ago', async () => {
    signIn({ refreshTokenExpirationTime: Date.now() - 3 * HOUR_MS });
    mock.onGet('/v2/a').reply(401, [{ message: 'expired', code: 'TOKEN_EXPIRED' }]);
    mock.onPost(REFRESH_PATH).reply(401, [{ message: 'Session expired, please sign in', code: 'REFRESH_INVALID' }]);

    await http.get('/v2/a').catch(() => undefined);

    expect(visited).toEqual(['/login']);
    expect(getSignedInUser()).toBeNull();
  });

  it('logs out to /login when the refresh answers no tokens', async () => {
    signIn();
    mock.onGet('/v2/a').reply(401, []);
    mock.onPost(REFRESH_PATH).reply(200, {});

    const error = await http.get('/v2/a').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SessionEndedError);
    expect(visited).toEqual(['/login']);
    expect(getSignedInUser()).toBeNull();
  });

  it('logs out without asking the server when the refresh token is missing', async () => {
    signIn({ refreshToken: '' });
    mock.onGet('/v2/a').reply(401, []);

    await http.get('/v2/a').catch(() => undefined);

    expect(mock.history.post).toHaveLength(0);
    expect(visited).toEqual(['/login']);
    expect(getSignedInUser()).toBeNull();
  });

  it('logs out when the replayed call is refused again', async () => {
    signIn();
    mock.onGet('/v2/a').reply(401, []);
    mock
      .onPost(REFRESH_PATH)
      .reply(200, { authToken: 'new', refreshToken: 'r', refreshTokenExpirationTime: Date.now() });

    await http.get('/v2/a').catch(() => undefined);

    expect(mock.history.get).toHaveLength(2);
    expect(visited).toEqual(['/login']);
  });

  it('retries a refresh that hits network errors 3 times 200 ms apart, then fails with status 0', async () => {
    signIn();
    const attemptsAt: number[] = [];
    mock.onGet('/v2/a').reply(401, []);
    mock.onPost(REFRESH_PATH).reply((config) => {
      attemptsAt.push(Date.now());
      return networkError(config);
    });

    const error = await http.get('/v2/a').catch((e: unknown) => e);

    expect(attemptsAt).toHaveLength(4);
    for (let i = 1; i < attemptsAt.length; i += 1) {
      expect((attemptsAt[i] ?? 0) - (attemptsAt[i - 1] ?? 0)).toBeGreaterThanOrEqual(190);
    }
    expect(httpStatusOf(error)).toBe(0);
    expect(visited).toEqual(['/login']);
  });
});

describe('retries of other calls', () => {
  it('retries a GET up to 3 times on network errors, then fails with status 0', async () => {
    signIn();
    mock.onGet('/v2/a').reply((config) => networkError(config));

    const error = await http.get('/v2/a').catch((e: unknown) => e);

    expect(mock.history.get).toHaveLength(4);
    expect(httpStatusOf(error)).toBe(0);
  });

  it('answers a GET once the network comes back during its retries', async () => {
    signIn();
    let attempts = 0;
    mock.onGet('/v2/a').reply((config) => {
      attempts += 1;
      return attempts < 3 ? networkError(config) : [200, { ok: true }];
    });

    const response = await http.get('/v2/a');

    expect(response.data).toEqual({ ok: true });
    expect(attempts).toBe(3);
  });

  it('does not retry a POST on a network error', async () => {
    signIn();
    mock.onPost('/v2/a').reply((config) => networkError(config));

    const error = await http.post('/v2/a', {}).catch((e: unknown) => e);

    expect(mock.history.post).toHaveLength(1);
    expect(httpStatusOf(error)).toBe(0);
  });

  it('does not retry a cancelled call', async () => {
    signIn();
    mock.onGet('/v2/a').reply((config) => {
      throw new CanceledError('stopped', config as InternalAxiosRequestConfig);
    });

    await http.get('/v2/a').catch(() => undefined);

    expect(mock.history.get).toHaveLength(1);
  });

  it('does not retry a timeout abort or a host-lookup failure', async () => {
    signIn();
    mock.onGet('/v2/timeout').timeout();
    mock.onGet('/v2/lookup').reply((config) => {
      throw new AxiosError('getaddrinfo ENOTFOUND', 'ENOTFOUND', config as InternalAxiosRequestConfig);
    });

    await http.get('/v2/timeout', { timeout: 50 }).catch(() => undefined);
    await http.get('/v2/lookup').catch(() => undefined);

    expect(mock.history.get?.map((r) => r.url)).toEqual(['/v2/timeout', '/v2/lookup']);
  });

  it('does not retry a server error answer', async () => {
    signIn();
    mock.onGet('/v2/a').reply(500, [{ message: 'boom', code: 'INTERNAL' }]);

    await http.get('/v2/a').catch(() => undefined);

    expect(mock.history.get).toHaveLength(1);
  });
});

describe('ending the session', () => {
  it('clears local and session storage and goes to /login', () => {
    signIn({}, 3);
    sessionStorage.setItem('pendingLogin', '{}');
    saveSelectedModuleId(3);

    endSession();

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(visited).toEqual(['/login']);
  });
});
