import { LDAP_TEXTS, UNASSIGNED_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_DEPARTMENTS } from '@/seed/roles.ts';
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
let departments: { id: number; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  departments = await t.database.db.selectFrom('department').select(['id', 'name']).orderBy('name').execute();
});
afterAll(() => t.close());

/**
 * A new user who has signed in but has no module or department yet. SSO newcomers (REQUESTED_VIA_LDAP / _SAML) also
 * need the single-use token their sign-in gave: ldap.test.ts and saml.test.ts; the last test here checks the refusal.
 */
async function newcomer(): Promise<Session> {
  const userName = uniqueName('newcomer');
  await addUser(t, { userName, roles: [], registrationStatus: 'REQUESTED', departmentConfigurable: true });
  return signIn(t, userName);
}

const assign = (session: Session | null, userId: number, payload: unknown, moduleId?: number) =>
  call(t, session, {
    method: 'PUT',
    url: `/web/v2/user-department/assignDepartment/${userId}`,
    payload: payload as Record<string, unknown>,
    moduleId,
  });

const firstDepartment = () => departments[0] ?? { id: 0, name: '' };

describe('GET v2/user-department', () => {
  it('answers the seeded departments by name, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web/v2/user-department' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; name: string }[];
    expect(data.map((d) => d.name)).toEqual([...SEEDED_DEPARTMENTS].sort());
    expect(data.every((d) => Number.isInteger(d.id))).toBe(true);
  });
});

describe('PUT v2/user-department/assignDepartment/{userId}', () => {
  it('assigns the caller their own department, raises it for approval and audits it', async () => {
    const s = await newcomer();
    const dept = firstDepartment();
    const res = await assign(s, s.userId, { departmentId: dept.id, ssoTemporaryToken: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: UNASSIGNED_TEXTS.departmentAssigned });
    const user = await t.database.db
      .selectFrom('app_user')
      .select(['department_id', 'registration_status'])
      .where('id', '=', s.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ department_id: dept.id, registration_status: 'RAISED_FOR_APPROVAL' });
    const audit = (await auditRows(t, 'DEPARTMENT_ASSIGNED')).filter((r) => r.entity_id === String(s.userId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: s.userId, outcome: 'SUCCESS', details: { departmentId: dept.id } });
  });

  it('refuses a user whose department is not configurable, and changes nothing', async () => {
    const userName = uniqueName('fixed-dept');
    await addUser(t, { userName, roles: [], registrationStatus: 'REQUESTED', departmentConfigurable: false });
    const s = await signIn(t, userName);
    const res = await assign(s, s.userId, { departmentId: firstDepartment().id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual([{ message: 'Department is not configurable for this user', code: 'FORBIDDEN' }]);
    const user = await t.database.db
      .selectFrom('app_user')
      .select(['department_id', 'registration_status'])
      .where('id', '=', s.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ department_id: null, registration_status: 'REQUESTED' });
  });

  it('shows the department and the new status at the next sign-in', async () => {
    const s = await newcomer();
    const dept = firstDepartment();
    await assign(s, s.userId, { departmentId: dept.id });
    const login = await t.app.inject({
      method: 'POST',
      url: '/web/v2/login',
      payload: { userName: s.userName, password: 'Test@Pass2026' },
    });
    expect(login.json()).toMatchObject({ registrationStatus: 'RAISED_FOR_APPROVAL', userDepartment: dept });
  });

  it("refuses a non-admin who names another user's id, and changes nothing", async () => {
    const s = await newcomer();
    const other = await newcomer();
    const res = await assign(s, other.userId, { departmentId: firstDepartment().id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual([{ message: UNASSIGNED_TEXTS.departmentFailed, code: 'FORBIDDEN' }]);
    const user = await t.database.db
      .selectFrom('app_user')
      .select(['department_id', 'registration_status'])
      .where('id', '=', other.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ department_id: null, registration_status: 'REQUESTED' });
  });

  it('lets an admin assign any user', async () => {
    const adminName = uniqueName('admin');
    await addUser(t, { userName: adminName, roles: ['ROLE_ADMIN'] });
    const admin = await signIn(t, adminName);
    const target = await newcomer();
    const res = await assign(admin, target.userId, { departmentId: firstDepartment().id });
    expect(res.statusCode).toBe(200);
    const audit = (await auditRows(t, 'DEPARTMENT_ASSIGNED')).filter((r) => r.entity_id === String(target.userId));
    expect(audit[0]).toMatchObject({ user_id: admin.userId });
  });

  it('answers 404 when an admin names a user that does not exist', async () => {
    const adminName = uniqueName('admin');
    await addUser(t, { userName: adminName, roles: ['ROLE_ADMIN'] });
    const admin = await signIn(t, adminName);
    const res = await assign(admin, 987_654, { departmentId: firstDepartment().id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([{ message: 'User not found', code: 'NOT_FOUND' }]);
  });

  it.each([
    ['an unknown department', { departmentId: 987_654 }],
    ['no department', {}],
    ['department 0', { departmentId: 0 }],
  ])('answers "Please select a department" for %s', async (_label, payload) => {
    const s = await newcomer();
    const res = await assign(s, s.userId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: UNASSIGNED_TEXTS.selectDepartment,
      errors: [{ field: 'departmentId', defaultMessage: UNASSIGNED_TEXTS.selectDepartment }],
    });
  });

  it('works with a stale module header', async () => {
    const s = await newcomer();
    const foreign = await addModule(t, uniqueName('Foreign'));
    const res = await assign(s, s.userId, { departmentId: firstDepartment().id }, foreign);
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await assign(null, 1, { departmentId: firstDepartment().id });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Authentication required', code: 'UNAUTHENTICATED' }]);
  });
});

describe('an SSO newcomer without the token of their sign-in', () => {
  it('is refused, and nothing changes', async () => {
    const userName = uniqueName('saml-newcomer');
    await addUser(t, { userName, roles: [], registrationStatus: 'REQUESTED_VIA_SAML', departmentConfigurable: true });
    const s = await signIn(t, userName);
    const res = await assign(s, s.userId, { departmentId: firstDepartment().id, ssoTemporaryToken: null });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual([{ message: LDAP_TEXTS.ssoTokenInvalid, code: 'FORBIDDEN' }]);
    const user = await t.database.db
      .selectFrom('app_user')
      .select(['department_id', 'registration_status'])
      .where('id', '=', s.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ department_id: null, registration_status: 'REQUESTED_VIA_SAML' });
  });
});
