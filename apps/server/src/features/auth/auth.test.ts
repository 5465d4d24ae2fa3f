import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModule, addUser, call, createTestApp, signIn, TEST_PASSWORD, type TestApp } from '@/testing/test-app.ts';
import { AUTH_TEXTS } from './auth.service.ts';

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

    // Replaying the rotated token: the whole family dies, including the newest pair.
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
