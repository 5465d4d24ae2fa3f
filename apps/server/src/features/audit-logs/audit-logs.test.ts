import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

let t: TestApp;
let manager: Session;
let operator: Session;

type Row = { id: number; occurredAt: string; event: string; outcome: string; userName: string | null };
type Page = { draw: number; recordsTotal: number; recordsFiltered: number; data: Row[] };

// Fixed rows of users no one else in this file is called, so filters have a known answer.
const HISTORY = [
  { user: 'al-user-1', event: 'LOGIN_SUCCESS', outcome: 'SUCCESS', at: '2026-01-10T10:00:00.000Z' },
  { user: 'al-user-1', event: 'LOGIN_FAILURE', outcome: 'FAILURE', at: '2026-01-11T10:00:00.000Z' },
  { user: 'al-user-2', event: 'LOGIN_FAILURE', outcome: 'FAILURE', at: '2026-01-12T10:00:00.000Z' },
  { user: 'al-user-2', event: 'LOGOUT', outcome: 'SUCCESS', at: '2026-01-12T18:00:00.000Z' },
  { user: 'AL-USER-3', event: 'MODULE_CREATED', outcome: 'SUCCESS', at: '2026-01-13T09:00:00.000Z' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, { userName: 'audit-manager', roles: ['ROLE_MANAGER'] });
  await addUser(t, { userName: 'audit-operator', roles: ['ROLE_OPERATOR'] });
  manager = await signIn(t, 'audit-manager');
  operator = await signIn(t, 'audit-operator');
  await t.database.db
    .insertInto('audit_log')
    .values(
      HISTORY.map((h) => ({
        event: h.event,
        outcome: h.outcome,
        user_name: h.user,
        occurred_at: new Date(h.at),
        details: JSON.stringify({ note: h.event }),
      })),
    )
    .execute();
});
afterAll(() => t.close());

async function logs(query: Record<string, string>, s: Session = manager): Promise<Page> {
  const res = await call(t, s, { method: 'GET', url: '/web/v2/auditlogs', query });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const summary = (page: Page) => page.data.map((r) => `${r.userName} ${r.event}`);

describe('GET v2/auditlogs', () => {
  it('answers the events newest first, as a DataTables page', async () => {
    const page = await logs({ userName: 'al-user', draw: '4', length: '100' });
    expect(page.draw).toBe(4);
    expect(page.recordsFiltered).toBe(5);
    expect(summary(page)).toEqual([
      'AL-USER-3 MODULE_CREATED',
      'al-user-2 LOGOUT',
      'al-user-2 LOGIN_FAILURE',
      'al-user-1 LOGIN_FAILURE',
      'al-user-1 LOGIN_SUCCESS',
    ]);
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      occurredAt: '2026-01-13T09:00:00.000Z',
      event: 'MODULE_CREATED',
      outcome: 'SUCCESS',
      userId: null,
      userName: 'AL-USER-3',
      moduleId: null,
      entityType: null,
      entityId: null,
      ip: null,
      requestId: null,
      details: { note: 'MODULE_CREATED' },
    });
  });

  it('counts every event in recordsTotal and the matching ones in recordsFiltered', async () => {
    const all = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const page = await logs({ userName: 'al-user', event: 'LOGIN_FAILURE' });
    expect(page.recordsFiltered).toBe(2);
    expect(page.recordsTotal).toBeGreaterThanOrEqual(Number(all.n));
  });

  it('pages with start and length', async () => {
    const page = await logs({ userName: 'al-user', start: '1', length: '2' });
    expect(summary(page)).toEqual(['al-user-2 LOGOUT', 'al-user-2 LOGIN_FAILURE']);
    expect(page.recordsFiltered).toBe(5);
  });

  it.each([
    [{ event: 'LOGIN_FAILURE' }, ['al-user-2 LOGIN_FAILURE', 'al-user-1 LOGIN_FAILURE']],
    [{ outcome: 'SUCCESS' }, ['AL-USER-3 MODULE_CREATED', 'al-user-2 LOGOUT', 'al-user-1 LOGIN_SUCCESS']],
    [{ userName: 'USER-2' }, ['al-user-2 LOGOUT', 'al-user-2 LOGIN_FAILURE']],
    [{ fromDate: '2026-01-12T00:00:00Z' }, ['AL-USER-3 MODULE_CREATED', 'al-user-2 LOGOUT', 'al-user-2 LOGIN_FAILURE']],
    [{ toDate: '2026-01-11T10:00:00Z' }, ['al-user-1 LOGIN_FAILURE', 'al-user-1 LOGIN_SUCCESS']],
    // A date-only toDate takes the whole day.
    [{ fromDate: '2026-01-12', toDate: '2026-01-12' }, ['al-user-2 LOGOUT', 'al-user-2 LOGIN_FAILURE']],
    [
      { fromDate: '2026-01-11T00:00:00Z', toDate: '2026-01-12T23:59:59Z', outcome: 'FAILURE' },
      ['al-user-2 LOGIN_FAILURE', 'al-user-1 LOGIN_FAILURE'],
    ],
  ])('filters with %j', async (filter, expected) => {
    const page = await logs({ userName: 'al-user', ...filter });
    expect(summary(page)).toEqual(expected);
  });

  it("names the user of a row written with the user's id only, and finds it by that name", async () => {
    const userId = await addUser(t, { userName: 'al-account-only', roles: ['ROLE_OPERATOR'] });
    await t.database.db
      .insertInto('audit_log')
      .values({ event: 'JOB_CREATED', outcome: 'SUCCESS', user_id: userId, details: JSON.stringify({}) })
      .execute();

    const page = await logs({ userName: 'al-account' });

    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ event: 'JOB_CREATED', userId, userName: 'al-account-only' });
  });

  it('treats % in the user name filter as a plain character', async () => {
    expect((await logs({ userName: '%' })).data).toEqual([]);
  });

  it.each(['fromDate', 'toDate'])('answers 400 when %s is not a date', async (field) => {
    const res = await call(t, manager, { method: 'GET', url: '/web/v2/auditlogs', query: { [field]: 'yesterday' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `${field} is not a valid date`,
      errors: [{ field, defaultMessage: `${field} is not a valid date` }],
    });
  });

  it('answers 400 for an unknown outcome', async () => {
    const res = await call(t, manager, { method: 'GET', url: '/web/v2/auditlogs', query: { outcome: 'MAYBE' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('outcome');
  });

  it('answers 403 to an operator and records the refusal, which a manager then finds', async () => {
    const res = await call(t, operator, { method: 'GET', url: '/web/v2/auditlogs' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual([{ message: 'You do not have permission to perform this action', code: 'FORBIDDEN' }]);
    const page = await logs({ event: 'ACCESS_DENIED', userName: 'audit-operator' });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      outcome: 'FAILURE',
      userId: operator.userId,
      details: { route: '/web/v2/auditlogs', rule: { code: 'auditLogs' } },
    });
  });

  it('works with a stale module header', async () => {
    const foreign = await addModule(t, 'Foreign audit module');
    const res = await call(t, manager, { method: 'GET', url: '/web/v2/auditlogs', moduleId: foreign });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web/v2/auditlogs' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Authentication required', code: 'UNAUTHENTICATED' }]);
  });
});
