import { LDAP_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  groupDn,
  type LdapDirectory,
  makeServerCertificate,
  PEOPLE_DN,
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

let t: TestApp;
let admin: Session;
let moduleId: number;
let tlsDir: LdapDirectory;
let plainDir: LdapDirectory;
const cert = makeServerCertificate();
const people = [
  { uid: 'tina', password: 'Tina@Dir1', cn: 'Tina Tls', memberOf: [groupDn('recon-operators')] },
  { uid: 'paul', password: 'Paul@Dir1', cn: 'Paul Plain', memberOf: [groupDn('recon-operators')] },
];

beforeAll(async () => {
  t = await createTestApp();
  tlsDir = await startLdapDirectory({ people, tls: cert });
  plainDir = await startLdapDirectory({ people });
  moduleId = await addModule(t, 'LDAP TLS module');
  await addUser(t, { userName: 'tls-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'tls-admin');
});
afterAll(async () => {
  await tlsDir?.close();
  await plainDir?.close();
  await t?.close();
});

const config = (over: Record<string, unknown> = {}) => ({
  isEnabled: true,
  url: tlsDir.url,
  bindMode: 'DIRECT',
  userDnTemplate: `uid={username},${PEOPLE_DN}`,
  groupsAttribute: 'memberOf',
  groupMappings: [{ group: 'recon-operators', roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] }],
  connectTimeoutMs: 2000,
  caCertificate: cert.certPem,
  ...over,
});
const save = (payload: Record<string, unknown>) =>
  call(t, admin, { method: 'PUT', url: '/web/v2/ldap/config', payload });
const test = (payload: Record<string, unknown>) =>
  call(t, admin, { method: 'POST', url: '/web/v2/ldap/config/test', payload });
const ldapLogin = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/web/v2/ldap_login', payload: { userName, password } });

describe('LDAP over TLS', () => {
  it('signs in over ldaps:// trusting the configured CA certificate, which the setup shows', async () => {
    const res = await save(config());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      url: tlsDir.url,
      caCertificateSubject: 'CN=ldap.corp.test',
      startTls: false,
      rejectUnauthorized: true,
    });
    expect(res.json().caCertificateValidTo).toEqual(expect.any(String));
    const login = await ldapLogin('tina', 'Tina@Dir1');
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ userName: 'tina', rolesName: ['ROLE_OPERATOR'] });
    expect(tlsDir.binds.at(-1)).toEqual({ dn: `uid=tina,${PEOPLE_DN}`.toLowerCase(), hasPassword: true });
  });

  it('refuses a directory whose certificate it cannot trust, before any password is sent', async () => {
    expect((await save(config({ caCertificate: null }))).statusCode).toBe(200);
    const before = tlsDir.binds.length;
    const login = await ldapLogin('tina', 'Tina@Dir1');
    expect(login.statusCode).toBe(503);
    expect(tlsDir.binds).toHaveLength(before);
    expect((await test(config({ caCertificate: null }))).json()).toEqual({
      success: false,
      message: LDAP_TEXTS.testTlsRefused,
    });
    // Trusting it anyway is an administrator's explicit choice.
    expect((await save(config({ caCertificate: null, rejectUnauthorized: false }))).statusCode).toBe(200);
    expect((await ldapLogin('tina', 'Tina@Dir1')).statusCode).toBe(200);
  });

  it('with StartTLS never binds in clear: a directory that does not offer it is unavailable', async () => {
    expect((await save(config({ url: plainDir.url, startTls: true, caCertificate: null }))).statusCode).toBe(200);
    const login = await ldapLogin('paul', 'Paul@Dir1');
    expect(login.statusCode).toBe(503);
    expect(plainDir.binds).toEqual([]);
  });

  it('refuses a CA certificate that is not one, and StartTLS on an ldaps:// address', async () => {
    const notPem = await save(config({ caCertificate: 'hello' }));
    expect(notPem.statusCode).toBe(400);
    expect(JSON.stringify(notPem.json())).toContain(LDAP_TEXTS.caCertificateInvalid);
    const garbled = await save(
      config({ caCertificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }),
    );
    expect(garbled.statusCode).toBe(400);
    expect(JSON.stringify(garbled.json())).toContain('caCertificate');
    const both = await save(config({ startTls: true }));
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json())).toContain(LDAP_TEXTS.startTlsWithLdaps);
  });

  it('removes the directory: LDAP is no longer offered, audited; a second removal finds none', async () => {
    const removed = await call(t, admin, { method: 'DELETE', url: '/web/v2/ldap/config' });
    expect(removed.json()).toEqual({ message: LDAP_TEXTS.deleted });
    expect((await call(t, admin, { method: 'GET', url: '/web/v2/ldap/config' })).json()).toEqual({ data: null });
    const methods = await t.app.inject({ method: 'GET', url: '/web/v2/login-methods' });
    expect(methods.json().data.map((m: { type: string }) => m.type)).not.toContain('LDAP');
    expect((await auditRows(t, 'LDAP_CONFIG_DELETED')).at(-1)).toMatchObject({ user_name: 'tls-admin' });
    expect((await call(t, admin, { method: 'DELETE', url: '/web/v2/ldap/config' })).statusCode).toBe(404);
  });
});
