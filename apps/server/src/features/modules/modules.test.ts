import { MODULE_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, invalidBody } from '@/testing/error-bodies.ts';
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

let t: TestApp;
let admin: Session;
let manager: Session;
let operator: Session;

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, { userName: 'mod-admin', roles: ['ROLE_ADMIN'] });
  await addUser(t, { userName: 'mod-manager', roles: ['ROLE_MANAGER'] });
  await addUser(t, { userName: 'mod-operator', roles: ['ROLE_OPERATOR'] });
  admin = await signIn(t, 'mod-admin');
  manager = await signIn(t, 'mod-manager');
  operator = await signIn(t, 'mod-operator');
});
afterAll(() => t.close());

type ModuleRow = { id: number; name: string; status: string };

/** A new signed-in operator assigned to the given modules. */
async function member(moduleIds: number[]): Promise<Session> {
  const userName = uniqueName('member');
  await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds });
  return signIn(t, userName);
}

const assigned = async (s: Session, query = '') => {
  const res = await call(t, s, { method: 'GET', url: `/web/v2/modules?Find=AllAssigned${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { draw: number; recordsTotal: number; recordsFiltered: number; data: ModuleRow[] };
};
const setStatus = (id: number, status: string) =>
  t.database.db.updateTable('module').set({ status }).where('id', '=', id).execute();
const deniedFor = async (s: Session) => (await auditRows(t, 'ACCESS_DENIED')).filter((r) => r.user_id === s.userId);

describe('GET /v2/modules?Find=AllAssigned', () => {
  it("answers only the caller's ACTIVE, live modules, by name, as a DataTables page", async () => {
    const active = await addModule(t, uniqueName('Active'));
    const inactive = await addModule(t, uniqueName('Inactive'));
    const pending = await addModule(t, uniqueName('Pending'));
    const deleted = await addModule(t, uniqueName('Deleted'));
    await addModule(t, uniqueName('Not assigned'));
    await setStatus(inactive, 'INACTIVE');
    await setStatus(pending, 'APPROVAL_PENDING');
    await t.database.db.updateTable('module').set({ deleted_at: new Date() }).where('id', '=', deleted).execute();
    const s = await member([active, inactive, pending, deleted]);
    const page = await assigned(s, '&start=0&length=100&draw=7');
    expect(page).toEqual({
      draw: 7,
      recordsTotal: 1,
      recordsFiltered: 1,
      data: [{ id: active, name: expect.stringMatching(/^Active-/), status: 'ACTIVE' }],
    });
  });

  it('pages with start and length and counts every assigned module', async () => {
    const ids = [];
    for (const n of ['Page C', 'Page A', 'Page B']) ids.push(await addModule(t, uniqueName(n)));
    const s = await member(ids);
    const page = await assigned(s, '&start=1&length=1');
    expect(page.recordsTotal).toBe(3);
    expect(page.data.map((m) => m.name)).toEqual([expect.stringMatching(/^Page B-/)]);
    expect((await assigned(s, '&start=3&length=1')).data).toEqual([]);
  });

  it('answers an empty page to a user with no module', async () => {
    const s = await member([]);
    expect(await assigned(s)).toEqual({ draw: 0, recordsTotal: 0, recordsFiltered: 0, data: [] });
  });

  it('works with a stale module header', async () => {
    const mine = await addModule(t, uniqueName('Mine'));
    const other = await addModule(t, uniqueName('Other'));
    const s = await member([mine]);
    const res = await call(t, s, { method: 'GET', url: '/web/v2/modules?Find=AllAssigned', moduleId: other });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: ModuleRow) => m.id)).toEqual([mine]);
  });

  it('answers 400 to an unknown Find value', async () => {
    const res = await call(t, operator, { method: 'GET', url: '/web/v2/modules?Find=Everything' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('Find');
  });
});

describe('GET /v2/modules', () => {
  it('answers every live module, whatever its status, to a holder of the modules privilege', async () => {
    const inactive = await addModule(t, uniqueName('Listed inactive'));
    await setStatus(inactive, 'INACTIVE');
    const deleted = await addModule(t, uniqueName('Listed deleted'));
    await t.database.db.updateTable('module').set({ deleted_at: new Date() }).where('id', '=', deleted).execute();
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/modules' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as ModuleRow[];
    expect(data).toContainEqual(expect.objectContaining({ id: inactive, status: 'INACTIVE' }));
    expect(data.map((m) => m.id)).not.toContain(deleted);
    expect(Object.keys(res.json())).toEqual(['data']);
  });

  it.each([
    ['an operator', () => operator],
    ['a manager (createModule only)', () => manager],
  ])('answers 403 and audits ACCESS_DENIED for %s', async (_label, who) => {
    const before = (await deniedFor(who())).length;
    const res = await call(t, who(), { method: 'GET', url: '/web/v2/modules' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN_BODY);
    expect((await deniedFor(who())).length).toBe(before + 1);
  });
});

describe('GET /v2/modules/{id}', () => {
  it('answers the module with its members', async () => {
    const id = await addModule(t, uniqueName('Detail'));
    const s = await member([id]);
    const res = await call(t, admin, { method: 'GET', url: `/web/v2/modules/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      name: expect.stringMatching(/^Detail-/),
      status: 'ACTIVE',
      rollbacksNeedApproval: false,
      bulkKnockOffNeedsApproval: false,
      userIds: [s.userId],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers 404 "Module not found" for an unknown id', async () => {
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/modules/987654' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([{ message: 'Module not found', code: 'NOT_FOUND' }]);
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/modules/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('id');
  });

  it('answers 403 without the modules privilege', async () => {
    const id = await addModule(t, uniqueName('Hidden'));
    const res = await call(t, operator, { method: 'GET', url: `/web/v2/modules/${id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN_BODY);
  });
});

describe('POST /v2/modules', () => {
  it('creates the module with its users and the creator, audits it, and offers it to its members', async () => {
    const s = await member([]);
    const name = uniqueName('Created');
    const res = await call(t, manager, {
      method: 'POST',
      url: '/web/v2/modules',
      payload: { name: `  ${name}  `, userIds: [s.userId, s.userId] },
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ name, status: 'ACTIVE' });
    expect([...created.userIds].sort((a: number, b: number) => a - b)).toEqual(
      [s.userId, manager.userId].sort((a, b) => a - b),
    );
    const audit = (await auditRows(t, 'MODULE_CREATED')).filter((r) => r.entity_id === String(created.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: manager.userId, details: { name, userIds: [s.userId] } });
    expect((await assigned(s)).data.map((m) => m.id)).toContain(created.id);
    expect((await assigned(manager)).data.map((m) => m.id)).toContain(created.id);
  });

  it.each([
    ['the name is missing', { userIds: [1] }, 'name', MODULE_TEXTS.nameRequired],
    ['the name is blank', { name: '   ', userIds: [1] }, 'name', MODULE_TEXTS.nameRequired],
    ['the user ids are missing', { name: 'No users' }, 'userIds', MODULE_TEXTS.usersRequired],
    ['the user ids are empty', { name: 'No users', userIds: [] }, 'userIds', MODULE_TEXTS.minOneUser],
    ['a user id is not a number', { name: 'Bad ids', userIds: ['a'] }, 'userIds.0', 'User ids must be numbers'],
    ['the name is too long', { name: 'x'.repeat(101), userIds: [1] }, 'name', 'Name must be at most 100 characters'],
  ])('answers the validation body when %s', async (_label, payload, field, message) => {
    const res = await call(t, manager, { method: 'POST', url: '/web/v2/modules', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody(field, message));
  });

  it('refuses a name already taken by a live module, whatever its case', async () => {
    const name = uniqueName('Taken');
    await addModule(t, name);
    const res = await call(t, manager, {
      method: 'POST',
      url: '/web/v2/modules',
      payload: { name: name.toUpperCase(), userIds: [operator.userId] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('name', MODULE_TEXTS.nameTaken));
  });

  it('refuses unknown user ids and creates nothing', async () => {
    const name = uniqueName('Ghost users');
    const res = await call(t, manager, {
      method: 'POST',
      url: '/web/v2/modules',
      payload: { name, userIds: [operator.userId, 987_654] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('userIds', 'Unknown user ids: 987654'));
    const row = await t.database.db.selectFrom('module').select('id').where('name', '=', name).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('answers 403 and audits ACCESS_DENIED without the createModule privilege', async () => {
    const before = (await deniedFor(operator)).length;
    const res = await call(t, operator, {
      method: 'POST',
      url: '/web/v2/modules',
      payload: { name: uniqueName('Not allowed'), userIds: [operator.userId] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN_BODY);
    expect((await deniedFor(operator)).length).toBe(before + 1);
  });

  it('works with a stale module header', async () => {
    const foreign = await addModule(t, uniqueName('Foreign'));
    const res = await call(t, manager, {
      method: 'POST',
      url: '/web/v2/modules',
      payload: { name: uniqueName('Stale header'), userIds: [manager.userId] },
      moduleId: foreign,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('PUT /v2/modules/{id}', () => {
  it('renames the module and changes its status, and audits before and after', async () => {
    const id = await addModule(t, uniqueName('Before'));
    const name = uniqueName('After');
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/modules/${id}`,
      payload: { id, name, status: 'APPROVAL_PENDING' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name, status: 'APPROVAL_PENDING' });
    const audit = (await auditRows(t, 'MODULE_UPDATED')).filter((r) => r.entity_id === String(id));
    expect(audit[0]?.details).toEqual({
      before: {
        name: expect.stringMatching(/^Before-/),
        status: 'ACTIVE',
        rollbacksNeedApproval: false,
        bulkKnockOffNeedsApproval: false,
      },
      after: { name, status: 'APPROVAL_PENDING', rollbacksNeedApproval: false, bulkKnockOffNeedsApproval: false },
    });
  });

  it('keeps the status when only the name is sent, and accepts its own name in another case', async () => {
    const name = uniqueName('Same');
    const id = await addModule(t, name);
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/modules/${id}`,
      payload: { name: name.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: name.toUpperCase(), status: 'ACTIVE' });
  });

  it("refuses another module's name", async () => {
    const taken = uniqueName('Taken by other');
    await addModule(t, taken);
    const id = await addModule(t, uniqueName('Renamed'));
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/modules/${id}`,
      payload: { name: taken.toLowerCase() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('name', MODULE_TEXTS.nameTaken));
  });

  it("removes an INACTIVE module from its members' assigned list", async () => {
    const id = await addModule(t, uniqueName('Deactivated'));
    const s = await member([id]);
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/modules/${id}`,
      payload: { name: uniqueName('Deactivated'), status: 'INACTIVE' },
    });
    expect(res.statusCode).toBe(200);
    expect((await assigned(s)).data).toEqual([]);
  });

  it.each([
    ['the name is missing', { status: 'ACTIVE' }, 'name', MODULE_TEXTS.nameRequired],
    ['the status is unknown', { name: 'Odd status', status: 'ARCHIVED' }, 'status', undefined],
  ])('answers 400 when %s', async (_label, payload, field, message) => {
    const id = await addModule(t, uniqueName('Validated'));
    const res = await call(t, admin, { method: 'PUT', url: `/web/v2/modules/${id}`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
    if (message) expect(res.json()).toEqual(invalidBody(field, message));
  });

  it('answers 404 for an unknown module', async () => {
    const res = await call(t, admin, { method: 'PUT', url: '/web/v2/modules/987654', payload: { name: 'Nope' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([{ message: 'Module not found', code: 'NOT_FOUND' }]);
  });

  it('answers 403 without the modules privilege', async () => {
    const id = await addModule(t, uniqueName('Guarded'));
    const res = await call(t, manager, { method: 'PUT', url: `/web/v2/modules/${id}`, payload: { name: 'Hijack' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN_BODY);
  });
});

describe('DELETE /v2/modules/{id}', () => {
  it('removes the module from every list, frees its name, keeps the row, and audits it', async () => {
    const name = uniqueName('Doomed');
    const id = await addModule(t, name);
    const s = await member([id]);
    expect((await assigned(s)).data.map((m) => m.id)).toEqual([id]);

    const res = await call(t, admin, { method: 'DELETE', url: `/web/v2/modules/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Module deleted successfully' });

    expect((await assigned(s)).data).toEqual([]);
    const all = (await call(t, admin, { method: 'GET', url: '/web/v2/modules' })).json().data as ModuleRow[];
    expect(all.map((m) => m.id)).not.toContain(id);
    expect((await call(t, admin, { method: 'GET', url: `/web/v2/modules/${id}` })).statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('module')
      .select(['deleted_at', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(row.status).toBe('INACTIVE');
    const reuse = await call(t, manager, {
      method: 'POST',
      url: '/web/v2/modules',
      payload: { name, userIds: [s.userId] },
    });
    expect(reuse.statusCode).toBe(200);
    const audit = (await auditRows(t, 'MODULE_DELETED')).filter((r) => r.entity_id === String(id));
    expect(audit[0]).toMatchObject({ user_id: admin.userId, details: { name, userIds: [s.userId] } });
  });

  it('answers 404 for an unknown or already deleted module', async () => {
    const id = await addModule(t, uniqueName('Twice'));
    expect((await call(t, admin, { method: 'DELETE', url: `/web/v2/modules/${id}` })).statusCode).toBe(200);
    for (const target of [id, 987_654]) {
      const res = await call(t, admin, { method: 'DELETE', url: `/web/v2/modules/${target}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual([{ message: 'Module not found', code: 'NOT_FOUND' }]);
    }
  });

  it('answers 403 without the modules privilege and keeps the module', async () => {
    const id = await addModule(t, uniqueName('Kept'));
    const res = await call(t, manager, { method: 'DELETE', url: `/web/v2/modules/${id}` });
    expect(res.statusCode).toBe(403);
    expect((await call(t, admin, { method: 'GET', url: `/web/v2/modules/${id}` })).statusCode).toBe(200);
  });
});

describe('PUT /v2/modules/{id}/addUsers and /removeUsers', () => {
  it.each([
    ['a bare list', (ids: number[]) => ids],
    ['{ userIds }', (ids: number[]) => ({ userIds: ids })],
  ])('adds and removes users given as %s, and audits both', async (_label, body) => {
    const id = await addModule(t, uniqueName('Members'));
    const s = await member([]);
    const added = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/modules/${id}/addUsers`,
      payload: body([s.userId]),
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().userIds).toEqual([s.userId]);
    expect((await assigned(s)).data.map((m) => m.id)).toEqual([id]);

    const removed = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/modules/${id}/removeUsers`,
      payload: body([s.userId]),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().userIds).toEqual([]);
    expect((await assigned(s)).data).toEqual([]);

    const adds = (await auditRows(t, 'MODULE_USERS_ADDED')).filter((r) => r.entity_id === String(id));
    const removes = (await auditRows(t, 'MODULE_USERS_REMOVED')).filter((r) => r.entity_id === String(id));
    expect(adds.map((r) => r.details)).toEqual([{ userIds: [s.userId] }]);
    expect(removes.map((r) => r.details)).toEqual([{ userIds: [s.userId] }]);
  });

  it('adds a user who is already a member without error or duplicate', async () => {
    const id = await addModule(t, uniqueName('Idempotent'));
    const s = await member([id]);
    const res = await call(t, admin, { method: 'PUT', url: `/web/v2/modules/${id}/addUsers`, payload: [s.userId] });
    expect(res.statusCode).toBe(200);
    expect(res.json().userIds).toEqual([s.userId]);
  });

  it.each(['addUsers', 'removeUsers'])('%s refuses unknown user ids', async (op) => {
    const id = await addModule(t, uniqueName('Unknown users'));
    const res = await call(t, admin, { method: 'PUT', url: `/web/v2/modules/${id}/${op}`, payload: [987_654] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('userIds', 'Unknown user ids: 987654'));
  });

  it.each(['addUsers', 'removeUsers'])('%s answers "Minimum 1 User is required" for an empty list', async (op) => {
    const id = await addModule(t, uniqueName('Empty list'));
    for (const payload of [[], { userIds: [] }]) {
      const res = await call(t, admin, { method: 'PUT', url: `/web/v2/modules/${id}/${op}`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MODULE_TEXTS.minOneUser);
    }
  });

  it.each(['addUsers', 'removeUsers'])('%s answers 404 for an unknown module', async (op) => {
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/modules/987654/${op}`,
      payload: [operator.userId],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([{ message: 'Module not found', code: 'NOT_FOUND' }]);
  });

  it.each(['addUsers', 'removeUsers'])('%s answers 403 without the modules privilege', async (op) => {
    const id = await addModule(t, uniqueName('No privilege'));
    const res = await call(t, manager, {
      method: 'PUT',
      url: `/web/v2/modules/${id}/${op}`,
      payload: [manager.userId],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN_BODY);
  });
});

describe('module routes without a token', () => {
  it.each([
    ['GET', '/web/v2/modules?Find=AllAssigned'],
    ['GET', '/web/v2/modules'],
    ['POST', '/web/v2/modules'],
    ['GET', '/web/v2/modules/1'],
    ['PUT', '/web/v2/modules/1'],
    ['DELETE', '/web/v2/modules/1'],
    ['PUT', '/web/v2/modules/1/addUsers'],
    ['PUT', '/web/v2/modules/1/removeUsers'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Authentication required', code: 'UNAUTHENTICATED' }]);
  });
});
