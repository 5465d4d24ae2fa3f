import { PASSWORD_POLICY_TEXT, SETTING_KEYS } from '@recon/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/config.ts';
import { invalidBody } from '@/testing/error-bodies.ts';
import {
  addUser,
  auditRows,
  call,
  createTestApp,
  setSetting,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';
import { AUTH_TEXTS } from './auth.service.ts';

const NEW_PASSWORD = 'Fresh#Start2027';

let t: TestApp;
let clockOffset = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  t.clock.advance(-clockOffset);
  clockOffset = 0;
});
const advance = (ms: number) => {
  t.clock.advance(ms);
  clockOffset += ms;
};

const forgot = (userName: unknown) =>
  t.app.inject({ method: 'POST', url: '/web/v2/forgotPassword', payload: { userName } });
const reset = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/web/v2/resetPassword', payload });
const login = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/web/v2/login', payload: { userName, password } });
const sendResetOtp = (tempToken: string) =>
  t.app.inject({ method: 'POST', url: '/web/v2/send-otp-reset-password', query: { tempToken } });

/** A new user with an e-mail (and a number unless told otherwise). */
async function newUser(contactNumber: string | null = '+919822200001') {
  const userName = uniqueName('reset');
  const email = `${userName}@bank.test`;
  const userId = await addUser(t, { userName, roles: ['ROLE_OPERATOR'], email, contactNumber });
  return { userName, email, userId };
}

/** Asks for a reset link and reads its tempToken from the e-mail. */
async function requestLink(userName: string, email: string): Promise<string> {
  const res = await forgot(userName);
  expect(res.statusCode).toBe(200);
  const mail = t.notifier.messages.filter((m) => m.recipient === email).at(-1);
  const token = /tempToken=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no reset link was sent to ${email}`);
  return token;
}

describe('POST v2/forgotPassword', () => {
  it('answers the same message for an existing and an unknown user, and e-mails only the existing one', async () => {
    const { userName, email, userId } = await newUser();
    const before = t.notifier.messages.length;
    const known = await forgot(userName);
    const unknown = await forgot(uniqueName('nobody'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: AUTH_TEXTS.forgotSent });
    expect(unknown.json()).toEqual(known.json());
    const sent = t.notifier.messages.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'EMAIL', recipient: email, userId, subject: 'Reset your password' });
    expect(sent[0]?.body).toContain(`${testConfig().publicUrl}/reset-password?tempToken=`);
    const audits = await auditRows(t, 'PASSWORD_RESET_REQUESTED');
    expect(audits.some((r) => r.user_id === userId && r.outcome === 'SUCCESS')).toBe(true);
    expect(audits.some((r) => r.outcome === 'FAILURE')).toBe(true);
  });

  it('texts the link when the user has a number but no e-mail', async () => {
    const userName = uniqueName('sms-only');
    await addUser(t, { userName, roles: ['ROLE_OPERATOR'], contactNumber: '+919822200002' });
    await forgot(userName);
    expect(t.notifier.messages.at(-1)).toMatchObject({ channel: 'SMS', recipient: '+919822200002' });
    expect(t.notifier.messages.at(-1)?.body).toContain('/reset-password?tempToken=');
  });

  it('sends nothing to a disabled user, with the same answer', async () => {
    const { userName, userId } = await newUser();
    await t.database.db.updateTable('app_user').set({ is_active: false }).where('id', '=', userId).execute();
    const before = t.notifier.messages.length;
    const res = await forgot(userName);
    expect(res.json()).toEqual({ message: AUTH_TEXTS.forgotSent });
    expect(t.notifier.messages.length).toBe(before);
  });

  it('answers "User Name is required" when the user name is blank', async () => {
    const res = await forgot('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('userName', 'User Name is required'));
  });
});

describe('POST v2/resetPassword', () => {
  it.each([
    ['too short', 'Ab1!', 'at least 8 characters'],
    ['without an uppercase letter', 'lower#case2026', 'an uppercase letter'],
    ['without a lowercase letter', 'UPPER#CASE2026', 'a lowercase letter'],
    ['without a digit', 'No#Digits-here', 'a digit'],
    ['without a special character', 'NoSpecial2026', 'a special character'],
    ['too long', `Aa1!${'x'.repeat(61)}`, 'at most 64 characters'],
  ])(
    'answers the password policy and what is missing when the new password is %s',
    async (_label, password, missing) => {
      const { userName, email } = await newUser();
      const tempToken = await requestLink(userName, email);
      const res = await reset({ tempToken, password, confirmPassword: password });
      expect(res.statusCode).toBe(400);
      const text = `${PASSWORD_POLICY_TEXT}. Missing: ${missing}`;
      expect(res.json().message).toBe(text);
      expect(res.json().errors).toContainEqual({ field: 'password', defaultMessage: text });
    },
  );

  it('answers "Passwords do not match" when the confirmation differs', async () => {
    const { userName, email } = await newUser();
    const tempToken = await requestLink(userName, email);
    const res = await reset({ tempToken, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('confirmPassword', 'Passwords do not match'));
  });

  it('refuses the current password as the new one', async () => {
    const { userName, email } = await newUser();
    const tempToken = await requestLink(userName, email);
    const res = await reset({ tempToken, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('password', AUTH_TEXTS.samePassword));
  });

  it('refuses an unknown link', async () => {
    const res = await reset({ tempToken: 'made-up', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('tempToken', AUTH_TEXTS.tempTokenInvalid));
  });

  it('refuses a link older than 30 minutes', async () => {
    const { userName, email } = await newUser();
    const tempToken = await requestLink(userName, email);
    advance(30 * 60_000 + 1_000);
    const res = await reset({ tempToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.json()).toEqual(invalidBody('tempToken', AUTH_TEXTS.tempTokenInvalid));
    advance(-(30 * 60_000 + 1_000));
    expect((await login(userName, NEW_PASSWORD)).statusCode).toBe(400);
  });

  it('refuses a link superseded by a newer request', async () => {
    const { userName, email } = await newUser();
    const first = await requestLink(userName, email);
    await requestLink(userName, email);
    const res = await reset({ tempToken: first, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.json()).toEqual(invalidBody('tempToken', AUTH_TEXTS.tempTokenInvalid));
  });

  it('refuses a sign-in tempToken as a reset link', async () => {
    await setSetting(t, 'USER', SETTING_KEYS.MULTIFACTOR_AUTHENTICATION, 'true');
    try {
      const { userName } = await newUser();
      const pending = (await login(userName, TEST_PASSWORD)).json();
      expect(pending.otpRequired).toBe(true);
      const res = await reset({ tempToken: pending.tempToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(res.json()).toEqual(invalidBody('tempToken', AUTH_TEXTS.tempTokenInvalid));
    } finally {
      await setSetting(t, 'USER', SETTING_KEYS.MULTIFACTOR_AUTHENTICATION, 'false');
    }
  });

  it('answers the link message when the tempToken is missing', async () => {
    const res = await reset({ password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'tempToken',
      defaultMessage: 'Reset link is invalid or has expired',
    });
  });

  it('sets the new password, ends every session, lifts a lockout and uses the link once', async () => {
    const { userName, email, userId } = await newUser();
    const session = await signIn(t, userName);
    for (let i = 0; i < 10; i++) await login(userName, 'Wrong#Pass1');
    expect((await login(userName, TEST_PASSWORD)).json()[0].code).toBe('ACCOUNT_LOCKED');

    const tempToken = await requestLink(userName, email);
    const res = await reset({ tempToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_TEXTS.resetDone });

    const oldPassword = await login(userName, TEST_PASSWORD);
    expect(oldPassword.json()).toEqual([{ message: AUTH_TEXTS.badCredentials, code: 'BAD_CREDENTIALS' }]);
    expect((await login(userName, NEW_PASSWORD)).statusCode).toBe(200);

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/web/v2/refreshtoken',
      payload: { authToken: session.authToken, refreshToken: session.refreshToken, userName },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).toEqual([{ message: AUTH_TEXTS.sessionEnded, code: 'REFRESH_INVALID' }]);
    const access = await call(t, session, { method: 'GET', url: '/web/v2/privileges?Find=ByRole' });
    expect(access.statusCode).toBe(401);

    const again = await reset({ tempToken, password: 'Another#Pass2028', confirmPassword: 'Another#Pass2028' });
    expect(again.json()).toEqual(invalidBody('tempToken', AUTH_TEXTS.tempTokenInvalid));
    expect((await auditRows(t, 'PASSWORD_RESET')).filter((r) => r.user_id === userId)).toHaveLength(1);
  });
});

describe('password reset with IS_OTP_REQUIRED_IN_FORGOT_PASSWORD on', () => {
  beforeAll(() => setSetting(t, 'USER', SETTING_KEYS.IS_OTP_REQUIRED_IN_FORGOT_PASSWORD, 'true'));
  afterAll(() => setSetting(t, 'USER', SETTING_KEYS.IS_OTP_REQUIRED_IN_FORGOT_PASSWORD, 'false'));

  it('answers "OTP is required" without a code, and keeps the old password', async () => {
    const { userName, email } = await newUser();
    const tempToken = await requestLink(userName, email);
    const res = await reset({ tempToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('otp', AUTH_TEXTS.otpRequired));
    expect((await login(userName, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('texts a code to the registered number, and the code completes the reset', async () => {
    const { userName, email, userId } = await newUser('+919822200003');
    const tempToken = await requestLink(userName, email);
    const sent = await sendResetOtp(tempToken);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: AUTH_TEXTS.otpSent, maskedContactNumber: '*********0003' });
    expect(t.notifier.messages.at(-1)).toMatchObject({ channel: 'SMS', recipient: '+919822200003', userId });
    const otp = t.notifier.lastCode();
    const res = await reset({ tempToken, otp, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await login(userName, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong code with "Invalid OTP" and keeps the old password', async () => {
    const { userName, email } = await newUser();
    const tempToken = await requestLink(userName, email);
    await sendResetOtp(tempToken);
    const otp = t.notifier.lastCode() === '000000' ? '111111' : '000000';
    const res = await reset({ tempToken, otp, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.otpInvalid, code: 'OTP_INVALID' }]);
    expect((await login(userName, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a second code within 30 seconds', async () => {
    const { userName, email } = await newUser();
    const tempToken = await requestLink(userName, email);
    expect((await sendResetOtp(tempToken)).statusCode).toBe(200);
    const res = await sendResetOtp(tempToken);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.otpWait, code: 'RATE_LIMITED' }]);
  });

  it('answers CONTACT_NUMBER_REQUIRED when the user has no number', async () => {
    const { userName, email } = await newUser(null);
    const tempToken = await requestLink(userName, email);
    const res = await sendResetOtp(tempToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.contactRequired, code: 'CONTACT_NUMBER_REQUIRED' }]);
  });

  it('refuses to send a code for an unknown link', async () => {
    const res = await sendResetOtp('made-up');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('tempToken', AUTH_TEXTS.tempTokenInvalid));
  });

  it('answers "tempToken is required" when the link token is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/web/v2/send-otp-reset-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['tempToken']);
  });
});
