import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/config.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';
import { AUTH_TEXTS } from './auth.service.ts';

const GRACE_MS = testConfig().refreshGraceMs;

let t: TestApp;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'Cards');
  await addUser(t, {
    userName: 'alice',
    roles: ['ROLE_OPERATOR'],
    moduleIds: [moduleId],
    email: 'alice@x.test',
    contactNumber: '+919811111111',
  });
});
afterAll(() => t.close());

const login = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/web/v2/login', payload: { userName, password } });

describe('POST v2/login', () => {
  it('answers the user with tokens when the password is right', async () => {
    const res = await login('alice', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ userName: 'alice', rolesName: ['ROLE_OPERATOR'], registrationStatus: 'APPROVED' });
    expect(body.authToken).toMatch(/^ey/);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    expect(body.refreshTokenExpirationTime).toBeGreaterThan(Date.now());
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('accepts the user name in any case', async () => {
    expect((await login('ALICE', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong password with the generic message', async () => {
    const res = await login('alice', 'wrong');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.badCredentials, code: 'BAD_CREDENTIALS' }]);
  });

  it('answers the spec validation body when the user name is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/web/v2/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'User Name is required',
      errors: [{ field: 'userName', defaultMessage: 'User Name is required' }],
    });
  });

  it('locks after ten failures, for known and unknown users alike, and a right password is then refused', async () => {
    await addUser(t, { userName: 'bob', roles: ['ROLE_OPERATOR'] });
    for (const name of ['bob', 'nobody-here']) {
      for (let i = 0; i < 9; i++) expect((await login(name, 'bad')).json()[0].code).toBe('BAD_CREDENTIALS');
      const tenth = await login(name, 'bad');
      expect(tenth.json()).toEqual([{ message: AUTH_TEXTS.locked, code: 'ACCOUNT_LOCKED' }]);
    }
    const right = await login('bob', TEST_PASSWORD);
    expect(right.json()).toEqual([{ message: AUTH_TEXTS.locked, code: 'ACCOUNT_LOCKED' }]);
    const events = await t.database.db.selectFrom('audit_log').select('event').where('user_name', '=', 'bob').execute();
    expect(events.map((e) => e.event)).toContain('ACCOUNT_LOCKED');
  });
});

describe('POST /v2/refreshtoken', () => {
  it('rotates: the new pair works and the old refresh token is refused', async () => {
    const s = await signIn(t, 'alice');
    const first = await t.app.inject({
      method: 'POST',
      url: '/web/v2/refreshtoken',
      payload: { authToken: s.authToken, refreshToken: s.refreshToken, userName: 'alice' },
    });
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refreshToken).not.toBe(s.refreshToken);
    const privileges = await call(
      t,
      { ...s, authToken: next.authToken },
      { method: 'GET', url: '/web/v2/privileges?Find=ByRole' },
    );
    expect(privileges.statusCode).toBe(200);

    // Replaying the rotated token after the grace interval (decision 0015): the whole family dies, including the
    // newest pair.
    t.clock.advance(GRACE_MS + 1);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/web/v2/refreshtoken',
      payload: { authToken: s.authToken, refreshToken: s.refreshToken, userName: 'alice' },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual([{ message: AUTH_TEXTS.sessionReused, code: 'REFRESH_INVALID' }]);
    const afterReuse = await t.app.inject({
      method: 'POST',
      url: '/web/v2/refreshtoken',
      payload: { authToken: next.authToken, refreshToken: next.refreshToken, userName: 'alice' },
    });
    expect(afterReuse.statusCode).toBe(401);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('event')
      .where('event', '=', 'REFRESH_TOKEN_REUSE')
      .execute();
    expect(audit.length).toBe(1);
  });

  it('answers two refreshes with the same token at once (two tabs) with the same new pair, which works', async () => {
    const s = await signIn(t, 'alice');
    const payload = { authToken: s.authToken, refreshToken: s.refreshToken, userName: 'alice' };
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/web/v2/refreshtoken', payload }),
      t.app.inject({ method: 'POST', url: '/web/v2/refreshtoken', payload }),
    ]);
    expect([a.statusCode, b.statusCode], b.body).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    expect(a.json().refreshToken).not.toBe(s.refreshToken);
    // Within the grace interval the same answer again, a few seconds later too.
    t.clock.advance(GRACE_MS);
    const third = await t.app.inject({ method: 'POST', url: '/web/v2/refreshtoken', payload });
    expect(third.json()).toEqual(a.json());
    const graceAudit = (await auditRows(t, 'TOKEN_REFRESHED')).filter((r) => r.user_id === s.userId);
    expect(graceAudit).toHaveLength(2);
    expect(graceAudit[0]).toMatchObject({ outcome: 'SUCCESS' });
    expect(JSON.stringify(graceAudit)).not.toContain(a.json().refreshToken);
    // The pair is the session's live one: it refreshes, and the session goes on.
    const next = await t.app.inject({
      method: 'POST',
      url: '/web/v2/refreshtoken',
      payload: { authToken: a.json().authToken, refreshToken: a.json().refreshToken, userName: 'alice' },
    });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('keeps the answer sealed, and ends the session on a reuse after the grace interval (audited)', async () => {
    const s = await signIn(t, 'alice');
    const payload = { authToken: s.authToken, refreshToken: s.refreshToken, userName: 'alice' };
    const first = (await refresh(payload)).json();
    const kept = await t.database.db
      .selectFrom('refresh_token')
      .select('rotation_answer')
      .where('rotated_at', 'is not', null)
      .where('rotation_answer', 'is not', null)
      .execute();
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept) expect(row.rotation_answer).not.toContain(first.refreshToken);
    t.clock.advance(GRACE_MS + 1);
    const late = await refresh(payload);
    expect([late.statusCode, late.json()]).toEqual([
      401,
      [{ message: AUTH_TEXTS.sessionReused, code: 'REFRESH_INVALID' }],
    ]);
    expect((await refresh({ ...payload, ...first, userName: 'alice' })).statusCode).toBe(401);
    const reuse = (await auditRows(t, 'REFRESH_TOKEN_REUSE')).filter((r) => r.user_id === s.userId).at(-1);
    expect(reuse).toMatchObject({
      outcome: 'FAILURE',
      details: { reason: AUTH_TEXTS.sessionReused, graceMs: GRACE_MS },
    });
    // The session is over: nothing of it is kept to answer with.
    const family = JSON.parse(Buffer.from(first.authToken.split('.')[1], 'base64url').toString()).sid;
    const left = await t.database.db
      .selectFrom('refresh_token')
      .select('rotation_answer')
      .where('family_id', '=', family)
      .where('rotation_answer', 'is not', null)
      .execute();
    expect(left).toEqual([]);
  });

  it('treats the rotated token as a reuse within the grace interval once its new pair was rotated too', async () => {
    const s = await signIn(t, 'alice');
    const payload = { authToken: s.authToken, refreshToken: s.refreshToken, userName: 'alice' };
    const first = (await refresh(payload)).json();
    expect((await refresh({ ...first, userName: 'alice' })).statusCode).toBe(200);
    const again = await refresh(payload);
    expect(again.json()).toEqual([{ message: AUTH_TEXTS.sessionReused, code: 'REFRESH_INVALID' }]);
  });

  it('refuses a session idle for more than 15 minutes', async () => {
    const s = await signIn(t, 'alice');
    t.clock.advance(16 * 60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/web/v2/refreshtoken',
      payload: { authToken: s.authToken, refreshToken: s.refreshToken, userName: 'alice' },
    });
    t.clock.advance(-16 * 60_000);
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.sessionIdle, code: 'REFRESH_INVALID' }]);
  });
});

describe('GET /v2/logout', () => {
  it('revokes the session: its refresh token and access token stop working', async () => {
    const s = await signIn(t, 'alice');
    const out = await call(t, s, { method: 'GET', url: '/web/v2/logout' });
    expect(out.statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/web/v2/refreshtoken',
      payload: { authToken: s.authToken, refreshToken: s.refreshToken, userName: 'alice' },
    });
    expect(refresh.statusCode).toBe(401);
    const again = await call(t, s, { method: 'GET', url: '/web/v2/privileges?Find=ByRole' });
    expect(again.statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web/v2/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Authentication required', code: 'UNAUTHENTICATED' }]);
  });
});

const refresh = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/web/v2/refreshtoken', payload });

describe('POST v2/login (more)', () => {
  it('audits LOGIN_SUCCESS with the session id when the password is right', async () => {
    const userName = uniqueName('audited');
    await addUser(t, { userName, roles: ['ROLE_OPERATOR'] });
    const s = await signIn(t, userName);
    const rows = (await auditRows(t, 'LOGIN_SUCCESS')).filter((r) => r.user_id === s.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'SUCCESS', user_name: userName });
    expect(JSON.stringify(rows[0]?.details)).not.toContain(s.refreshToken);
  });

  it('answers 400 naming the password field when the password is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/web/v2/login', payload: { userName: 'alice' } });
    expect(res.statusCode).toBe(400);
    // The contract's password schema has no message for a missing value (only for an empty one), so the text is
    // zod's generic one; the field is what the client shows it against.
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['password']);
  });

  it('answers "Password is required" when the password is empty', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/web/v2/login',
      payload: { userName: 'alice', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Password is required',
      errors: [{ field: 'password', defaultMessage: 'Password is required' }],
    });
  });

  it('answers the same generic message for an unknown user as for a wrong password', async () => {
    const res = await login(uniqueName('ghost'), TEST_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.badCredentials, code: 'BAD_CREDENTIALS' }]);
  });
});

describe('GET v2/login-methods', () => {
  it('answers the password method, enabled, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web/v2/login-methods' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ type: 'PASSWORD', label: 'User name and password', isEnabled: true });
  });
});

describe('directory and identity-provider sign-ins', () => {
  it.each([
    ['/web/v2/ldap_login', 'LDAP', { userName: 'alice', password: TEST_PASSWORD }],
    ['/web/v2/sso-login', 'SAML', { registrationId: 'corp' }],
  ])('%s answers 400 "%s sign-in is not configured" when no integration is set up', async (url, label, payload) => {
    const res = await t.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `${label} sign-in is not configured`,
      errors: [{ field: 'loginMethod', defaultMessage: `${label} sign-in is not configured` }],
    });
  });
});

describe('a disabled user', () => {
  afterEach(() => vi.useRealTimers());

  const disable = (userId: number) =>
    t.database.db.updateTable('app_user').set({ is_active: false }).where('id', '=', userId).execute();

  it('is refused at sign-in with the disabled message, even with the right password', async () => {
    const userName = uniqueName('disabled');
    const id = await addUser(t, { userName, roles: ['ROLE_OPERATOR'] });
    await disable(id);
    const res = await login(userName, TEST_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.disabled, code: 'BAD_CREDENTIALS' }]);
    const failures = (await auditRows(t, 'LOGIN_FAILURE')).filter((r) => r.user_id === id);
    expect(failures.map((r) => r.details)).toContainEqual({ reason: 'DISABLED' });
  });

  it('loses an existing session: its refresh is refused at once', async () => {
    const userName = uniqueName('disabled-later');
    const id = await addUser(t, { userName, roles: ['ROLE_OPERATOR'] });
    const s = await signIn(t, userName);
    await disable(id);
    const res = await refresh({ authToken: s.authToken, refreshToken: s.refreshToken, userName });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.sessionEnded, code: 'REFRESH_INVALID' }]);
    const family = await t.database.db
      .selectFrom('token_family')
      .select('revoked_reason')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(family.revoked_reason).toBe('USER_DISABLED');
  });

  it('loses an existing access token once the short principal cache has expired', async () => {
    const userName = uniqueName('disabled-token');
    const id = await addUser(t, { userName, roles: ['ROLE_OPERATOR'] });
    const s = await signIn(t, userName);
    const before = await call(t, s, { method: 'GET', url: '/web/v2/privileges?Find=ByRole' });
    expect(before.statusCode).toBe(200);
    await disable(id);
    // Only Date is faked: the guard's cache reads Date.now(); the database driver keeps its real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6_000);
    const after = await call(t, s, { method: 'GET', url: '/web/v2/privileges?Find=ByRole' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual([{ message: 'Session has ended', code: 'UNAUTHENTICATED' }]);
  });
});

describe('POST /v2/refreshtoken (more)', () => {
  it.each(['authToken', 'refreshToken', 'userName'])('answers 400 naming %s when it is empty', async (field) => {
    const s = await signIn(t, 'alice');
    const payload: Record<string, string> = { authToken: s.authToken, refreshToken: s.refreshToken, userName: 'alice' };
    payload[field] = '';
    const res = await refresh(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, defaultMessage: `${field} is required` }]);
  });

  it.each(['authToken', 'refreshToken', 'userName'])('answers 400 naming %s when it is missing', async (field) => {
    const s = await signIn(t, 'alice');
    const payload: Record<string, string> = { authToken: s.authToken, refreshToken: s.refreshToken, userName: 'alice' };
    delete payload[field];
    const res = await refresh(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });

  it('refuses a refresh token presented with another user name', async () => {
    const s = await signIn(t, 'alice');
    const res = await refresh({ authToken: s.authToken, refreshToken: s.refreshToken, userName: 'bob' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.sessionInvalid, code: 'REFRESH_INVALID' }]);
  });

  it('refuses a refresh with an access token that is not ours', async () => {
    const s = await signIn(t, 'alice');
    const res = await refresh({ authToken: 'not-a-jwt', refreshToken: s.refreshToken, userName: 'alice' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.sessionInvalid, code: 'REFRESH_INVALID' }]);
  });

  it('refuses an unknown refresh token and audits the failure', async () => {
    const s = await signIn(t, 'alice');
    const res = await refresh({ authToken: s.authToken, refreshToken: 'x'.repeat(43), userName: 'alice' });
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.sessionInvalid, code: 'REFRESH_INVALID' }]);
    const rows = (await auditRows(t, 'REFRESH_FAILURE')).filter((r) => r.user_id === s.userId);
    expect(rows.at(-1)?.details).toMatchObject({ reason: AUTH_TEXTS.sessionInvalid });
  });
});

describe('GET /v2/logout (more)', () => {
  it('works with a stale module header and audits LOGOUT', async () => {
    const userName = uniqueName('leaver');
    await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
    const s = await signIn(t, userName);
    const foreign = await addModule(t, uniqueName('Foreign'));
    const res = await call(t, s, { method: 'GET', url: '/web/v2/logout', moduleId: foreign });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_TEXTS.loggedOut });
    const rows = (await auditRows(t, 'LOGOUT')).filter((r) => r.user_id === s.userId);
    expect(rows).toHaveLength(1);
  });

  it('answers 401 when X-User-Id names another user', async () => {
    const s = await signIn(t, 'alice');
    const res = await call(t, s, { method: 'GET', url: '/web/v2/logout', headers: { 'x-user-id': '999999' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Access token does not belong to this user', code: 'UNAUTHENTICATED' }]);
  });
});
