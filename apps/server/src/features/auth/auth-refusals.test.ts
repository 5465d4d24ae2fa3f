import { SETTING_KEYS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  call,
  createTestApp,
  setSetting,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';
import { AUTH_TEXTS } from './auth.service.ts';

// Issue 11.7: every refusal of a sign-in, code, reset or refresh call is in the audit log as a FAILURE, with the code
// and message the caller got. (Login, code verification, forgot-password and the refresh of a signed token audit
// their refusals themselves: auth.test, auth-otp.test, auth-password.test.)

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t, 'USER', SETTING_KEYS.MULTIFACTOR_AUTHENTICATION, 'true');
});
afterAll(() => t.close());

/** The newest audit record, which must be the refusal just answered. */
const lastAudit = async () =>
  t.database.db
    .selectFrom('audit_log')
    .select(['event', 'outcome', 'user_id', 'user_name', 'details'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

async function expectRefusalAudited(
  res: { statusCode: number; json: () => unknown },
  event: string,
  who: { user_id?: number; user_name?: string } = {},
) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  const body = res.json() as [{ message: string; code: string }] | { message: string };
  const message = Array.isArray(body) ? body[0].message : body.message;
  expect(await lastAudit()).toMatchObject({ event, outcome: 'FAILURE', ...who, details: { reason: message } });
}

/** A new user (with a number unless told otherwise) who has passed the password step: its tempToken. */
async function startSignIn(contactNumber: string | null = '+919833300001') {
  const userName = uniqueName('refused');
  const userId = await addUser(t, { userName, roles: ['ROLE_OPERATOR'], contactNumber, email: `${userName}@x.test` });
  const res = await t.app.inject({
    method: 'POST',
    url: '/web/v2/login',
    payload: { userName, password: TEST_PASSWORD },
  });
  return { userName, userId, tempToken: res.json().tempToken as string };
}

describe('refusals the audit log records', () => {
  it('an LDAP attempt while none is configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/web/v2/ldap_login',
      payload: { userName: 'dir-user', password: 'x' },
    });
    await expectRefusalAudited(res, 'LOGIN_FAILURE', { user_name: 'dir-user' });
  });

  it('a SAML start for a registration that is not configured, and a SAML ticket that is not one', async () => {
    const start = await t.app.inject({ method: 'POST', url: '/web/v2/sso-login', payload: { registrationId: 'corp' } });
    await expectRefusalAudited(start, 'LOGIN_FAILURE');
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/web/v2/saml_login',
      headers: { authtoken: 'made-up', username: 'dir-user' },
    });
    await expectRefusalAudited(exchange, 'LOGIN_FAILURE', { user_name: 'dir-user' });
  });

  it('a new code when no sign-in waits for one, within 30 seconds, or without a number', async () => {
    const nobody = await addUser(t, { userName: uniqueName('idle'), roles: ['ROLE_OPERATOR'] });
    const resend = (userId: number) => t.app.inject({ method: 'GET', url: `/web/v2/resendotp/${userId}` });
    await expectRefusalAudited(await resend(nobody), 'OTP_FAILURE', { user_id: nobody });
    const waiting = await startSignIn();
    await expectRefusalAudited(await resend(waiting.userId), 'OTP_FAILURE', { user_id: waiting.userId });
    expect((await lastAudit()).details).toMatchObject({ code: 'RATE_LIMITED', reason: AUTH_TEXTS.otpWait });
    const numberless = await startSignIn(null);
    await expectRefusalAudited(await resend(numberless.userId), 'OTP_FAILURE', { user_id: numberless.userId });
  });

  it('a number set with an unknown tempToken, or over a registered one', async () => {
    const update = (tempToken: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/web/v2/appusers/updatenumber',
        query: { mobile: '+919800000000', tempToken },
      });
    await expectRefusalAudited(await update('not-a-token'), 'CONTACT_NUMBER_UPDATED');
    const withNumber = await startSignIn();
    await expectRefusalAudited(await update(withNumber.tempToken), 'CONTACT_NUMBER_UPDATED');
    expect((await lastAudit()).details).toMatchObject({ reason: AUTH_TEXTS.contactExists });
  });

  it('a reset code for an unknown link, and a second one within 30 seconds', async () => {
    const send = (tempToken: string) =>
      t.app.inject({ method: 'POST', url: '/web/v2/send-otp-reset-password', query: { tempToken } });
    await expectRefusalAudited(await send('not-a-link'), 'PASSWORD_RESET_REQUESTED');
    const { userName } = await startSignIn();
    await t.app.inject({ method: 'POST', url: '/web/v2/forgotPassword', payload: { userName } });
    const link = /tempToken=([A-Za-z0-9_-]+)/.exec(t.notifier.messages.at(-1)?.body ?? '')?.[1] as string;
    expect((await send(link)).statusCode).toBe(200);
    await expectRefusalAudited(await send(link), 'PASSWORD_RESET_REQUESTED');
  });

  it('a password reset with an unknown link, the current password, or without the required code', async () => {
    const reset = (tempToken: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/web/v2/resetPassword',
        payload: { tempToken, password, confirmPassword: password },
      });
    await expectRefusalAudited(await reset('not-a-link', 'Fresh#Start2027'), 'PASSWORD_RESET');
    const { userName } = await startSignIn();
    await t.app.inject({ method: 'POST', url: '/web/v2/forgotPassword', payload: { userName } });
    const link = /tempToken=([A-Za-z0-9_-]+)/.exec(t.notifier.messages.at(-1)?.body ?? '')?.[1] as string;
    await expectRefusalAudited(await reset(link, TEST_PASSWORD), 'PASSWORD_RESET');
    expect((await lastAudit()).details).toMatchObject({ reason: AUTH_TEXTS.samePassword });
    await setSetting(t, 'USER', SETTING_KEYS.IS_OTP_REQUIRED_IN_FORGOT_PASSWORD, 'true');
    try {
      await expectRefusalAudited(await reset(link, 'Fresh#Start2027'), 'PASSWORD_RESET');
      expect((await lastAudit()).details).toMatchObject({ reason: AUTH_TEXTS.otpRequired });
    } finally {
      await setSetting(t, 'USER', SETTING_KEYS.IS_OTP_REQUIRED_IN_FORGOT_PASSWORD, 'false');
    }
  });

  it('a refresh with an access token this server did not sign', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/web/v2/refreshtoken',
      payload: { authToken: 'eyJhbGciOiJIUzI1NiJ9.e30.forged', refreshToken: 'whatever', userName: 'mallory' },
    });
    await expectRefusalAudited(res, 'REFRESH_FAILURE', { user_name: 'mallory' });
  });

  it('a call with a forged access token, another user’s, or one of an ended session (not a missing or expired one)', async () => {
    const userName = uniqueName('guarded');
    await setSetting(t, 'USER', SETTING_KEYS.MULTIFACTOR_AUTHENTICATION, 'false');
    const userId = await addUser(t, { userName, roles: ['ROLE_OPERATOR'] });
    const s = await signIn(t, userName);
    await setSetting(t, 'USER', SETTING_KEYS.MULTIFACTOR_AUTHENTICATION, 'true');
    const url = '/web/v2/privileges?Find=ByRole';
    const denied = async (reason: string, who: Record<string, unknown>) =>
      expect(await lastAudit()).toMatchObject({
        event: 'ACCESS_DENIED',
        outcome: 'FAILURE',
        ...who,
        details: { reason },
      });

    expect((await call(t, { ...s, authToken: `${s.authToken}x` }, { method: 'GET', url })).statusCode).toBe(401);
    await denied('Invalid access token', { user_id: null });
    expect((await call(t, { ...s, userId: userId + 1000 }, { method: 'GET', url })).statusCode).toBe(401);
    await denied('Access token does not belong to this user', { user_id: userId, user_name: userName });
    expect((await call(t, s, { method: 'GET', url: '/web/v2/logout' })).statusCode).toBe(200);
    expect((await call(t, s, { method: 'GET', url })).statusCode).toBe(401);
    await denied('Session has ended', { user_id: userId });

    const before = await lastAudit();
    expect((await call(t, null, { method: 'GET', url })).statusCode).toBe(401);
    expect(await lastAudit()).toEqual(before);
  });
});
