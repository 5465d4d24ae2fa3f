import { RECOVERY_CODE_COUNT, SETTING_KEYS, USER_TOTP_TEXTS } from '@recon/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidBody } from '@/testing/error-bodies.ts';
import { groupDn, type LdapDirectory, PEOPLE_DN, startLdapDirectory } from '@/testing/ldap-directory.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  setSetting,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';
import { AUTH_TEXTS } from './auth.service.ts';

let t: TestApp;
let admin: Session;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, uniqueName('totp-module'));
  await addUser(t, { userName: 'totp-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'totp-admin');
});
afterAll(() => t?.close());

/** The message of an error body: a list of errors, or one with field errors. */
const messageOf = (res: { json: () => unknown }) => {
  const body = res.json() as { message: string } | { message: string }[];
  return Array.isArray(body) ? body[0]?.message : body.message;
};
const setMfa = (on: boolean) => setSetting(t, 'USER', SETTING_KEYS.MULTIFACTOR_AUTHENTICATION, String(on));
/** The code the user's app shows `offsetSteps` steps from the server's now. */
const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: t.clock.now.getTime() + offsetSteps * 30_000,
  });
const enrol = (s: Session) => call(t, s, { method: 'POST', url: '/web/v2/mfa/totp' });
const confirm = (s: Session, code: string) =>
  call(t, s, { method: 'POST', url: '/web/v2/mfa/totp/confirm', payload: { code } });
const login = (userName: string) =>
  t.app.inject({ method: 'POST', url: '/web/v2/login', payload: { userName, password: TEST_PASSWORD } });
const verify = (userId: number, otp: string) =>
  t.app.inject({ method: 'POST', url: '/web/v2/verifyotp', payload: { userId, otp } });

/** A user with a number, signed in while MFA is off; it is switched on again when `mfa` says so. */
async function newUser(mfa = true) {
  await setMfa(false);
  const userName = uniqueName('totp');
  await addUser(t, { userName, roles: ['ROLE_OPERATOR'], moduleIds: [moduleId], contactNumber: '+919811100077' });
  const session = await signIn(t, userName);
  await setMfa(mfa);
  return session;
}

/** Enrols and confirms an authenticator for the session's user; answers its seed (and its recovery codes). */
async function enrolledWithCodes(s: Session) {
  const res = await enrol(s);
  expect(res.statusCode).toBe(200);
  const { secret } = res.json();
  const confirmed = await confirm(s, codeOf(secret));
  expect(confirmed.statusCode).toBe(200);
  // The confirming code's step is used: sign-in starts two steps later, so the step before is free to use.
  t.clock.advance(60_000);
  return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}
const enrolled = async (s: Session) => (await enrolledWithCodes(s)).secret;
const totpStatus = async (s: Session) => (await call(t, s, { method: 'GET', url: '/web/v2/mfa/totp' })).json();
const regenerate = (s: Session, code: string) =>
  call(t, s, { method: 'POST', url: '/web/v2/mfa/totp/recovery-codes', payload: { code } });

describe('a user sets up an authenticator app (v2/mfa/totp)', () => {
  it('is refused while multi-factor authentication is off', async () => {
    const s = await newUser(false);
    const res = await enrol(s);
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(USER_TOTP_TEXTS.mfaOff);
    expect((await call(t, s, { method: 'GET', url: '/web/v2/mfa/totp' })).json()).toEqual({
      mfaEnabled: false,
      enrolled: false,
      confirmedAt: null,
      recoveryCodesLeft: 0,
    });
  });

  it('answers a QR code and the seed once, keeps it sealed, and confirms it with a first code', async () => {
    const s = await newUser();
    const res = await enrol(s);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.otpauthUri).toMatch(
      new RegExp(`^otpauth://totp/Recon:${s.userName}\\?.*secret=${body.secret}.*`.replace('?', '\\?')),
    );
    expect(body.qrCodeDataUrl).toMatch(/^data:image\/gif;base64,/);
    const row = await t.database.db
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', s.userId)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed.startsWith('enc1:')).toBe(true);
    expect(row.secret_sealed).not.toContain(body.secret);
    expect(row.confirmed_at).toBeNull();

    const wrong = await confirm(s, codeOf(body.secret, 5));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(invalidBody('code', USER_TOTP_TEXTS.codeInvalid));
    expect((await confirm(s, codeOf(body.secret))).json()).toMatchObject({ message: USER_TOTP_TEXTS.confirmed });
    const status = await call(t, s, { method: 'GET', url: '/web/v2/mfa/totp' });
    expect(status.json()).toMatchObject({ mfaEnabled: true, enrolled: true });
    expect(status.body).not.toContain(body.secret);
    expect((await auditRows(t, 'USER_TOTP_CONFIRMED')).map((r) => r.user_name)).toContain(s.userName);

    // A second authenticator only after an administrator's reset.
    const again = await enrol(s);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(USER_TOTP_TEXTS.alreadySetUp);
  });
});

describe('sign-in with an authenticator app', () => {
  it("asks for the app's code instead of texting one; a code works once, the step before or after too", async () => {
    const s = await newUser();
    const secret = await enrolled(s);
    const sent = t.notifier.messages.length;

    const res = await login(s.userName);
    expect(res.json()).toMatchObject({
      otpRequired: true,
      mfaMethod: 'TOTP',
      contactNumberRequired: false,
      maskedContactNumber: null,
    });
    expect(t.notifier.messages).toHaveLength(sent);
    const resend = await t.app.inject({ method: 'GET', url: `/web/v2/resendotp/${s.userId}` });
    expect(resend.statusCode).toBe(400);
    expect(messageOf(resend)).toBe(AUTH_TEXTS.totpNoResend);
    expect(t.notifier.messages).toHaveLength(sent);

    expect(messageOf(await verify(s.userId, codeOf(secret, 3)))).toBe(AUTH_TEXTS.otpInvalid);
    const code = codeOf(secret, -1);
    const ok = await verify(s.userId, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ userName: s.userName, authToken: expect.any(String) });

    // The same code at once again (a watcher's replay): refused.
    await login(s.userName);
    const replay = await verify(s.userId, code);
    expect(replay.statusCode).toBe(400);
    expect(messageOf(replay)).toBe(AUTH_TEXTS.otpInvalid);
    // The current step's code is accepted; a code of an earlier step than one used never is.
    expect((await verify(s.userId, codeOf(secret))).statusCode).toBe(200);
    await login(s.userName);
    expect(messageOf(await verify(s.userId, codeOf(secret, -1)))).toBe(AUTH_TEXTS.otpInvalid);
  });

  it('an administrator resets a lost authenticator: sign-in texts a code again; others may not reset', async () => {
    const s = await newUser();
    await enrolled(s);
    const other = await newUser();
    const refused = await call(t, other, { method: 'DELETE', url: `/web/v2/appusers/${s.userId}/totp` });
    expect(refused.statusCode).toBe(403);

    const reset = await call(t, admin, { method: 'DELETE', url: `/web/v2/appusers/${s.userId}/totp` });
    expect(reset.json()).toEqual({ message: USER_TOTP_TEXTS.reset });
    expect((await auditRows(t, 'USER_TOTP_RESET')).at(-1)).toMatchObject({ user_name: 'totp-admin' });
    const twice = await call(t, admin, { method: 'DELETE', url: `/web/v2/appusers/${s.userId}/totp` });
    expect(twice.statusCode).toBe(404);

    const res = await login(s.userName);
    expect(res.json()).toMatchObject({ otpRequired: true, mfaMethod: 'SMS', maskedContactNumber: '*********0077' });
    expect((await verify(s.userId, t.notifier.lastCode() ?? '')).statusCode).toBe(200);
  });
});

describe('recovery codes of an authenticator app', () => {
  it('gives ten codes once when the app is confirmed, keeps only their hashes, and counts them', async () => {
    const s = await newUser();
    const { recoveryCodes } = await enrolledWithCodes(s);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const stored = await t.database.db
      .selectFrom('user_totp_recovery_code')
      .select(['code_hash', 'used_at'])
      .where('user_id', '=', s.userId)
      .execute();
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const hashes = stored.map((r) => r.code_hash).join(' ');
    for (const code of recoveryCodes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace('-', ''));
    }
    const status = await totpStatus(s);
    expect(status).toMatchObject({ enrolled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect(JSON.stringify(status)).not.toContain(recoveryCodes[0]);
    expect((await auditRows(t, 'USER_TOTP_RECOVERY_CODES_CREATED')).at(-1)).toMatchObject({
      user_name: s.userName,
      details: { count: RECOVERY_CODE_COUNT },
    });
  });

  it("signs in once with each code in place of the app's code, says how many are left, and audits it", async () => {
    const s = await newUser();
    const { secret, recoveryCodes } = await enrolledWithCodes(s);
    const [first, second] = recoveryCodes as [string, string];
    const other = await newUser();
    const { recoveryCodes: othersCodes } = await enrolledWithCodes(other);

    await login(s.userName);
    // Another user's code is not this user's.
    expect(messageOf(await verify(s.userId, othersCodes[0] ?? ''))).toBe(AUTH_TEXTS.otpInvalid);
    const ok = await verify(s.userId, first);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ userName: s.userName, authToken: expect.any(String), recoveryCodesLeft: 9 });
    expect((await auditRows(t, 'USER_TOTP_RECOVERY_CODE_USED')).at(-1)).toMatchObject({
      user_name: s.userName,
      details: { recoveryCodesLeft: 9 },
    });

    // Used up: the same code again is a wrong code.
    await login(s.userName);
    expect(messageOf(await verify(s.userId, first))).toBe(AUTH_TEXTS.otpInvalid);
    // Typed in capitals, with a space for the dash: still the code.
    const typed = await verify(s.userId, second.toUpperCase().replace('-', ' '));
    expect(typed.statusCode).toBe(200);
    expect(typed.json()).toMatchObject({ recoveryCodesLeft: 8 });
    // An app code signs in without the count.
    await login(s.userName);
    const app = await verify(s.userId, codeOf(secret));
    expect(app.statusCode).toBe(200);
    expect(app.json()).not.toHaveProperty('recoveryCodesLeft');
    expect(await totpStatus(s)).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('makes ten new codes on request with a current app code; the old ones stop working', async () => {
    const s = await newUser();
    const { secret, recoveryCodes: old } = await enrolledWithCodes(s);
    const wrong = await regenerate(s, codeOf(secret, 5));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(invalidBody('code', USER_TOTP_TEXTS.codeInvalid));

    const res = await regenerate(s, codeOf(secret));
    expect(res.statusCode).toBe(200);
    const fresh = res.json();
    expect(fresh.message).toBe(USER_TOTP_TEXTS.recoveryCodesCreated);
    expect(fresh.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.recoveryCodes.some((c: string) => old.includes(c))).toBe(false);
    // The app code just used does not work twice.
    expect((await regenerate(s, codeOf(secret))).statusCode).toBe(400);
    t.clock.advance(60_000);

    await login(s.userName);
    expect(messageOf(await verify(s.userId, old[0] ?? ''))).toBe(AUTH_TEXTS.otpInvalid);
    expect((await verify(s.userId, fresh.recoveryCodes[0])).statusCode).toBe(200);

    // Without a confirmed app there is nothing to make codes for.
    const none = await newUser();
    expect((await regenerate(none, '123456')).statusCode).toBe(404);
  });

  it("goes with the app: an administrator's reset voids the codes", async () => {
    const s = await newUser();
    const { recoveryCodes } = await enrolledWithCodes(s);
    expect((await call(t, admin, { method: 'DELETE', url: `/web/v2/appusers/${s.userId}/totp` })).statusCode).toBe(200);
    const left = await t.database.db
      .selectFrom('user_totp_recovery_code')
      .select('id')
      .where('user_id', '=', s.userId)
      .execute();
    expect(left).toHaveLength(0);
    expect((await login(s.userName)).json()).toMatchObject({ mfaMethod: 'SMS' });
    expect(messageOf(await verify(s.userId, recoveryCodes[0] ?? ''))).toBe(AUTH_TEXTS.otpInvalid);
  });
});

describe('MFA after an LDAP sign-in', () => {
  let dir: LdapDirectory;
  beforeAll(async () => {
    await setMfa(false);
    dir = await startLdapDirectory({
      people: [
        { uid: 'mfa.mapped', password: 'Mapped@Dir1', cn: 'Mia Mapped', memberOf: [groupDn('recon-operators')] },
        { uid: 'mfa.new', password: 'New@Dir1', cn: 'Nik New' },
      ],
    });
    const res = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/ldap/config',
      payload: {
        isEnabled: true,
        url: dir.url,
        bindMode: 'DIRECT',
        userDnTemplate: `uid={username},${PEOPLE_DN}`,
        emailAttribute: 'mail',
        nameAttribute: 'cn',
        groupsAttribute: 'memberOf',
        groupMappings: [{ group: 'recon-operators', roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] }],
        connectTimeoutMs: 2000,
      },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => dir?.close());
  const ldapLogin = (userName: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/web/v2/ldap_login', payload: { userName, password } });

  it('asks a directory user with a role and a module for the code, as after a password', async () => {
    await setMfa(true);
    const res = await ldapLogin('mfa.mapped', 'Mapped@Dir1');
    expect(res.statusCode).toBe(200);
    const pending = res.json();
    expect(pending).toMatchObject({ userName: 'mfa.mapped', otpRequired: true, contactNumberRequired: true });
    expect(pending).not.toHaveProperty('authToken');
    expect((await auditRows(t, 'LOGIN_OTP_SENT')).at(-1)).toMatchObject({ details: { method: 'LDAP' } });
  });

  it('gives an unmapped directory user the department flow without a code (their session holds no privilege)', async () => {
    await setMfa(true);
    const res = await ldapLogin('mfa.new', 'New@Dir1');
    expect(res.json()).toMatchObject({ rolesName: [], ssoTemporaryToken: expect.any(String) });
  });
});
