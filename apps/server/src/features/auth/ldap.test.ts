import { LDAP_TEXTS, UNASSIGNED_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIRECTORY_BASE_DN,
  groupDn,
  type LdapDirectory,
  PEOPLE_DN,
  SERVICE_DN,
  startLdapDirectory,
} from '@/testing/ldap-directory.ts';
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
import { AUTH_TEXTS } from './auth.service.ts';

const OPERATORS = 'recon-operators';

let t: TestApp;
let dir: LdapDirectory;
let admin: Session;
let moduleId: number;

const searchConfig = (over: Record<string, unknown> = {}) => ({
  isEnabled: true,
  url: dir.url,
  bindMode: 'SEARCH',
  bindDn: SERVICE_DN,
  bindPassword: dir.servicePassword,
  baseDn: DIRECTORY_BASE_DN,
  userFilter: '(&(objectClass=inetOrgPerson)(uid={username}))',
  emailAttribute: 'mail',
  nameAttribute: 'cn',
  groupsAttribute: 'memberOf',
  groupMappings: [{ group: OPERATORS, roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] }],
  connectTimeoutMs: 2000,
  ...over,
});
const directConfig = (over: Record<string, unknown> = {}) =>
  searchConfig({
    bindMode: 'DIRECT',
    userDnTemplate: `uid={username},${PEOPLE_DN}`,
    bindDn: null,
    bindPassword: null,
    baseDn: null,
    userFilter: null,
    ...over,
  });

const saveConfig = (payload: Record<string, unknown>, session: Session = admin) =>
  call(t, session, { method: 'PUT', url: '/web/v2/ldap/config', payload });
const ldapLogin = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/web/v2/ldap_login', payload: { userName, password } });
const userRow = (userName: string) =>
  t.database.db
    .selectFrom('app_user')
    .select(['id', 'registration_status', 'department_id', 'email', 'first_name', 'last_name'])
    .where('user_name', '=', userName)
    .executeTakeFirst();
const loginMethods = async () =>
  ((await t.app.inject({ method: 'GET', url: '/web/v2/login-methods' })).json().data as { type: string }[]).map(
    (m) => m.type,
  );

beforeAll(async () => {
  // A low source limit, so the lockout is reached in a few tries.
  t = await createTestApp({ lockoutThreshold: 3, lockoutAccountThreshold: 6 });
  dir = await startLdapDirectory({
    people: [
      {
        uid: 'alice',
        password: 'Alice@Dir1',
        cn: 'Alice Able',
        mail: 'alice@corp.test',
        memberOf: [groupDn(OPERATORS)],
      },
      { uid: 'bob', password: 'Bob@Dir1', cn: 'Bob Baker', mail: 'bob@corp.test' },
      { uid: 'carol', password: 'Carol@Dir1', cn: 'Carol Cole', memberOf: [groupDn('finance')] },
      { uid: 'dave', password: 'Dave@Dir1', cn: 'Dave Dune', memberOf: [groupDn(OPERATORS)] },
      { uid: 'erin', password: 'Erin@Dir1', cn: 'Erin Eyre' },
    ],
  });
  moduleId = await addModule(t, 'LDAP module');
  await addUser(t, { userName: 'ldap-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'ldap-admin');
});
afterAll(async () => {
  await dir?.close();
  await t?.close();
});

describe('before a directory is set up', () => {
  it('answers no configuration, does not offer LDAP, and refuses LDAP sign-in (audited)', async () => {
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/ldap/config' });
    expect(res.json()).toEqual({ data: null });
    expect(await loginMethods()).not.toContain('LDAP');
    const login = await ldapLogin('alice', 'Alice@Dir1');
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe(LDAP_TEXTS.notConfigured);
    expect(await userRow('alice')).toBeUndefined();
    expect(dir.binds).toHaveLength(0);
  });
});

describe('LDAP directory configuration (v2/ldap/config)', () => {
  it('saves the directory with the service password sealed and never answered, audited, and offers LDAP', async () => {
    const res = await saveConfig(searchConfig());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bindMode: 'SEARCH', bindDn: SERVICE_DN, hasBindPassword: true });
    expect(res.body).not.toContain(dir.servicePassword);
    const stored = await t.database.db.selectFrom('ldap_config').selectAll().executeTakeFirstOrThrow();
    expect(stored.bind_password_sealed).toBeTruthy();
    expect(stored.bind_password_sealed).not.toContain(dir.servicePassword);
    const read = await call(t, admin, { method: 'GET', url: '/web/v2/ldap/config' });
    expect(read.json().data).toMatchObject({ url: dir.url, hasBindPassword: true });
    expect(read.body).not.toContain(dir.servicePassword);
    const audit = await auditRows(t, 'LDAP_CONFIG_CREATED');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.details)).not.toContain(dir.servicePassword);
    expect(await loginMethods()).toContain('LDAP');
  });

  it('keeps the stored service password when a change does not send it again', async () => {
    const res = await saveConfig(searchConfig({ bindPassword: null, connectTimeoutMs: 3000 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hasBindPassword: true, connectTimeoutMs: 3000 });
    expect(await auditRows(t, 'LDAP_CONFIG_UPDATED')).toHaveLength(1);
    const test = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/ldap/config/test',
      payload: searchConfig({ bindPassword: null }),
    });
    expect(test.json()).toEqual({ success: true, message: LDAP_TEXTS.testOk });
  });

  it('refuses an incomplete setup with the field that is missing, and changes nothing', async () => {
    const direct = await saveConfig(directConfig({ userDnTemplate: null }));
    expect(direct.statusCode).toBe(400);
    expect(direct.json().message).toBe('User DN template is required for direct bind');
    const noPlaceholder = await saveConfig(searchConfig({ userFilter: '(uid=alice)' }));
    expect(noPlaceholder.json().message).toBe('User filter must contain {username}');
    const http = await saveConfig(searchConfig({ url: 'http://127.0.0.1:389' }));
    expect(http.json().message).toBe('Directory URL must look like ldap://host:389 or ldaps://host:636');
    const stored = await t.database.db.selectFrom('ldap_config').select('bind_mode').executeTakeFirstOrThrow();
    expect(stored.bind_mode).toBe('SEARCH');
  });

  it('is refused to a user without the integrations privilege', async () => {
    await addUser(t, { userName: 'ldap-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
    const operator = await signIn(t, 'ldap-operator');
    expect((await call(t, operator, { method: 'GET', url: '/web/v2/ldap/config' })).statusCode).toBe(403);
    expect((await saveConfig(searchConfig({ isEnabled: false }), operator)).statusCode).toBe(403);
  });

  it('tests the connection: a refused service account and a directory that does not answer are reported', async () => {
    const test = (payload: Record<string, unknown>) =>
      call(t, admin, { method: 'POST', url: '/web/v2/ldap/config/test', payload });
    expect((await test(searchConfig({ bindPassword: 'wrong' }))).json()).toEqual({
      success: false,
      message: LDAP_TEXTS.testBindRefused,
    });
    expect((await test(searchConfig({ url: 'ldap://127.0.0.1:1' }))).json()).toEqual({
      success: false,
      message: LDAP_TEXTS.unreachable,
    });
  });
});

describe('POST /v2/ldap_login, search-then-bind', () => {
  it('creates a user whose group maps with its roles and module, APPROVED, and signs them in', async () => {
    const res = await ldapLogin('alice', 'Alice@Dir1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      userName: 'alice',
      firstName: 'Alice',
      lastName: 'Able',
      email: 'alice@corp.test',
      rolesName: ['ROLE_OPERATOR'],
      registrationStatus: 'APPROVED',
      ssoTemporaryToken: null,
    });
    expect(body.authToken).toBeTruthy();
    const modules = await call(
      t,
      { ...body, userId: body.id },
      { method: 'GET', url: '/web/v2/modules?Find=AllAssigned' },
    );
    expect(JSON.stringify(modules.json())).toContain('LDAP module');
    // The password went to the directory, bound as the entry the service account found.
    expect(dir.binds.at(-1)).toEqual({ dn: `uid=alice,${PEOPLE_DN}`, hasPassword: true });
    const success = (await auditRows(t, 'LOGIN_SUCCESS')).filter((r) => r.user_name === 'alice');
    expect(success.at(-1)?.details).toMatchObject({ method: 'LDAP', isNew: true });
  });

  it('signs a known user in again as the same user', async () => {
    const before = await userRow('alice');
    const res = await ldapLogin('alice', 'Alice@Dir1');
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(before?.id);
  });

  it('refuses a wrong password and a name the directory does not know alike, creating nobody', async () => {
    for (const [name, password] of [
      ['carol', 'not-her-password'],
      ['nobody', 'whatever'],
    ] as const) {
      const res = await ldapLogin(name, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual([{ message: AUTH_TEXTS.badCredentials, code: 'BAD_CREDENTIALS' }]);
      expect(await userRow(name)).toBeUndefined();
    }
    const failures = (await auditRows(t, 'LOGIN_FAILURE')).filter((r) => r.user_name === 'nobody');
    expect(failures.at(-1)?.details).toMatchObject({ method: 'LDAP', reason: 'BAD_CREDENTIALS' });
  });

  it('escapes the user name in the search filter: an injected filter finds nobody', async () => {
    const filtersBefore = dir.filters.length;
    const res = await ldapLogin('*)(uid=*', 'Alice@Dir1');
    expect(res.statusCode).toBe(400);
    expect(res.json()[0].message).toBe(AUTH_TEXTS.badCredentials);
    const filter = dir.filters.slice(filtersBefore).join(' ');
    expect(filter).toContain('\\2a\\29\\28uid=\\2a');
    expect(await userRow('*)(uid=*')).toBeUndefined();
    // Only the service account bound: nobody was signed in by the injected name.
    expect(dir.binds.at(-1)?.dn).toBe(SERVICE_DN.toLowerCase());
  });

  it('refuses an empty password before anything reaches the directory', async () => {
    const bindsBefore = dir.binds.length;
    const res = await ldapLogin('alice', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LDAP_TEXTS.passwordRequired);
    expect(dir.binds).toHaveLength(bindsBefore);
  });

  it('creates an unmapped user REQUESTED_VIA_LDAP with a single-use token for the department request', async () => {
    const res = await ldapLogin('bob', 'Bob@Dir1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ userName: 'bob', rolesName: [], registrationStatus: 'REQUESTED_VIA_LDAP' });
    expect(typeof body.ssoTemporaryToken).toBe('string');
    const stored = await t.database.db.selectFrom('ldap_sso_token').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(body.ssoTemporaryToken);
    expect((await auditRows(t, 'LDAP_USER_REQUESTED')).map((r) => r.user_name)).toContain('bob');

    const bob: Session = {
      userId: body.id,
      authToken: body.authToken,
      refreshToken: body.refreshToken,
      userName: 'bob',
    };
    const department = await t.database.db.selectFrom('department').select('id').executeTakeFirstOrThrow();
    const assign = (ssoTemporaryToken: string | null) =>
      call(t, bob, {
        method: 'PUT',
        url: `/web/v2/user-department/assignDepartment/${bob.userId}`,
        payload: { departmentId: department.id, ssoTemporaryToken },
      });
    const without = await assign(null);
    expect(without.statusCode).toBe(403);
    expect(without.json()[0].message).toBe(LDAP_TEXTS.ssoTokenInvalid);
    expect((await assign('forged')).statusCode).toBe(403);
    expect((await userRow('bob'))?.registration_status).toBe('REQUESTED_VIA_LDAP');

    const sent = await assign(body.ssoTemporaryToken);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: UNASSIGNED_TEXTS.departmentAssigned });
    expect(await userRow('bob')).toMatchObject({
      registration_status: 'RAISED_FOR_APPROVAL',
      department_id: department.id,
    });

    const requests = await call(t, admin, { method: 'GET', url: '/web/v2/appusers/ssoRequested' });
    expect(requests.statusCode).toBe(200);
    expect(JSON.stringify(requests.json())).toContain('"bob"');
  });

  it('refuses a token given to another user', async () => {
    const erin = (await ldapLogin('erin', 'Erin@Dir1')).json();
    const carolRes = await ldapLogin('carol', 'Carol@Dir1');
    expect(carolRes.statusCode).toBe(200);
    const carol = carolRes.json();
    const department = await t.database.db.selectFrom('department').select('id').executeTakeFirstOrThrow();
    const res = await call(
      t,
      { userId: carol.id, authToken: carol.authToken, refreshToken: carol.refreshToken, userName: 'carol' },
      {
        method: 'PUT',
        url: `/web/v2/user-department/assignDepartment/${carol.id}`,
        payload: { departmentId: department.id, ssoTemporaryToken: erin.ssoTemporaryToken },
      },
    );
    expect(res.statusCode).toBe(403);
    expect((await userRow('carol'))?.registration_status).toBe('REQUESTED_VIA_LDAP');
  });

  it('counts failures toward the lockout: once locked, even the right password is refused', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 3; i += 1) answers.push((await ldapLogin('dave', 'wrong')).json()[0].message);
    expect(answers.at(-1)).toBe(AUTH_TEXTS.locked);
    const bindsBefore = dir.binds.length;
    const res = await ldapLogin('dave', 'Dave@Dir1');
    expect(res.json()[0]).toEqual({ message: AUTH_TEXTS.locked, code: 'ACCOUNT_LOCKED' });
    expect(dir.binds).toHaveLength(bindsBefore);
    expect(await userRow('dave')).toBeUndefined();
    await t.database.db.deleteFrom('login_throttle').execute();
  });

  it('answers clearly when the directory does not answer, creates nobody, and counts the failure', async () => {
    expect((await saveConfig(searchConfig({ url: 'ldap://127.0.0.1:1', bindPassword: null }))).statusCode).toBe(200);
    const res = await ldapLogin('dave', 'Dave@Dir1');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual([{ message: LDAP_TEXTS.unreachable, code: 'UNAVAILABLE' }]);
    expect(await userRow('dave')).toBeUndefined();
    const failure = (await auditRows(t, 'LOGIN_FAILURE')).filter((r) => r.user_name === 'dave').at(-1);
    expect(failure?.details).toMatchObject({ method: 'LDAP', reason: 'DIRECTORY_UNAVAILABLE' });
    const counted = await t.database.db
      .selectFrom('login_throttle')
      .select('failed_count')
      .where('user_name_key', '=', 'dave')
      .execute();
    expect(counted.some((c) => c.failed_count >= 1)).toBe(true);
    await t.database.db.deleteFrom('login_throttle').execute();
  });
});

describe('POST /v2/ldap_login, direct bind', () => {
  beforeAll(async () => {
    const res = await saveConfig(directConfig());
    expect(res.statusCode).toBe(200);
  });

  it('binds as the DN the template makes, reads the groups and maps them', async () => {
    const res = await ldapLogin('dave', 'Dave@Dir1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rolesName: ['ROLE_OPERATOR'], registrationStatus: 'APPROVED' });
    expect(dir.binds.at(-1)).toEqual({ dn: `uid=dave,${PEOPLE_DN}`, hasPassword: true });
  });

  it('escapes the user name in the DN: a name cannot add an RDN or point at someone else', async () => {
    const res = await ldapLogin(`x,uid=dave`, 'Dave@Dir1');
    expect(res.statusCode).toBe(400);
    expect(res.json()[0].message).toBe(AUTH_TEXTS.badCredentials);
    expect(dir.binds.at(-1)?.dn).not.toBe(`uid=dave,${PEOPLE_DN}`);
    expect(dir.binds.at(-1)?.dn).toContain('\\');
    expect(await userRow('x,uid=dave')).toBeUndefined();
  });

  it('never sends an empty password (the directory would take it as an anonymous bind)', async () => {
    const bindsBefore = dir.binds.length;
    const res = await ldapLogin('dave', '');
    expect(res.statusCode).toBe(400);
    expect(dir.binds).toHaveLength(bindsBefore);
  });

  it('a disabled directory is no longer offered nor accepted', async () => {
    expect((await saveConfig(directConfig({ isEnabled: false }))).statusCode).toBe(200);
    expect(await loginMethods()).not.toContain('LDAP');
    const res = await ldapLogin('dave', 'Dave@Dir1');
    expect(res.json().message).toBe(LDAP_TEXTS.notConfigured);
  });
});
