import { emailDomainRefusal, USER_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  setSetting,
  signIn,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';

let t: TestApp;
let admin: Session;
let operator: Session;
let userAdmin: Session;
let cards: number;
let loans: number;
let retired: number;

beforeAll(async () => {
  t = await createTestApp();
  cards = await addModule(t, 'Cards Recon');
  loans = await addModule(t, 'Loans Recon');
  retired = await addModule(t, 'Retired Recon');
  await t.database.db.updateTable('module').set({ deleted_at: new Date() }).where('id', '=', retired).execute();
  await addUser(t, { userName: 'ua-admin', roles: ['ROLE_ADMIN'], moduleIds: [cards] });
  await addUser(t, { userName: 'ua-operator', roles: ['ROLE_OPERATOR'], moduleIds: [cards] });
  // A role holding `users` without being the Admin role.
  const role = await t.database.db
    .insertInto('role')
    .values({ name: 'ROLE_USER_ADMINS' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db.insertInto('role_privilege').values({ role_id: role.id, code: 'users', version: 'v2' }).execute();
  await addUser(t, { userName: 'ua-useradmin', roles: ['ROLE_USER_ADMINS'], moduleIds: [cards] });
  admin = await signIn(t, 'ua-admin');
  operator = await signIn(t, 'ua-operator');
  userAdmin = await signIn(t, 'ua-useradmin');
});
afterAll(() => t.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  userName: uniqueName('ua-new'),
  firstName: 'Nia',
  lastName: 'Shah',
  email: 'nia@bank.test',
  rolesName: ['ROLE_OPERATOR'],
  moduleIds: [cards],
  ...over,
});
const create = (s: Session, payload: object) => call(t, s, { method: 'POST', url: '/web/v2/appusers', payload });
const edit = (s: Session, payload: object) => call(t, s, { method: 'PUT', url: '/web/v2/appusers', payload });
const fieldMessage = (res: { json: () => { errors: { field: string; defaultMessage: string }[] } }) =>
  res.json().errors.map((e) => [e.field, e.defaultMessage]);

describe('POST v2/appusers', () => {
  it('creates the user with roles and modules and sends an invitation through the outbox, audited', async () => {
    const body = newUser({ contactNumber: '+919876543210' });
    const res = await create(admin, body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      userName: body.userName,
      firstName: 'Nia',
      lastName: 'Shah',
      email: 'nia@bank.test',
      contactNumber: '+919876543210',
      isActive: true,
      isLocked: false,
      registrationStatus: 'APPROVED',
      rolesName: ['ROLE_OPERATOR'],
      moduleIds: [cards],
      module: ['Cards Recon'],
    });
    const invitation = t.notifier.messages.at(-1);
    expect(invitation).toMatchObject({ channel: 'EMAIL', recipient: 'nia@bank.test', userId: user.id });
    const tempToken = /tempToken=([\w-]+)/.exec(invitation?.body ?? '')?.[1];
    expect(tempToken).toBeTruthy();
    // The invitation link sets the first password; the user then signs in with it.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/web/v2/resetPassword',
      payload: { tempToken, password: 'First@Pass2026', confirmPassword: 'First@Pass2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await signIn(t, body.userName, 'First@Pass2026');
    expect(session.userId).toBe(user.id);
    const audit = (await auditRows(t, 'USER_CREATED')).at(-1);
    expect(audit).toMatchObject({ user_name: 'ua-admin', entity_id: String(user.id), outcome: 'SUCCESS' });
  });

  it('refuses a user name that exists in another case', async () => {
    const res = await create(admin, newUser({ userName: 'UA-OPERATOR' }));
    expect(res.statusCode).toBe(400);
    expect(fieldMessage(res)).toEqual([['userName', USER_TEXTS.userNameTaken]]);
  });

  it('answers the spec-style field errors for a missing email, role and module', async () => {
    const res = await create(admin, newUser({ email: '', rolesName: [], moduleIds: [] }));
    expect(res.statusCode).toBe(400);
    expect(fieldMessage(res)).toEqual(
      expect.arrayContaining([
        ['email', USER_TEXTS.emailRequired],
        ['rolesName', USER_TEXTS.rolesRequired],
        ['moduleIds', USER_TEXTS.modulesRequired],
      ]),
    );
  });

  it('requires the phone number only while IS_PHONE_NO_REQUIRED_IN_NEW_USER_CREATION is on', async () => {
    await setSetting(t, 'USER', 'IS_PHONE_NO_REQUIRED_IN_NEW_USER_CREATION', 'true');
    try {
      const res = await create(admin, newUser());
      expect(res.statusCode).toBe(400);
      expect(fieldMessage(res)).toEqual([['contactNumber', USER_TEXTS.phoneRequired]]);
      expect((await create(admin, newUser({ contactNumber: '9876543210' }))).statusCode).toBe(201);
    } finally {
      await setSetting(t, 'USER', 'IS_PHONE_NO_REQUIRED_IN_NEW_USER_CREATION', 'false');
    }
    expect((await create(admin, newUser())).statusCode).toBe(201);
  });

  it('refuses an email outside ALLOWED_USER_EMAIL_DOMAINS, naming the allowed domains', async () => {
    await setSetting(t, 'USER', 'ALLOWED_USER_EMAIL_DOMAINS', 'bank.test, @bank.in');
    try {
      const res = await create(admin, newUser({ email: 'nia@gmail.com' }));
      expect(res.statusCode).toBe(400);
      expect(fieldMessage(res)).toEqual([['email', emailDomainRefusal(['bank.test', 'bank.in'])]]);
      expect(emailDomainRefusal(['bank.test', 'bank.in'])).toBe(
        'Email domain not allowed: use an address at bank.test or bank.in',
      );
      expect((await create(admin, newUser({ email: 'nia@BANK.IN' }))).statusCode).toBe(201);
    } finally {
      await setSetting(t, 'USER', 'ALLOWED_USER_EMAIL_DOMAINS', '');
    }
  });

  it('refuses unknown roles, deleted or unknown modules, and nothing is created', async () => {
    const body = newUser({ rolesName: ['ROLE_NOPE'] });
    const unknownRole = await create(admin, body);
    expect(fieldMessage(unknownRole)).toEqual([['rolesName', 'Unknown roles: ROLE_NOPE']]);
    const deletedModule = await create(admin, newUser({ moduleIds: [loans, retired, 999999] }));
    expect(deletedModule.statusCode).toBe(400);
    expect(fieldMessage(deletedModule)).toEqual([['moduleIds', `Unknown or deleted modules: ${retired}, 999999`]]);
    const found = await t.database.db
      .selectFrom('app_user')
      .select('id')
      .where('user_name', '=', body.userName)
      .execute();
    expect(found).toEqual([]);
  });

  it('lets only an admin grant the Admin role', async () => {
    const res = await create(userAdmin, newUser({ rolesName: ['ROLE_ADMIN'] }));
    expect(fieldMessage(res)).toEqual([['rolesName', 'Only an administrator can grant the Admin role']]);
    expect((await create(userAdmin, newUser())).statusCode).toBe(201);
  });

  it('answers 403 without the users privilege and 401 without a token', async () => {
    const res = await create(operator, newUser());
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/web/v2/appusers', payload: newUser() })).statusCode).toBe(401);
  });
});

describe('GET v2/appusers/{id}', () => {
  it('answers the user, with isLocked while a sign-in lock holds and false after the unlock', async () => {
    const userName = uniqueName('ua-locked');
    const id = await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds: [cards] });
    for (let i = 0; i < 10; i++)
      await t.app.inject({ method: 'POST', url: '/web/v2/login', payload: { userName, password: 'wrong' } });
    const locked = await call(t, admin, { method: 'GET', url: `/web/v2/appusers/${id}` });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ id, userName, isLocked: true, module: ['Cards Recon'] });
    const row = await call(t, admin, {
      method: 'GET',
      url: '/web/v2/appusers',
      query: { 'columns[0][data]': 'userName', 'columns[0][search][value]': userName },
    });
    expect(row.json().data).toEqual([expect.objectContaining({ userName, isLocked: true })]);
    const unlock = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/appusers?Update=UserActivationManagement',
      payload: { id, isActive: true },
    });
    expect(unlock.statusCode).toBe(200);
    expect((await call(t, admin, { method: 'GET', url: `/web/v2/appusers/${id}` })).json().isLocked).toBe(false);
  });

  it('answers 404 for an unknown user and 403 without the privilege', async () => {
    const missing = await call(t, admin, { method: 'GET', url: '/web/v2/appusers/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual([{ message: 'User not found', code: 'NOT_FOUND' }]);
    expect((await call(t, operator, { method: 'GET', url: `/web/v2/appusers/${admin.userId}` })).statusCode).toBe(403);
  });
});

describe('PUT v2/appusers', () => {
  it('edits fields, roles and modules, ends the sessions of a user whose access changed, audited before / after', async () => {
    const userName = uniqueName('ua-edit');
    const id = await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds: [cards], email: 'e@bank.test' });
    const session = await signIn(t, userName);
    const res = await edit(admin, {
      id,
      firstName: 'Edna',
      lastName: 'Moss',
      email: 'edna@bank.test',
      contactNumber: null,
      rolesName: ['ROLE_MANAGER'],
      moduleIds: [loans],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      userName,
      firstName: 'Edna',
      email: 'edna@bank.test',
      rolesName: ['ROLE_MANAGER'],
      module: ['Loans Recon'],
    });
    // The old session no longer works: its roles and modules were those of before.
    const after = await call(t, session, { method: 'GET', url: '/web/v2/privileges?Find=ByRole' });
    expect(after.statusCode).toBe(401);
    const audit = (await auditRows(t, 'USER_UPDATED')).at(-1);
    expect(audit?.details).toMatchObject({
      before: { rolesName: ['ROLE_OPERATOR'], moduleIds: [cards] },
      after: { rolesName: ['ROLE_MANAGER'], moduleIds: [loans] },
      sessionsEnded: true,
    });
  });

  it("refuses a non-admin's edit of an admin, and an admin removing their own Admin role", async () => {
    const body = {
      id: admin.userId,
      firstName: 'A',
      email: 'a@bank.test',
      rolesName: ['ROLE_OPERATOR'],
      moduleIds: [cards],
    };
    const byUserAdmin = await edit(userAdmin, body);
    expect(byUserAdmin.statusCode).toBe(403);
    expect(byUserAdmin.json()[0].message).toBe("Only an administrator can change an administrator's account");
    const self = await edit(admin, body);
    expect(fieldMessage(self)).toEqual([['rolesName', 'You cannot remove the Admin role from your own account']]);
  });

  it('answers 404 for an unknown user and 403 without the privilege', async () => {
    const body = { id: 999999, firstName: 'A', email: 'a@bank.test', rolesName: ['ROLE_OPERATOR'], moduleIds: [cards] };
    expect((await edit(admin, body)).statusCode).toBe(404);
    expect((await edit(operator, body)).statusCode).toBe(403);
  });
});

describe('GET v2/appusers/internals', () => {
  it('lists active, approved users only', async () => {
    const off = uniqueName('ua-off');
    const waiting = uniqueName('ua-wait');
    await addUser(t, { userName: off, roles: [], isActive: false });
    await addUser(t, { userName: waiting, roles: [], registrationStatus: 'REQUESTED_VIA_SAML' });
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/appusers/internals' });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((u: { userName: string }) => u.userName);
    expect(names).toContain('ua-operator');
    expect(names).not.toContain(off);
    expect(names).not.toContain(waiting);
    expect((await call(t, operator, { method: 'GET', url: '/web/v2/appusers/internals' })).statusCode).toBe(403);
  });
});

describe('SSO-requested users', () => {
  it('lists the waiting users and approves one with roles and modules: they sign in with that access', async () => {
    const userName = uniqueName('ua-sso');
    const id = await addUser(t, { userName, roles: [], registrationStatus: 'REQUESTED_VIA_SAML' });
    const list = await call(t, admin, { method: 'GET', url: '/web/v2/appusers/ssoRequested' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ id, userName, registrationStatus: 'REQUESTED_VIA_SAML' }),
    );
    const res = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/appusers/updateSsoUserDetails',
      payload: { id, decision: 'APPROVE', rolesName: ['ROLE_OPERATOR'], moduleIds: [loans] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, registrationStatus: 'APPROVED', message: USER_TEXTS.approved });
    const session = await signIn(t, userName);
    const modules = await call(t, session, { method: 'GET', url: '/web/v2/modules?Find=AllAssigned' });
    expect(modules.json().data.map((m: { name: string }) => m.name)).toEqual(['Loans Recon']);
    const after = await call(t, admin, { method: 'GET', url: '/web/v2/appusers/ssoRequested' });
    expect(after.json().data.map((u: { id: number }) => u.id)).not.toContain(id);
    expect((await auditRows(t, 'SSO_USER_APPROVED')).at(-1)).toMatchObject({ entity_id: String(id) });
    const again = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/appusers/updateSsoUserDetails',
      payload: { id, decision: 'REJECT', remark: 'late' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()[0].message).toBe(`${USER_TEXTS.notRequested} (APPROVED)`);
  });

  it('rejects with a remark (required), and the requested user can never decide their own request', async () => {
    const userName = uniqueName('ua-sso');
    const id = await addUser(t, {
      userName,
      roles: ['ROLE_USER_ADMINS'],
      registrationStatus: 'RAISED_FOR_APPROVAL',
    });
    const self = await signIn(t, userName);
    const own = await call(t, self, {
      method: 'PUT',
      url: '/web/v2/appusers/updateSsoUserDetails',
      payload: { id, decision: 'APPROVE', rolesName: ['ROLE_OPERATOR'], moduleIds: [cards] },
    });
    expect(own.statusCode).toBe(400);
    expect(fieldMessage(own)).toEqual([['id', USER_TEXTS.ownRequest]]);
    const noRemark = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/appusers/updateSsoUserDetails',
      payload: { id, decision: 'REJECT' },
    });
    expect(fieldMessage(noRemark)).toEqual([['remark', USER_TEXTS.remarkRequired]]);
    const res = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/appusers/updateSsoUserDetails',
      payload: { id, decision: 'REJECT', remark: 'Not our team' },
    });
    expect(res.json()).toEqual({ id, registrationStatus: 'REJECTED', message: USER_TEXTS.rejected });
    expect((await auditRows(t, 'SSO_USER_REJECTED')).at(-1)?.details).toMatchObject({ remark: 'Not our team' });
  });

  it('answers 403 without the privilege', async () => {
    expect((await call(t, operator, { method: 'GET', url: '/web/v2/appusers/ssoRequested' })).statusCode).toBe(403);
    const res = await call(t, operator, {
      method: 'PUT',
      url: '/web/v2/appusers/updateSsoUserDetails',
      payload: { id: 1, decision: 'REJECT', remark: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a product admin (users privilege without ROLE_ADMIN, e.g. ROLE_CARDS_ADMIN)', () => {
  it('reaches only the users of their modules and assigns only their modules', async () => {
    const loansOnly = await addUser(t, {
      userName: uniqueName('ua-loans'),
      roles: ['ROLE_OPERATOR'],
      moduleIds: [loans],
    });
    const both = await addUser(t, {
      userName: uniqueName('ua-both'),
      roles: ['ROLE_OPERATOR'],
      moduleIds: [cards, loans],
    });
    const other = await call(t, userAdmin, { method: 'GET', url: `/web/v2/appusers/${loansOnly}` });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual([{ message: 'User not found', code: 'NOT_FOUND' }]);
    const disable = await call(t, userAdmin, {
      method: 'PUT',
      url: '/web/v2/appusers?Update=UserActivationManagement',
      payload: { id: loansOnly, isActive: false },
    });
    expect(disable.statusCode).toBe(404);
    const foreign = await create(userAdmin, newUser({ moduleIds: [loans] }));
    expect(fieldMessage(foreign)).toEqual([['moduleIds', `Unknown or deleted modules: ${loans}`]]);
    // Editing a shared user: their modules beyond the product admin's reach stay.
    const res = await edit(userAdmin, {
      id: both,
      firstName: 'Bo',
      email: 'bo@bank.test',
      rolesName: ['ROLE_OPERATOR'],
      moduleIds: [cards],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().moduleIds.sort()).toEqual([cards, loans].sort());
    // Their list holds only the users of their modules.
    const page = await call(t, userAdmin, { method: 'GET', url: '/web/v2/appusers', query: { length: '500' } });
    const listed = page.json().data.map((u: { id: number }) => u.id);
    expect(listed).toContain(both);
    expect(listed).not.toContain(loansOnly);
    expect(page.json().recordsTotal).toBe(listed.length);
    // An admin reaches everyone.
    expect((await call(t, admin, { method: 'GET', url: `/web/v2/appusers/${loansOnly}` })).statusCode).toBe(200);
  });
});

describe('the new app users calls without a token', () => {
  it.each([
    ['GET', '/web/v2/appusers/1'],
    ['POST', '/web/v2/appusers'],
    ['PUT', '/web/v2/appusers'],
    ['GET', '/web/v2/appusers/internals'],
    ['GET', '/web/v2/appusers/ssoRequested'],
    ['PUT', '/web/v2/appusers/updateSsoUserDetails'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Authentication required', code: 'UNAUTHENTICATED' }]);
  });
});
