import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/config.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';

// Probe routes on the real app, one per module mode: no spec-1 route is module-scoped yet (they all manage the
// shell), so these are how the guard's module rules are exercised through buildApp.
const PROBE = '/web/v2/test-probe';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        for (const mode of ['required', 'optional', 'ignore'] as const) {
          app.get(`${PROBE}/${mode}`, { config: { module: mode } }, async (req) => ({ moduleId: req.moduleId }));
        }
        app.get(`${PROBE}/users-only`, { config: { privilege: { code: 'users' } } }, async () => ({ ok: true }));
      },
    },
  );
  await addUser(t, { userName: 'guard-admin', roles: ['ROLE_ADMIN'] });
  admin = await signIn(t, 'guard-admin');
});
afterAll(() => t.close());

/** A fresh operator assigned to a fresh module, signed in. */
async function memberOfNewModule(): Promise<{ session: Session; moduleId: number }> {
  const moduleId = await addModule(t, uniqueName('Guard module'));
  const userName = uniqueName('member');
  await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
  return { session: await signIn(t, userName), moduleId };
}

const MODULE_FORBIDDEN = [{ message: 'You are not assigned to this module', code: 'MODULE_FORBIDDEN' }];

describe('module header (X-Module-Id)', () => {
  it('passes the module id to the route when the caller is assigned to it', async () => {
    const { session, moduleId } = await memberOfNewModule();
    for (const mode of ['required', 'optional']) {
      const res = await call(t, session, { method: 'GET', url: `${PROBE}/${mode}`, moduleId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ moduleId });
    }
  });

  it('answers 403 MODULE_FORBIDDEN and audits ACCESS_DENIED when the caller is not assigned to the module', async () => {
    const { session } = await memberOfNewModule();
    const other = await addModule(t, uniqueName('Not mine'));
    for (const mode of ['required', 'optional']) {
      const res = await call(t, session, { method: 'GET', url: `${PROBE}/${mode}`, moduleId: other });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(MODULE_FORBIDDEN);
    }
    const denied = (await auditRows(t, 'ACCESS_DENIED')).filter((r) => r.user_id === session.userId);
    expect(denied).toHaveLength(2);
    expect(denied[0]).toMatchObject({ outcome: 'FAILURE', details: { module: String(other) } });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999'])('answers 403 when the module header is %s', async (header) => {
    const { session } = await memberOfNewModule();
    const res = await call(t, session, { method: 'GET', url: `${PROBE}/optional`, moduleId: header });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(MODULE_FORBIDDEN);
  });

  it('asks for a product when a module-scoped route gets no module header', async () => {
    const { session } = await memberOfNewModule();
    const res = await call(t, session, { method: 'GET', url: `${PROBE}/required` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'X-Module-Id header is required',
      errors: [{ field: 'X-Module-Id', defaultMessage: 'Please select a product!' }],
    });
  });

  it('lets an optional route through without a module header', async () => {
    const { session } = await memberOfNewModule();
    const res = await call(t, session, { method: 'GET', url: `${PROBE}/optional` });
    expect(res.json()).toEqual({ moduleId: null });
  });

  it('ignores a stale module header on a route that does not look at modules', async () => {
    const { session } = await memberOfNewModule();
    const other = await addModule(t, uniqueName('Stale'));
    const res = await call(t, session, { method: 'GET', url: `${PROBE}/ignore`, moduleId: other });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ moduleId: null });
  });

  it('refuses a deleted module at once, for its former members too', async () => {
    const { session, moduleId } = await memberOfNewModule();
    expect((await call(t, session, { method: 'GET', url: `${PROBE}/required`, moduleId })).statusCode).toBe(200);
    const del = await call(t, admin, { method: 'DELETE', url: `/web/v2/modules/${moduleId}` });
    expect(del.statusCode).toBe(200);
    const res = await call(t, session, { method: 'GET', url: `${PROBE}/required`, moduleId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(MODULE_FORBIDDEN);
  });

  it('refuses a module at once after its user is removed from it', async () => {
    const { session, moduleId } = await memberOfNewModule();
    expect((await call(t, session, { method: 'GET', url: `${PROBE}/required`, moduleId })).statusCode).toBe(200);
    const removed = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/modules/${moduleId}/removeUsers`,
      payload: [session.userId],
    });
    expect(removed.statusCode).toBe(200);
    const res = await call(t, session, { method: 'GET', url: `${PROBE}/required`, moduleId });
    expect(res.json()).toEqual(MODULE_FORBIDDEN);
  });

  it('refuses a module that is no longer ACTIVE, as the assigned-module list no longer offers it', async () => {
    const { session, moduleId } = await memberOfNewModule();
    const name = (await call(t, admin, { method: 'GET', url: `/web/v2/modules/${moduleId}` })).json().name;
    const put = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/modules/${moduleId}`,
      payload: { name, status: 'INACTIVE' },
    });
    expect(put.statusCode).toBe(200);
    const res = await call(t, session, { method: 'GET', url: `${PROBE}/required`, moduleId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(MODULE_FORBIDDEN);
  });
});

describe('privilege rule of a route', () => {
  it('answers 403 FORBIDDEN and audits ACCESS_DENIED when the caller lacks the privilege', async () => {
    const { session } = await memberOfNewModule();
    const res = await call(t, session, { method: 'GET', url: `${PROBE}/users-only` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual([{ message: 'You do not have permission to perform this action', code: 'FORBIDDEN' }]);
    const denied = (await auditRows(t, 'ACCESS_DENIED')).filter((r) => r.user_id === session.userId);
    expect(denied).toHaveLength(1);
    expect(denied[0]?.details).toMatchObject({ route: `${PROBE}/users-only`, method: 'GET', rule: { code: 'users' } });
  });

  it('lets the caller through when a role grants the privilege', async () => {
    const res = await call(t, admin, { method: 'GET', url: `${PROBE}/users-only` });
    expect(res.statusCode).toBe(200);
  });
});

describe('access token', () => {
  const secretKey = new TextEncoder().encode(testConfig().jwtSecret);
  const token = (claims: { sub: string; un: string; sid: string }, expiresAt: number, key = secretKey) =>
    new SignJWT({ un: claims.un, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('recon-platform')
      .setAudience('recon-web')
      .setIssuedAt(expiresAt - 900)
      .setExpirationTime(expiresAt)
      .sign(key);
  const sessionIdOf = (jwt: string) =>
    JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()).sid as string;

  it('accepts a token made the way the server makes them (the crafted tokens below are otherwise valid)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = await token(
      { sub: String(admin.userId), un: admin.userName, sid: sessionIdOf(admin.authToken) },
      now + 60,
    );
    const res = await call(t, { ...admin, authToken: jwt }, { method: 'GET', url: `${PROBE}/optional` });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 TOKEN_EXPIRED when the token has expired', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const jwt = await token({ sub: String(admin.userId), un: admin.userName, sid: sessionIdOf(admin.authToken) }, past);
    const res = await call(t, { ...admin, authToken: jwt }, { method: 'GET', url: `${PROBE}/optional` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Access token expired', code: 'TOKEN_EXPIRED' }]);
  });

  it('answers 401 when the token is signed with another secret', async () => {
    const now = Math.floor(Date.now() / 1000);
    const otherKey = new TextEncoder().encode('another-secret-another-secret-another-secret');
    const jwt = await token(
      { sub: String(admin.userId), un: admin.userName, sid: sessionIdOf(admin.authToken) },
      now + 60,
      otherKey,
    );
    const res = await call(t, { ...admin, authToken: jwt }, { method: 'GET', url: `${PROBE}/optional` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Invalid access token', code: 'UNAUTHENTICATED' }]);
  });

  it('answers 401 when the token has been tampered with', async () => {
    const [header, payload, signature] = admin.authToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const otherUserId = admin.userId + 1;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(otherUserId) })).toString('base64url');
    const res = await call(
      t,
      { ...admin, userId: otherUserId, authToken: `${header}.${forged}.${signature}` },
      { method: 'GET', url: `${PROBE}/optional` },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Invalid access token', code: 'UNAUTHENTICATED' }]);
  });

  it('answers 401 when X-User-Id names another user than the token', async () => {
    const res = await call(t, admin, {
      method: 'GET',
      url: `${PROBE}/optional`,
      headers: { 'x-user-id': String(admin.userId + 1000) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Access token does not belong to this user', code: 'UNAUTHENTICATED' }]);
  });

  it('answers 401 when the authorization header is not a bearer token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${PROBE}/optional`,
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Authentication required', code: 'UNAUTHENTICATED' }]);
  });

  it('answers 401 when the token names a session that does not exist', async () => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = await token(
      { sub: String(admin.userId), un: admin.userName, sid: '00000000-0000-4000-8000-000000000000' },
      now + 60,
    );
    const res = await call(t, { ...admin, authToken: jwt }, { method: 'GET', url: `${PROBE}/optional` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Session has ended', code: 'UNAUTHENTICATED' }]);
  });
});
