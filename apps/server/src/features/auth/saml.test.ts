import { LDAP_TEXTS, SAML_TEXTS, UNASSIGNED_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSigner, readPostForm, type Signer, samlResponse, startIdp } from '@/testing/saml-idp.ts';
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

const IDP_ENTITY = 'https://idp.test/entity';
const SP_ENTITY = 'recon-sp';
const REGISTRATION = 'corp-idp';

let t: TestApp;
let admin: Session;
let idpSigner: Signer;
let otherSigner: Signer;
let idp: Awaited<ReturnType<typeof startIdp>>;
let moduleId: number;
let acsUrl: string;

const configBody = (over: Record<string, unknown> = {}) => ({
  registrationId: REGISTRATION,
  name: 'Corporate directory',
  isEnabled: true,
  idpEntryPoint: idp.entryPoint,
  idpIssuer: IDP_ENTITY,
  idpCertificate: idpSigner.certPem,
  spEntityId: SP_ENTITY,
  audience: null,
  emailAttribute: 'email',
  nameAttribute: 'displayName',
  groupsAttribute: 'groups',
  groupMappings: [{ group: 'recon-operators', roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] }],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  idpSigner = makeSigner('idp.test');
  otherSigner = makeSigner('attacker.test');
  idp = await startIdp({ entityId: IDP_ENTITY, signer: idpSigner, audience: SP_ENTITY });
  moduleId = await addModule(t, uniqueName('saml-module'));
  await addUser(t, { userName: 'saml-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'saml-admin');
  const res = await call(t, admin, { method: 'POST', url: '/web/v2/saml/config', payload: configBody() });
  expect(res.statusCode).toBe(200);
  acsUrl = res.json().acsUrl;
});
afterAll(async () => {
  await idp?.close();
  await t.close();
});

/** Posts a SAMLResponse to the ACS as the browser would; answers the /oauth/saml callback's query. */
async function postToAcs(response: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(acsUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: response }).toString(),
  });
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location));
  expect(location.pathname).toBe('/oauth/saml');
  return Object.fromEntries(location.searchParams);
}

/** The whole SP-initiated round: sso-login, the IdP on 127.0.0.1, its form posted to the ACS. */
async function signInThroughIdp(user: { nameId: string; attributes?: Record<string, string | string[]> }) {
  idp.login(user);
  const start = await t.app.inject({
    method: 'POST',
    url: '/web/v2/sso-login',
    payload: { registrationId: REGISTRATION },
  });
  expect(start.statusCode).toBe(200);
  const redirectUrl = start.json().redirectUrl as string;
  expect(redirectUrl.startsWith(idp.entryPoint)).toBe(true);
  const form = readPostForm(await (await fetch(redirectUrl)).text());
  expect(form.action).toBe(acsUrl);
  return postToAcs(form.samlResponse);
}

const exchange = (authToken: string, userName: string) =>
  t.app.inject({ method: 'POST', url: '/web/v2/saml_login', headers: { authtoken: authToken, username: userName } });

const assertionFor = (nameId: string, over: Partial<Parameters<typeof samlResponse>[0]> = {}) =>
  samlResponse({ issuer: IDP_ENTITY, acsUrl, audience: SP_ENTITY, nameId, signer: idpSigner, ...over });

async function lastSamlFailure() {
  const rows = await auditRows(t, 'LOGIN_FAILURE');
  return rows.at(-1);
}

describe('SAML sign-in through the identity provider', () => {
  it('signs in a known active user with a role and a module, and the ticket works once', async () => {
    const userName = uniqueName('asha');
    await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
    const query = await signInThroughIdp({ nameId: userName });
    expect(query).toMatchObject({ status: 'SUCCESS', userName });
    expect(query.authToken).toBeTruthy();

    const res = await exchange(query.authToken ?? '', userName);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userName, rolesName: ['ROLE_OPERATOR'] });
    const me = { userId: res.json().id, authToken: res.json().authToken, refreshToken: '', userName };
    const modules = await call(t, me, { method: 'GET', url: '/web/v2/modules?Find=AllAssigned' });
    expect(modules.statusCode).toBe(200);
    const success = (await auditRows(t, 'LOGIN_SUCCESS')).at(-1);
    expect(success).toMatchObject({ user_name: userName, details: { method: 'SAML' } });

    // The request the sign-in answered is used up.
    expect(await t.database.db.selectFrom('saml_request').select('request_id').execute()).toEqual([]);

    const again = await exchange(query.authToken ?? '', userName);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual([{ message: SAML_TEXTS.ticketInvalid, code: 'BAD_CREDENTIALS' }]);
  });

  it('requests access for an unknown user: REQUESTED_VIA_SAML, ROLE_UNASSIGNED, and the department flow', async () => {
    const userName = uniqueName('newcomer');
    const query = await signInThroughIdp({
      nameId: userName,
      attributes: { email: `${userName}@corp.test`, displayName: 'Nia Rao', groups: ['staff'] },
    });
    expect(query).toMatchObject({ status: 'ROLE_UNASSIGNED', userName });
    const user = await t.database.db
      .selectFrom('app_user')
      .select(['id', 'registration_status', 'email', 'first_name', 'last_name', 'password_hash'])
      .where('user_name', '=', userName)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      id: user.id,
      registration_status: 'REQUESTED_VIA_SAML',
      email: `${userName}@corp.test`,
      first_name: 'Nia',
      last_name: 'Rao',
      password_hash: null,
    });
    expect((await auditRows(t, 'SAML_USER_REQUESTED')).at(-1)).toMatchObject({ user_name: userName });

    // The ticket gives a session without privileges and a single-use token for the department request.
    const res = await exchange(query.authToken ?? '', userName);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ userName, rolesName: [], registrationStatus: 'REQUESTED_VIA_SAML' });
    expect(typeof body.ssoTemporaryToken).toBe('string');
    const nia: Session = { userId: body.id, authToken: body.authToken, refreshToken: body.refreshToken, userName };
    const privileged = await call(t, nia, { method: 'GET', url: '/web/v2/appusers/ssoRequested' });
    expect(privileged.statusCode).toBe(403);

    const department = await t.database.db.selectFrom('department').select('id').executeTakeFirstOrThrow();
    const assign = (ssoTemporaryToken: string | null) =>
      call(t, nia, {
        method: 'PUT',
        url: `/web/v2/user-department/assignDepartment/${nia.userId}`,
        payload: { departmentId: department.id, ssoTemporaryToken },
      });
    const without = await assign(null);
    expect(without.statusCode).toBe(403);
    expect(without.json()[0].message).toBe(LDAP_TEXTS.ssoTokenInvalid);
    const sent = await assign(body.ssoTemporaryToken);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: UNASSIGNED_TEXTS.departmentAssigned });
    expect((await assign(body.ssoTemporaryToken)).statusCode).toBe(200); // RAISED_FOR_APPROVAL: no token needed now

    const requests = await call(t, admin, { method: 'GET', url: '/web/v2/appusers/ssoRequested' });
    expect(JSON.stringify(requests.json())).toContain(`"${userName}"`);

    // Approved with a role and a module, the next sign-in goes straight in.
    const approve = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/appusers/updateSsoUserDetails',
      payload: { id: user.id, decision: 'APPROVE', rolesName: ['ROLE_OPERATOR'], moduleIds: [moduleId] },
    });
    expect(approve.statusCode).toBe(200);
    const again = await signInThroughIdp({ nameId: userName, attributes: { groups: ['staff'] } });
    expect(again.status).toBe('SUCCESS');
    const signedIn = await exchange(again.authToken ?? '', userName);
    expect(signedIn.json()).toMatchObject({ rolesName: ['ROLE_OPERATOR'], ssoTemporaryToken: null });
  });

  it('a user waiting for approval signs in to the unassigned page without a department token', async () => {
    const userName = uniqueName('waiting');
    const first = await signInThroughIdp({ nameId: userName, attributes: { groups: ['staff'] } });
    await t.database.db
      .updateTable('app_user')
      .set({ registration_status: 'RAISED_FOR_APPROVAL' })
      .where('user_name', '=', userName)
      .execute();
    expect(first.status).toBe('ROLE_UNASSIGNED');
    const res = await exchange(first.authToken ?? '', userName);
    expect(res.json()).toMatchObject({ registrationStatus: 'RAISED_FOR_APPROVAL', ssoTemporaryToken: null });
  });

  it('gives a new member of a mapped group its roles and module, and a session', async () => {
    const userName = uniqueName('mapped');
    const query = await signInThroughIdp({ nameId: userName, attributes: { groups: ['staff', 'Recon-Operators'] } });
    expect(query.status).toBe('SUCCESS');
    const res = await exchange(query.authToken ?? '', userName);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rolesName: ['ROLE_OPERATOR'], registrationStatus: 'APPROVED' });
  });
});

describe('SAML refusals: each audited, none signs in', () => {
  it.each([
    ['unsigned', () => assertionFor('mallory', { signer: null }), SAML_TEXTS.signature, 'SIGNATURE'],
    [
      'signed by another key',
      () => assertionFor('mallory', { signer: otherSigner }),
      SAML_TEXTS.signature,
      'SIGNATURE',
    ],
    [
      'unsigned inside a signed Response',
      () => assertionFor('mallory', { signs: 'response' }),
      SAML_TEXTS.signature,
      'SIGNATURE',
    ],
    [
      'for another audience',
      () => assertionFor('mallory', { audience: 'someone-else' }),
      SAML_TEXTS.audience,
      'AUDIENCE',
    ],
    [
      'expired',
      () =>
        assertionFor('mallory', {
          notBefore: new Date(Date.now() - 20 * 60_000),
          notOnOrAfter: new Date(Date.now() - 10 * 60_000),
        }),
      SAML_TEXTS.expired,
      'EXPIRED',
    ],
    [
      'not yet valid',
      () => assertionFor('mallory', { notBefore: new Date(Date.now() + 10 * 60_000) }),
      SAML_TEXTS.notYetValid,
      'NOT_YET_VALID',
    ],
    [
      'from another issuer',
      () => assertionFor('mallory', { issuer: 'https://evil.test' }),
      SAML_TEXTS.issuer,
      'ISSUER',
    ],
  ])('an assertion %s', async (_label, make, reason, code) => {
    const query = await postToAcs(make());
    expect(query).toEqual({ status: 'ERROR', error: reason });
    expect(await lastSamlFailure()).toMatchObject({
      outcome: 'FAILURE',
      details: { method: 'SAML', registrationId: REGISTRATION, code, reason },
    });
    const created = await t.database.db
      .selectFrom('app_user')
      .select('id')
      .where('user_name', '=', 'mallory')
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('an answer to a sign-in this server never started', async () => {
    const query = await postToAcs(assertionFor('mallory', { inResponseTo: '_never-sent' }));
    expect(query).toEqual({ status: 'ERROR', error: SAML_TEXTS.unknownRequest });
    expect(await lastSamlFailure()).toMatchObject({ details: { code: 'IN_RESPONSE_TO' } });
  });

  it('the same assertion presented twice', async () => {
    const userName = uniqueName('replayed');
    await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
    const response = assertionFor(userName);
    expect((await postToAcs(response)).status).toBe('SUCCESS');
    expect(await postToAcs(response)).toEqual({ status: 'ERROR', error: SAML_TEXTS.replayed, userName });
    expect(await lastSamlFailure()).toMatchObject({ user_name: userName, details: { code: 'REPLAY' } });
    const seen = await t.database.db.selectFrom('saml_assertion_seen').select('expires_at').execute();
    expect(seen.length).toBeGreaterThan(0);
  });

  it('a ticket presented after its two minutes', async () => {
    const userName = uniqueName('slow');
    await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
    const query = await postToAcs(assertionFor(userName));
    t.clock.advance(2 * 60_000 + 1);
    try {
      const res = await exchange(query.authToken ?? '', userName);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual([{ message: SAML_TEXTS.ticketInvalid, code: 'BAD_CREDENTIALS' }]);
    } finally {
      t.clock.advance(-(2 * 60_000 + 1));
    }
  });

  it('a ticket for one user presented with another user name', async () => {
    const userName = uniqueName('owner');
    await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
    const query = await postToAcs(assertionFor(userName));
    const res = await exchange(query.authToken ?? '', 'saml-admin');
    expect(res.statusCode).toBe(400);
    expect(await lastSamlFailure()).toMatchObject({ user_name: 'saml-admin', details: { code: 'TICKET' } });
  });

  it('a disabled user', async () => {
    const userName = uniqueName('disabled');
    await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds: [moduleId], isActive: false });
    const query = await postToAcs(assertionFor(userName));
    expect(query).toMatchObject({ status: 'ERROR', userName });
    expect(query.authToken).toBeUndefined();
  });

  it('a sign-in for a registration that does not exist or is switched off', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/web/v2/sso-login', payload: { registrationId: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SAML_TEXTS.notConfigured);
    expect(await lastSamlFailure()).toMatchObject({ details: { method: 'SAML', registrationId: 'nope' } });
  });

  it('POST v2/saml_login with a made-up ticket', async () => {
    const res = await exchange('not-a-ticket', 'saml-admin');
    expect(res.statusCode).toBe(400);
    expect(await lastSamlFailure()).toMatchObject({ user_name: 'saml-admin', details: { code: 'TICKET' } });
  });
});

describe('SAML configuration (v2/saml/config)', () => {
  it('answers one registration by registrationId, the list with Find=All, and login-methods offers it', async () => {
    const one = await call(t, admin, { method: 'GET', url: `/web/v2/saml/config?registrationId=${REGISTRATION}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      registrationId: REGISTRATION,
      spEntityId: SP_ENTITY,
      certificateSubject: 'CN=idp.test',
      acsUrl: expect.stringMatching(/\/web\/v2\/saml\/acs\/corp-idp$/),
    });
    const all = await call(t, admin, { method: 'GET', url: '/web/v2/saml/config?Find=All' });
    expect(all.json().data.map((c: { registrationId: string }) => c.registrationId)).toContain(REGISTRATION);
    const methods = await t.app.inject({ method: 'GET', url: '/web/v2/login-methods' });
    expect(methods.json().data).toContainEqual({
      type: 'SAML',
      label: 'Corporate directory',
      isEnabled: true,
      registrationId: REGISTRATION,
    });
    const missing = await call(t, admin, { method: 'GET', url: '/web/v2/saml/config?registrationId=none' });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a certificate that is not PEM, or PEM that is not a certificate, and a taken registration id', async () => {
    const notPem = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/saml/config',
      payload: configBody({ registrationId: 'other', idpCertificate: 'hello' }),
    });
    expect(notPem.statusCode).toBe(400);
    expect(JSON.stringify(notPem.json())).toContain(SAML_TEXTS.certificateInvalid);
    const garbled = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/saml/config',
      payload: configBody({
        registrationId: 'other',
        idpCertificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
      }),
    });
    expect(garbled.statusCode).toBe(400);
    expect(JSON.stringify(garbled.json())).toContain(SAML_TEXTS.certificateInvalid);
    const taken = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/saml/config',
      payload: configBody({ registrationId: 'CORP-IDP' }),
    });
    expect(taken.statusCode).toBe(400);
    expect(JSON.stringify(taken.json())).toContain(SAML_TEXTS.registrationIdTaken);
  });

  it('updates and deletes a registration, audited; a user without the integrations privilege is refused', async () => {
    const created = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/saml/config',
      payload: configBody({ registrationId: 'temp-idp', name: 'Temp' }),
    });
    const id = created.json().id as number;
    const updated = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/saml/config/${id}`,
      payload: configBody({ registrationId: 'temp-idp', name: 'Temp', isEnabled: false }),
    });
    expect(updated.json()).toMatchObject({ isEnabled: false });
    const start = await t.app.inject({
      method: 'POST',
      url: '/web/v2/sso-login',
      payload: { registrationId: 'temp-idp' },
    });
    expect(start.statusCode).toBe(400);
    const removed = await call(t, admin, { method: 'DELETE', url: `/web/v2/saml/config/${id}` });
    expect(removed.json()).toEqual({ message: SAML_TEXTS.deleted });
    for (const event of ['SAML_CONFIG_CREATED', 'SAML_CONFIG_UPDATED', 'SAML_CONFIG_DELETED']) {
      expect((await auditRows(t, event)).some((r) => r.entity_id === String(id))).toBe(true);
    }

    await addUser(t, { userName: 'saml-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
    const operator = await signIn(t, 'saml-operator');
    const refused = await call(t, operator, { method: 'GET', url: '/web/v2/saml/config?Find=All' });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a mapping to a role that does not exist, and the Admin role from a non-administrator', async () => {
    const unknown = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/saml/config',
      payload: configBody({
        registrationId: 'roles-idp',
        groupMappings: [{ group: 'x', roles: ['ROLE_WIZARD'], moduleIds: [] }],
      }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(`${SAML_TEXTS.unknownRole}: ROLE_WIZARD`);

    // A manager granted the integrations privilege, but not an administrator.
    const managerRole = await t.database.db
      .selectFrom('role')
      .select('id')
      .where('name', '=', 'ROLE_MANAGER')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('role_privilege')
      .values({ role_id: managerRole.id, code: 'integrations', version: 'v2' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await addUser(t, { userName: 'saml-manager', roles: ['ROLE_MANAGER'], moduleIds: [moduleId] });
    const manager = await signIn(t, 'saml-manager');
    const escalation = await call(t, manager, {
      method: 'POST',
      url: '/web/v2/saml/config',
      payload: configBody({
        registrationId: 'escalate-idp',
        groupMappings: [{ group: 'x', roles: ['ROLE_ADMIN'], moduleIds: [] }],
      }),
    });
    expect(escalation.statusCode).toBe(403);
    expect(escalation.json()).toEqual([{ message: SAML_TEXTS.adminRoleMapping, code: 'FORBIDDEN' }]);
    const operatorOnly = await call(t, manager, {
      method: 'POST',
      url: '/web/v2/saml/config',
      payload: configBody({ registrationId: 'manager-idp' }),
    });
    expect(operatorOnly.statusCode).toBe(200);
  });
});
