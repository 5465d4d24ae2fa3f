import { PRIVILEGE_CODES } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_ROLES } from '@/seed/roles.ts';
import { FORBIDDEN_BODY } from '@/testing/error-bodies.ts';
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
let operator: Session;

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, { userName: 'roles-admin', roles: ['ROLE_ADMIN'] });
  await addUser(t, { userName: 'roles-operator', roles: ['ROLE_OPERATOR'] });
  admin = await signIn(t, 'roles-admin');
  operator = await signIn(t, 'roles-operator');
});
afterAll(() => t.close());

type PrivilegeEntry = { privilegeCode: string; version: string };

const byRole = async (s: Session) => {
  const res = await call(t, s, { method: 'GET', url: '/web/v2/privileges?Find=ByRole' });
  expect(res.statusCode).toBe(200);
  return (res.json().data as PrivilegeEntry[]).map((p) => p.privilegeCode);
};

/** A role of its own (grants are shared data; each test edits only its own role) with a signed-in holder. */
async function roleWithHolder(grants: string[] = []) {
  const roleName = `ROLE_TEST_${uniqueName('R').replace('-', '_')}`;
  const { id } = await t.database.db
    .insertInto('role')
    .values({ name: roleName })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (grants.length) {
    await t.database.db
      .insertInto('role_privilege')
      .values(grants.map((code) => ({ role_id: id, code, version: 'v2' })))
      .execute();
  }
  const userName = uniqueName('holder');
  await addUser(t, { userName, roles: [roleName] });
  return { roleName, holder: await signIn(t, userName) };
}

const update = (s: Session, payload: unknown, query = '?Operation=UpdatePrivilege') =>
  call(t, s, { method: 'POST', url: `/web/v2/roles${query}`, payload: payload as Record<string, unknown> });

describe('GET v2/privileges?Find=ByRole', () => {
  it("answers the operator's v2 codes, which include its seeded grants and not 'users'", async () => {
    const res = await call(t, operator, { method: 'GET', url: '/web/v2/privileges?Find=ByRole' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as PrivilegeEntry[];
    expect(data.every((p) => p.version === 'v2')).toBe(true);
    const codes = data.map((p) => p.privilegeCode);
    const seeded = SEEDED_ROLES.find((r) => r.name === 'ROLE_OPERATOR')?.grants ?? [];
    expect([...codes].sort()).toEqual([...new Set(seeded)].sort());
    expect(codes).not.toContain('users');
  });

  it('answers every code to an admin', async () => {
    expect((await byRole(admin)).sort()).toEqual([...PRIVILEGE_CODES].sort());
  });

  it('answers the union of the codes of every role the user holds', async () => {
    const a = await roleWithHolder(['ticket']);
    const b = await roleWithHolder(['brsReport']);
    const userName = uniqueName('two-roles');
    await addUser(t, { userName, roles: [a.roleName, b.roleName] });
    expect((await byRole(await signIn(t, userName))).sort()).toEqual(['brsReport', 'ticket']);
  });

  it('answers 400 without Find, or with another Find', async () => {
    for (const url of ['/web/v2/privileges', '/web/v2/privileges?Find=All']) {
      const res = await call(t, operator, { method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('Find');
    }
  });

  it('works with a stale module header', async () => {
    const foreign = await addModule(t, uniqueName('Foreign'));
    const res = await call(t, operator, { method: 'GET', url: '/web/v2/privileges?Find=ByRole', moduleId: foreign });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET v2/roles/byRole/{role}', () => {
  it('answers the role with every privilege of the catalogue and whether it is granted', async () => {
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/roles/byRole/ROLE_OPERATOR' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'ROLE_OPERATOR', displayName: 'Operator', isMaker: false, isChecker: false });
    const granted = body.privileges.filter((p: { isGranted: boolean }) => p.isGranted);
    expect(body.privileges).toHaveLength(PRIVILEGE_CODES.length);
    expect(granted.map((p: PrivilegeEntry) => p.privilegeCode).sort()).toEqual((await byRole(operator)).sort());
    expect(body.privileges[0]).toEqual({
      privilegeCode: expect.any(String),
      version: 'v2',
      description: expect.any(String),
      isGranted: expect.any(Boolean),
    });
  });

  it('answers the maker flag of the maker role', async () => {
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/roles/byRole/ROLE_MAKER' });
    expect(res.json()).toMatchObject({ name: 'ROLE_MAKER', isMaker: true, isChecker: false });
  });

  it('answers 404 "Role not found" for an unknown role', async () => {
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/roles/byRole/ROLE_NOBODY' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([{ message: 'Role not found', code: 'NOT_FOUND' }]);
  });

  it('answers 403 and audits ACCESS_DENIED without the roles privilege', async () => {
    const res = await call(t, operator, { method: 'GET', url: '/web/v2/roles/byRole/ROLE_OPERATOR' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN_BODY);
    const denied = (await auditRows(t, 'ACCESS_DENIED')).filter((r) => r.user_id === operator.userId);
    expect(denied.at(-1)?.details).toMatchObject({ route: '/web/v2/roles/byRole/:role', rule: { code: 'roles' } });
  });
});

describe('POST v2/roles?Operation=UpdatePrivilege', () => {
  it("sets the role's grants to exactly the list; its holders see the change at once", async () => {
    const { roleName, holder } = await roleWithHolder(['ticket', 'dashboards']);
    expect((await byRole(holder)).sort()).toEqual(['dashboards', 'ticket']);
    const res = await update(admin, { roleName, privilegeCodes: ['dashboards', 'users', 'users'] });
    expect(res.statusCode).toBe(200);
    const granted = res.json().privileges.filter((p: { isGranted: boolean }) => p.isGranted);
    expect(granted.map((p: PrivilegeEntry) => p.privilegeCode).sort()).toEqual(['dashboards', 'users']);
    expect((await byRole(holder)).sort()).toEqual(['dashboards', 'users']);
    const appUsers = await call(t, holder, { method: 'GET', url: '/web/v2/appusers' });
    expect(appUsers.statusCode).toBe(200);
  });

  it('audits PRIVILEGES_UPDATED with what was added and removed', async () => {
    const { roleName } = await roleWithHolder(['ticket', 'dashboards']);
    await update(admin, { roleName, privilegeCodes: ['dashboards', 'brsReport'] });
    const audit = (await auditRows(t, 'PRIVILEGES_UPDATED')).filter((r) => r.entity_id === roleName);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      user_id: admin.userId,
      entity_type: 'role',
      details: { added: ['brsReport'], removed: ['ticket'] },
    });
  });

  it('takes every privilege away with an empty list', async () => {
    const { roleName, holder } = await roleWithHolder(['ticket']);
    expect((await update(admin, { roleName, privilegeCodes: [] })).statusCode).toBe(200);
    expect(await byRole(holder)).toEqual([]);
  });

  it('refuses to change ROLE_ADMIN', async () => {
    const res = await update(admin, { roleName: 'ROLE_ADMIN', privilegeCodes: ['ticket'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The Admin role always holds every privilege',
      errors: [{ field: 'roleName', defaultMessage: 'The Admin role always holds every privilege' }],
    });
    expect((await byRole(admin)).length).toBe(PRIVILEGE_CODES.length);
  });

  it('refuses unknown privilege codes and changes nothing', async () => {
    const { roleName, holder } = await roleWithHolder(['ticket']);
    const res = await update(admin, { roleName, privilegeCodes: ['ticket', 'flyToTheMoon'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Unknown privilege codes: flyToTheMoon',
      errors: [{ field: 'privilegeCodes', defaultMessage: 'Unknown privilege codes: flyToTheMoon' }],
    });
    expect(await byRole(holder)).toEqual(['ticket']);
  });

  it('answers 404 for an unknown role', async () => {
    const res = await update(admin, { roleName: 'ROLE_NOBODY', privilegeCodes: [] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([{ message: 'Role not found', code: 'NOT_FOUND' }]);
  });

  it('answers 400 with another Operation; without one the body is read as a new role (no name: 400)', async () => {
    const { roleName, holder } = await roleWithHolder(['ticket']);
    const other = await update(admin, { roleName, privilegeCodes: [] }, '?Operation=Delete');
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0].field).toBe('Operation');
    const none = await update(admin, { roleName, privilegeCodes: [] }, '');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toEqual({ field: 'name', defaultMessage: 'Role name is required' });
    expect(await byRole(holder)).toEqual(['ticket']);
  });

  it('answers "Role is required" without a role name', async () => {
    const res = await update(admin, { roleName: '', privilegeCodes: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Role is required',
      errors: [{ field: 'roleName', defaultMessage: 'Role is required' }],
    });
  });

  it('answers 403 and audits ACCESS_DENIED without the roles privilege, and changes nothing', async () => {
    const { roleName, holder } = await roleWithHolder(['ticket']);
    const before = (await auditRows(t, 'ACCESS_DENIED')).filter((r) => r.user_id === holder.userId).length;
    const res = await update(holder, { roleName, privilegeCodes: [...PRIVILEGE_CODES] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN_BODY);
    expect((await auditRows(t, 'ACCESS_DENIED')).filter((r) => r.user_id === holder.userId).length).toBe(before + 1);
    expect(await byRole(holder)).toEqual(['ticket']);
  });
});

describe('POST v2/roles (create) and GET v2/roles', () => {
  const create = (s: Session, payload: object) => call(t, s, { method: 'POST', url: '/web/v2/roles', payload });

  it('creates a checker role with its grants, audited; it is listed and its holders get the grants', async () => {
    const name = `ROLE_CHECKER_${uniqueName('C').replace('-', '_')}`;
    const res = await create(admin, { name, isChecker: true, privilegeCodes: ['pendingApprovals', 'ticket'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name, displayName: name, isMaker: false, isChecker: true });
    const granted = res.json().privileges.filter((p: { isGranted: boolean }) => p.isGranted);
    expect(granted.map((p: { privilegeCode: string }) => p.privilegeCode)).toEqual(['pendingApprovals', 'ticket']);
    expect((await auditRows(t, 'ROLE_CREATED')).at(-1)).toMatchObject({ entity_id: name, user_name: 'roles-admin' });
    const list = await call(t, admin, { method: 'GET', url: '/web/v2/roles' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual({
      id: expect.any(Number),
      name,
      displayName: name,
      isMaker: false,
      isChecker: true,
      userCount: 0,
      privilegeCount: 2,
      isBuiltIn: false,
    });
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ name: 'ROLE_ADMIN', displayName: 'Admin', isBuiltIn: true }),
    );
    const userName = uniqueName('checker');
    await addUser(t, { userName, roles: [name] });
    expect(await byRole(await signIn(t, userName))).toEqual(['pendingApprovals', 'ticket']);
  });

  it.each([
    [{ name: 'ROLE_ADMIN' }, 'name', 'A role with this name already exists'],
    [{ name: 'role_lower' }, 'name', 'Role name must start with ROLE_ and hold capital letters, digits and _ only'],
    [{ name: 'ROLE_BOTH', isMaker: true, isChecker: true }, 'isChecker', 'A role is a maker or a checker, not both'],
    [{ name: 'ROLE_BAD_CODE', privilegeCodes: ['nope'] }, 'privilegeCodes', 'Unknown privilege codes: nope'],
  ])('refuses %j', async (payload, field, message) => {
    const res = await create(admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, defaultMessage: message }]);
  });

  it('answers 403 without the roles privilege (create) or any of roles, users, approvelRight (list)', async () => {
    expect((await create(operator, { name: 'ROLE_BY_OPERATOR' })).statusCode).toBe(403);
    expect((await call(t, operator, { method: 'GET', url: '/web/v2/roles' })).statusCode).toBe(403);
  });
});

describe('PUT and DELETE v2/roles/{id} (rename, flags, delete)', () => {
  const create = async (isMaker = false) => {
    const name = `ROLE_EDIT_${uniqueName('E').replace('-', '_')}`;
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/roles',
      payload: { name, isMaker, privilegeCodes: ['ticket'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().id as number, name };
  };
  const put = (s: Session, id: number, payload: object) =>
    call(t, s, { method: 'PUT', url: `/web/v2/roles/${id}`, payload });
  const del = (s: Session, id: number) => call(t, s, { method: 'DELETE', url: `/web/v2/roles/${id}` });
  const roleId = async (name: string) =>
    (await t.database.db.selectFrom('role').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('renames a role and turns it from maker to checker, audited; its holder keeps the grants under the new name', async () => {
    const { id, name } = await create(true);
    const userName = uniqueName('renamed');
    const userId = await addUser(t, { userName, roles: [name] });
    const holder = await signIn(t, userName);
    const renamed = `${name}_NEW`;
    const res = await put(admin, id, { name: renamed, isMaker: false, isChecker: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, name: renamed, isMaker: false, isChecker: true });
    expect((await auditRows(t, 'ROLE_UPDATED')).at(-1)).toMatchObject({
      entity_id: renamed,
      user_name: 'roles-admin',
      details: {
        before: { name, isMaker: true, isChecker: false },
        after: { name: renamed, isMaker: false, isChecker: true },
      },
    });
    expect(await byRole(holder)).toEqual(['ticket']);
    const user = await call(t, admin, { method: 'GET', url: `/web/v2/appusers/${userId}` });
    expect(user.json().rolesName).toEqual([renamed]);
  });

  it("keeps a built-in role's name but lets its flags change", async () => {
    const id = await roleId('ROLE_SUPPORT');
    const rename = await put(admin, id, { name: 'ROLE_SUPPORT_DESK', isMaker: false, isChecker: false });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().errors).toEqual([
      { field: 'name', defaultMessage: 'Built-in roles cannot be renamed or deleted' },
    ]);
    const flags = await put(admin, id, { name: 'ROLE_SUPPORT', isMaker: false, isChecker: false });
    expect(flags.statusCode, flags.body).toBe(200);
  });

  it.each([
    [{ name: 'ROLE_ADMIN', isMaker: false, isChecker: false }, 'name', 'A role with this name already exists'],
    [
      { name: 'lower', isMaker: false, isChecker: false },
      'name',
      'Role name must start with ROLE_ and hold capital letters, digits and _ only',
    ],
    [{ name: 'ROLE_X_BOTH', isMaker: true, isChecker: true }, 'isChecker', 'A role is a maker or a checker, not both'],
  ])('refuses the rename %j', async (payload, field, message) => {
    const { id, name } = await create();
    const res = await put(admin, id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, defaultMessage: message }]);
    expect(
      (await t.database.db.selectFrom('role').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name,
    ).toBe(name);
  });

  it('deletes a role no user holds, with its grants and approval rights, audited', async () => {
    const { id, name } = await create();
    const res = await del(admin, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Role deleted' });
    expect((await auditRows(t, 'ROLE_DELETED')).at(-1)).toMatchObject({ entity_id: name, user_name: 'roles-admin' });
    const list = await call(t, admin, { method: 'GET', url: '/web/v2/roles' });
    expect(list.json().data.map((r: { name: string }) => r.name)).not.toContain(name);
    expect(await t.database.db.selectFrom('role_privilege').select('code').where('role_id', '=', id).execute()).toEqual(
      [],
    );
    expect((await del(admin, id)).statusCode).toBe(404);
  });

  it('refuses to delete a role users hold, naming how many, and a built-in role', async () => {
    const { id, name } = await create();
    await addUser(t, { userName: uniqueName('holds'), roles: [name] });
    const one = await del(admin, id);
    expect(one.statusCode).toBe(409);
    expect(one.json()[0]).toEqual({
      code: 'CONFLICT',
      message: '1 user holds this role: give them another role before deleting it',
    });
    await addUser(t, { userName: uniqueName('holds'), roles: [name] });
    expect((await del(admin, id)).json()[0].message).toBe(
      '2 users hold this role: give them another role before deleting it',
    );
    const builtIn = await del(admin, await roleId('ROLE_MAKER'));
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json().message).toBe('Built-in roles cannot be renamed or deleted');
    const list = await call(t, admin, { method: 'GET', url: '/web/v2/roles' });
    expect(list.json().data.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining([name, 'ROLE_MAKER']));
  });

  it('answers 403 without the roles privilege and changes nothing', async () => {
    const { id, name } = await create();
    expect((await put(operator, id, { name: `${name}_X`, isMaker: false, isChecker: false })).statusCode).toBe(403);
    expect((await del(operator, id)).statusCode).toBe(403);
    const list = await call(t, admin, { method: 'GET', url: '/web/v2/roles' });
    expect(list.json().data.map((r: { name: string }) => r.name)).toContain(name);
  });
});

describe('role routes without a token', () => {
  it.each([
    ['GET', '/web/v2/roles'],
    ['POST', '/web/v2/roles'],
    ['GET', '/web/v2/privileges?Find=ByRole'],
    ['GET', '/web/v2/roles/byRole/ROLE_ADMIN'],
    ['POST', '/web/v2/roles?Operation=UpdatePrivilege'],
    ['PUT', '/web/v2/roles/1'],
    ['DELETE', '/web/v2/roles/1'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Authentication required', code: 'UNAUTHENTICATED' }]);
  });
});
