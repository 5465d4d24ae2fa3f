import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, call, createTestApp, type Session, signIn, TEST_PASSWORD, type TestApp } from '@/testing/test-app.ts';
import { AUTH_TEXTS } from './auth.service.ts';
import { failureDelayMs } from './login-throttle.ts';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  // The default limits: 10 per address, 50 for the name across every address.
  t = await createTestApp();
  await addUser(t, { userName: 'throttle.admin', roles: ['ROLE_ADMIN'] });
  admin = await signIn(t, 'throttle.admin');
});
afterAll(() => t.close());

const login = (userName: string, password: string, from = '198.51.100.1') =>
  t.app.inject({ method: 'POST', url: '/web/v2/login', remoteAddress: from, payload: { userName, password } });

/** Why each failed sign-in of the name failed, from the audit log: BAD_CREDENTIALS means the password was checked. */
async function failureReasons(userName: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select('details')
    .where('user_name', '=', userName)
    .where('event', '=', 'LOGIN_FAILURE')
    .execute();
  return rows.map((r) => String((r.details as { reason?: string }).reason));
}

const activation = (session: Session, body: Record<string, unknown>) =>
  call(t, session, { method: 'PUT', url: '/web/v2/appusers?Update=UserActivationManagement', payload: body });

describe('sign-in throttling', () => {
  it('checks at most ten of 100 parallel wrong passwords from one address; the rest are refused unchecked', async () => {
    await addUser(t, { userName: 'burst.target', roles: ['ROLE_OPERATOR'] });
    const answers = await Promise.all(Array.from({ length: 100 }, () => login('burst.target', 'wrong guess')));
    const reasons = await failureReasons('burst.target');
    const checked = reasons.filter((r) => r === 'BAD_CREDENTIALS').length;
    expect(checked).toBe(10);
    expect(reasons.filter((r) => r === 'LOCKED')).toHaveLength(90);
    expect(answers.filter((a) => a.json()[0]?.code === 'ACCOUNT_LOCKED')).toHaveLength(91);
    // The right password from the locked address is refused too…
    expect((await login('burst.target', TEST_PASSWORD)).json()[0].code).toBe('ACCOUNT_LOCKED');
    // …while the user, from their own address, still signs in: one guessing address locks only itself out.
    expect((await login('burst.target', TEST_PASSWORD, '203.0.113.20')).statusCode).toBe(200);
  });

  it('locks the name for every address once many addresses together reach the account limit', async () => {
    await addUser(t, { userName: 'spread.target', roles: ['ROLE_OPERATOR'] });
    // 50 wrong passwords from 10 addresses, 5 each: no address reaches its own limit.
    for (let address = 1; address <= 10; address++) {
      for (let i = 0; i < 5; i++) await login('spread.target', 'wrong guess', `192.0.2.${address}`);
    }
    const fresh = await login('spread.target', TEST_PASSWORD, '203.0.113.21');
    expect(fresh.json()).toEqual([{ message: AUTH_TEXTS.locked, code: 'ACCOUNT_LOCKED' }]);
    const locks = await t.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('user_name', '=', 'spread.target')
      .where('event', '=', 'ACCOUNT_LOCKED')
      .execute();
    expect(locks.map((l) => (l.details as { scope?: string }).scope)).toEqual(['ACCOUNT']);
  });

  it('lets an admin unlock a locked account, audited, after which the user signs in from the locked address', async () => {
    const userId = await addUser(t, { userName: 'unlock.me', roles: ['ROLE_OPERATOR'] });
    for (let i = 0; i < 10; i++) await login('unlock.me', 'wrong guess');
    expect((await login('unlock.me', TEST_PASSWORD)).json()[0].code).toBe('ACCOUNT_LOCKED');

    const res = await activation(admin, { id: userId, isActive: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: userId, userName: 'unlock.me', isActive: true, locksLifted: 2 });
    expect((await login('unlock.me', TEST_PASSWORD)).statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['user_name', 'entity_id', 'details'])
      .where('event', '=', 'USER_ENABLED')
      .where('entity_id', '=', String(userId))
      .execute();
    expect(audit).toEqual([
      { user_name: 'throttle.admin', entity_id: String(userId), details: { userName: 'unlock.me', locksLifted: 2 } },
    ]);
  });

  it('refuses the unlock to a user without the users privilege, and changes nothing', async () => {
    const userId = await addUser(t, { userName: 'still.locked', roles: ['ROLE_OPERATOR'] });
    await addUser(t, { userName: 'not.an.admin', roles: ['ROLE_OPERATOR'] });
    const operator = await signIn(t, 'not.an.admin');
    for (let i = 0; i < 10; i++) await login('still.locked', 'wrong guess');
    const res = await activation(operator, { id: userId, isActive: true });
    expect(res.statusCode).toBe(403);
    expect((await login('still.locked', TEST_PASSWORD)).json()[0].code).toBe('ACCOUNT_LOCKED');
  });

  it('disables a user: their session ends at once and sign-in is refused; an admin cannot disable themselves', async () => {
    const userId = await addUser(t, { userName: 'leaving.user', roles: ['ROLE_OPERATOR'] });
    const session = await signIn(t, 'leaving.user');
    expect((await call(t, session, { method: 'GET', url: '/web/v2/privileges?Find=ByRole' })).statusCode).toBe(200);

    expect((await activation(admin, { id: userId, isActive: false })).json()).toMatchObject({ isActive: false });
    expect((await call(t, session, { method: 'GET', url: '/web/v2/privileges?Find=ByRole' })).statusCode).toBe(401);
    expect((await login('leaving.user', TEST_PASSWORD)).json()[0].message).toBe(AUTH_TEXTS.disabled);

    const self = await activation(admin, { id: admin.userId, isActive: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot disable your own account');
    expect((await activation(admin, { id: 987_654, isActive: true })).statusCode).toBe(404);
  });

  it('delays refusals progressively after the third failure of an address, up to sixteen times the base', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((n) => failureDelayMs(250, n))).toEqual([
      0, 0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000,
    ]);
  });
});
