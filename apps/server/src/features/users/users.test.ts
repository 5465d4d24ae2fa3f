import { toPagedQuery } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';

let t: TestApp;
let admin: Session;
let cardsModule: number;
let loansModule: number;

type Row = {
  id: number;
  userName: string;
  name: string;
  email: string | null;
  isActive: boolean;
  module: string[];
  rolesName: string[];
};
type Page = { draw: number; recordsTotal: number; recordsFiltered: number; data: Row[] };

// Columns the way the user table sends them; searches go in the same order.
const COLUMNS = ['userName', 'name', 'email', 'module', 'isActive'] as const;
type Column = (typeof COLUMNS)[number];

beforeAll(async () => {
  t = await createTestApp();
  cardsModule = await addModule(t, 'Cards Recon');
  loansModule = await addModule(t, 'Loans Recon');
  const deleted = await addModule(t, 'Retired Recon');
  await t.database.db.updateTable('module').set({ deleted_at: new Date() }).where('id', '=', deleted).execute();
  await addUser(t, { userName: 'users-admin', roles: ['ROLE_ADMIN'] });
  admin = await signIn(t, 'users-admin');
  const people = [
    ['zz-ana', 'Ana', 'Lima', 'ana@bank.test', [cardsModule, deleted], true],
    ['zz-ben', 'Ben', 'Okafor', 'ben@bank.test', [loansModule], true],
    ['zz-cara', 'Cara', 'Lima', null, [cardsModule, loansModule], false],
    ['zz-dev', 'Dev', 'Rao', 'dev_100%@bank.test', [], true],
  ] as const;
  for (const [userName, firstName, lastName, email, moduleIds, isActive] of people) {
    await addUser(t, { userName, firstName, lastName, email, roles: ['ROLE_OPERATOR'], moduleIds, isActive });
  }
});
afterAll(() => t.close());

/** The DataTables query of the user table, restricted to this file's `zz-` users unless told otherwise. */
function listQuery(
  p: { start?: number; length?: number; draw?: number; order?: { column: number; dir: 'asc' | 'desc' }[] },
  search: Partial<Record<Column, string>> = {},
) {
  const withPrefix = { userName: 'zz-', ...search };
  return toPagedQuery({
    start: p.start ?? 0,
    length: p.length ?? 100,
    draw: p.draw,
    columns: COLUMNS.map((data) => ({ data, searchValue: withPrefix[data] ?? '' })),
    order: p.order ?? [{ column: 0, dir: 'asc' }],
  });
}

async function list(s: Session, query: Record<string, string | number>): Promise<Page> {
  const res = await call(t, s, { method: 'GET', url: '/web/v2/appusers', query: query as Record<string, string> });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const names = (page: Page) => page.data.map((r) => r.userName);

describe('GET v2/appusers', () => {
  it('answers a DataTables page of users with their modules and roles', async () => {
    const page = await list(admin, listQuery({ draw: 3 }));
    const totalUsers = await t.database.db
      .selectFrom('app_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(page.draw).toBe(3);
    expect(page.recordsTotal).toBe(Number(totalUsers.n));
    expect(page.recordsFiltered).toBe(4);
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      userName: 'zz-ana',
      name: 'Ana Lima',
      email: 'ana@bank.test',
      isActive: true,
      isLocked: false,
      hasAuthenticator: false,
      module: ['Cards Recon'],
      rolesName: ['ROLE_OPERATOR'],
    });
  });

  it('pages with start and length', async () => {
    const page = await list(admin, listQuery({ start: 1, length: 2 }));
    expect(names(page)).toEqual(['zz-ben', 'zz-cara']);
    expect(page.recordsFiltered).toBe(4);
  });

  it('orders by the requested column and direction', async () => {
    expect(names(await list(admin, listQuery({ order: [{ column: 0, dir: 'desc' }] })))).toEqual([
      'zz-dev',
      'zz-cara',
      'zz-ben',
      'zz-ana',
    ]);
    const byName = await list(admin, listQuery({ order: [{ column: 1, dir: 'desc' }] }));
    expect(byName.data.map((r) => r.name)).toEqual(['Dev Rao', 'Cara Lima', 'Ben Okafor', 'Ana Lima']);
  });

  it.each([
    ['name', 'lima', ['zz-ana', 'zz-cara']],
    ['name', 'BEN OK', ['zz-ben']],
    ['email', 'BEN@', ['zz-ben']],
    ['module', 'loans', ['zz-ben', 'zz-cara']],
    ['module', 'retired', []],
    ['isActive', 'false', ['zz-cara']],
    ['isActive', 'true', ['zz-ana', 'zz-ben', 'zz-dev']],
  ] as const)('filters on %s containing "%s"', async (column, value, expected) => {
    const page = await list(admin, listQuery({}, { [column]: value }));
    expect(names(page)).toEqual(expected);
    expect(page.recordsFiltered).toBe(expected.length);
  });

  it('combines column filters', async () => {
    expect(names(await list(admin, listQuery({}, { module: 'cards', isActive: 'true' })))).toEqual(['zz-ana']);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect(names(await list(admin, listQuery({}, { email: '100%' })))).toEqual(['zz-dev']);
    expect(names(await list(admin, listQuery({}, { email: '_' })))).toEqual(['zz-dev']);
  });

  it('searches the id column as text instead of failing', async () => {
    const ana = (await list(admin, listQuery({}))).data[0];
    const query = { ...listQuery({}), 'columns[5][data]': 'id', 'columns[5][search][value]': String(ana?.id) };
    const page = await list(admin, query);
    expect(page.data.map((r) => r.id)).toContain(ana?.id);
  });

  it('ignores columns it does not know and columns marked not searchable', async () => {
    const query = {
      ...listQuery({}),
      'columns[5][data]': 'password_hash',
      'columns[5][search][value]': 'x',
      'columns[1][searchable]': 'false',
      'columns[1][search][value]': 'nobody-has-this-name',
    };
    expect(names(await list(admin, query))).toEqual(['zz-ana', 'zz-ben', 'zz-cara', 'zz-dev']);
  });

  it('lets a holder of createModule list users for the module form', async () => {
    await addUser(t, { userName: 'users-manager', roles: ['ROLE_MANAGER'] });
    const manager = await signIn(t, 'users-manager');
    expect((await list(manager, listQuery({}))).recordsFiltered).toBe(4);
  });

  it('answers 403 and audits ACCESS_DENIED for an operator', async () => {
    await addUser(t, { userName: 'users-operator', roles: ['ROLE_OPERATOR'] });
    const operator = await signIn(t, 'users-operator');
    const res = await call(t, operator, { method: 'GET', url: '/web/v2/appusers' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual([{ message: 'You do not have permission to perform this action', code: 'FORBIDDEN' }]);
    const denied = (await auditRows(t, 'ACCESS_DENIED')).filter((r) => r.user_id === operator.userId);
    expect(denied[0]?.details).toMatchObject({
      route: '/web/v2/appusers',
      rule: { anyOf: ['users', 'modules', 'createModule'] },
    });
  });

  it('answers 400 for a page length beyond 2000', async () => {
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/appusers?length=2001' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('length');
  });

  it('works with a stale module header', async () => {
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/appusers', moduleId: cardsModule });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web/v2/appusers' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Authentication required', code: 'UNAUTHENTICATED' }]);
  });
});
