import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@/app.ts';
import {
  addModule,
  addUser,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';

/**
 * The specification's call list (spec document, method, path, query discriminator), copied into the repository
 * from the shared specification so a bare clone tests against it: packages/contract/spec/calls.json.
 */
const CALLS_FILE = fileURLToPath(new URL('../../../packages/contract/spec/calls.json', import.meta.url));
/** Spec documents whose calls the server must serve. Widen as areas land (2: operations, 3: tickets…). */
const SPECS_SERVED: ReadonlySet<number> = new Set([1]);
/** Calls of a spec not yet served whole whose area has landed, by path (the path itself or below it). */
const PATHS_SERVED: readonly string[] = ['/v2/rules', '/v2/rulegroups'];
const isServed = (c: SpecCall) =>
  SPECS_SERVED.has(c.spec) || PATHS_SERVED.some((p) => c.path === p || c.path.startsWith(`${p}/`));

type SpecCall = { spec: number; method: string; path: string; query: string | null };
type OpenApiParameter = { in: string; name: string; description?: string; schema?: Record<string, unknown> };
type OpenApiOperation = {
  description?: string;
  summary?: string;
  parameters?: OpenApiParameter[];
  security?: unknown[];
};
type OpenApiDoc = { paths: Record<string, Record<string, OpenApiOperation>> };

function readSpecCalls(): SpecCall[] {
  if (!existsSync(CALLS_FILE)) throw new Error(`The spec's call list is missing: expected ${CALLS_FILE}`);
  return (JSON.parse(readFileSync(CALLS_FILE, 'utf8')) as SpecCall[]).filter(isServed);
}

/** Every literal a JSON schema allows (enum, const), looking through anyOf / oneOf / allOf. */
function allowedLiterals(schema: unknown): unknown[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const own = [...(Array.isArray(s.enum) ? s.enum : []), ...('const' in s ? [s.const] : [])];
  const nested = ['anyOf', 'oneOf', 'allOf'].flatMap((k) =>
    Array.isArray(s[k]) ? (s[k] as unknown[]).flatMap(allowedLiterals) : [],
  );
  return [...own, ...nested];
}

/** A query discriminator `Name=Value` is documented by the parameter's enum/const or a description. */
function documentsDiscriminator(op: OpenApiOperation, discriminator: string): boolean {
  const [name = '', value = ''] = discriminator.split('=');
  const param = (op.parameters ?? []).find((p) => p.in === 'query' && p.name === name);
  if (param && allowedLiterals(param.schema).includes(value)) return true;
  if (param?.description?.includes(value)) return true;
  return (op.description ?? '').includes(discriminator);
}

/** `/v2/modules/{id}` with a concrete id, so a call reaches the route. */
const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, '1');

let t: TestApp;
let doc: OpenApiDoc;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

describe('GET /web/docs/json', () => {
  it('is served without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('openapi', '3.1.0');
  });

  it('documents every call of the served specs at its exact path and method', () => {
    const calls = readSpecCalls();
    expect(calls.length).toBeGreaterThan(0);
    const missing = calls
      .filter((c) => !doc.paths[`${API_PREFIX}${c.path}`]?.[c.method.toLowerCase()])
      .map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('documents every query discriminator of the served specs on its operation', () => {
    const withQuery = readSpecCalls().filter((c) => c.query);
    expect(withQuery.map((c) => c.query)).toEqual(
      expect.arrayContaining(['Find=AllAssigned', 'Find=ByRole', 'Operation=UpdatePrivilege']),
    );
    const undocumented = withQuery
      .filter((c) => {
        const op = doc.paths[`${API_PREFIX}${c.path}`]?.[c.method.toLowerCase()];
        return !op || !(c.query ?? '').split('&').every((d) => documentsDiscriminator(op, d));
      })
      .map((c) => `${c.method} ${c.path}?${c.query}`);
    expect(undocumented).toEqual([]);
  });

  it('answers 401 without a token on every documented operation that is not public', async () => {
    const guarded = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !(Array.isArray(op.security) && op.security.length === 0))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    expect(guarded.length).toBeGreaterThan(10);
    const statuses = await Promise.all(
      guarded.map(async ({ method, path }) => {
        const res = await t.app.inject({ method: method as 'GET', url: concretePath(path) });
        return { call: `${method} ${path}`, status: res.statusCode, code: res.json()[0]?.code };
      }),
    );
    expect(statuses.filter((s) => s.status !== 401 || s.code !== 'UNAUTHENTICATED')).toEqual([]);
  });

  it('never answers 401 on the operations it documents as public', async () => {
    const open = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => Array.isArray(op.security) && op.security.length === 0)
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    expect(open.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(['POST /web/v2/login', 'GET /web/v2/login-methods', 'GET /web/v2/user-department']),
    );
    for (const { method, path } of open) {
      const res = await t.app.inject({ method: method as 'GET', url: concretePath(path), payload: {} });
      expect(res.statusCode, `${method} ${path}`).not.toBe(401);
    }
  });
});

describe('malformed text input', () => {
  it.each([
    ['POST', '/web/v2/login', { userName: 'a\u0000b', password: 'x' }],
    ['POST', '/web/v2/forgotPassword', { userName: 'a\u0000b' }],
    ['POST', '/web/v2/modules', { name: 'a\u0000b', userIds: [1] }],
    ['GET', '/web/v2/auditlogs?userName=a%00b', undefined],
    ['GET', '/web/v2/appusers?columns[0][data]=name&columns[0][search][value]=a%00b', undefined],
    ['GET', '/web/v2/roles/byRole/a%00b', undefined],
  ] as const)('%s %s answers 400, not 500, when a text contains a NUL character', async (method, url, payload) => {
    const adminName = uniqueName('nul-admin');
    await addUser(t, { userName: adminName, roles: ['ROLE_ADMIN'] });
    const admin = await signIn(t, adminName);
    const res = await call(t, admin, { method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request contains characters that are not allowed',
      errors: [{ field: 'body', defaultMessage: 'The request contains characters that are not allowed' }],
    });
  });
});

describe('response allow-lists', () => {
  const SECRET_FIELD = /password_?hash|token_?hash|code_?hash|temp_?token_?hash|\$argon2/i;

  it('never carries a password hash or a token hash in any body of a typical session', async () => {
    const moduleId = await addModule(t, uniqueName('Allow list'));
    const adminName = uniqueName('admin');
    await addUser(t, { userName: adminName, roles: ['ROLE_ADMIN'], moduleIds: [moduleId], email: 'a@x.test' });
    const loginRes = await t.app.inject({
      method: 'POST',
      url: '/web/v2/login',
      payload: { userName: adminName, password: 'Test@Pass2026' },
    });
    const admin: Session = { ...(await signIn(t, adminName)) };
    const bodies: string[] = [loginRes.body];
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/web/v2/refreshtoken',
      payload: { authToken: admin.authToken, refreshToken: admin.refreshToken, userName: adminName },
    });
    bodies.push(refreshed.body);
    const session = { ...admin, ...refreshed.json() } as Session;
    for (const url of [
      '/web/v2/modules?Find=AllAssigned',
      '/web/v2/modules',
      `/web/v2/modules/${moduleId}`,
      '/web/v2/privileges?Find=ByRole',
      '/web/v2/roles/byRole/ROLE_OPERATOR',
      '/web/v2/appusers?start=0&length=100',
      '/web/v2/globalsettings?Find=BySettingGroup&settingGroup=USER',
      '/web/v2/auditlogs?start=0&length=2000',
      '/web/v2/user-department',
    ]) {
      const res = await call(t, session, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      bodies.push(res.body);
    }
    const stored = await t.database.db
      .selectFrom('app_user')
      .select('password_hash')
      .where('password_hash', 'is not', null)
      .execute();
    const tokenHashes = await t.database.db.selectFrom('refresh_token').select('token_hash').execute();
    const secrets = [...stored.map((r) => r.password_hash ?? ''), ...tokenHashes.map((r) => r.token_hash)];
    expect(secrets.length).toBeGreaterThan(2);
    for (const body of bodies) {
      expect(body).not.toMatch(SECRET_FIELD);
      for (const secret of secrets) expect(body.includes(secret)).toBe(false);
    }
  });
});
