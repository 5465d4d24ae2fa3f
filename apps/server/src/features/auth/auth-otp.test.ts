import { SETTING_KEYS } from '@recon/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  auditRows,
  call,
  createTestApp,
  setSetting,
  TEST_PASSWORD,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';
import { AUTH_TEXTS } from './auth.service.ts';

let t: TestApp;
let clockOffset = 0;

beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t, 'USER', SETTING_KEYS.MULTIFACTOR_AUTHENTICATION, 'true');
});
afterAll(() => t.close());
// Tests that move the clock put it back, so each starts at the same time.
afterEach(() => {
  t.clock.advance(-clockOffset);
  clockOffset = 0;
});
const advance = (ms: number) => {
  t.clock.advance(ms);
  clockOffset += ms;
};

type Pending = {
  userId: number;
  otpRequired: true;
  contactNumberRequired: boolean;
  tempToken: string;
  maskedContactNumber: string | null;
};

/** A new user (with a number unless told otherwise) who has passed the password step. */
async function startSignIn(contactNumber: string | null = '+919811100001') {
  const userName = uniqueName('mfa');
  const userId = await addUser(t, { userName, roles: ['ROLE_OPERATOR'], contactNumber });
  const res = await t.app.inject({
    method: 'POST',
    url: '/web/v2/login',
    payload: { userName, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return { userName, userId, pending: res.json() as Pending, code: t.notifier.lastCode() };
}

const verify = (userId: number, otp: string) =>
  t.app.inject({ method: 'POST', url: '/web/v2/verifyotp', payload: { userId, otp } });
const resend = (userId: number | string) => t.app.inject({ method: 'GET', url: `/web/v2/resendotp/${userId}` });
const updateNumber = (query: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/web/v2/appusers/updatenumber', query });
const wrongCodeFor = (code: string | undefined) => (code === '000000' ? '111111' : '000000');
const errorOf = (message: string, code = 'OTP_INVALID') => [{ message, code }];

describe('POST v2/login with MULTIFACTOR_AUTHENTICATION on', () => {
  it('answers otpRequired with a tempToken and no tokens, and texts a code to the registered number', async () => {
    const before = t.notifier.messages.length;
    const { userId, pending } = await startSignIn('+919811100002');
    expect(pending).toMatchObject({
      id: userId,
      userId,
      otpRequired: true,
      contactNumberRequired: false,
      maskedContactNumber: '*********0002',
      otpExpiresInSeconds: 300,
    });
    expect(pending.tempToken.length).toBeGreaterThan(30);
    expect(pending).not.toHaveProperty('authToken');
    expect(pending).not.toHaveProperty('refreshToken');
    const sent = t.notifier.messages.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'SMS', recipient: '+919811100002', userId });
    expect(sent[0]?.body).toMatch(/\b\d{6}\b/);
    expect((await auditRows(t, 'LOGIN_OTP_SENT')).some((r) => r.user_id === userId)).toBe(true);
  });

  it('answers contactNumberRequired and sends nothing when the user has no number', async () => {
    const before = t.notifier.messages.length;
    const { pending } = await startSignIn(null);
    expect(pending).toMatchObject({ otpRequired: true, contactNumberRequired: true, maskedContactNumber: null });
    expect(t.notifier.messages.length).toBe(before);
  });
});

describe('POST v2/verifyotp', () => {
  it('answers the signed-in user with tokens when the code is right', async () => {
    const { userId, userName, code } = await startSignIn();
    const res = await verify(userId, code ?? '');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: userId, userName });
    const privileges = await call(
      t,
      { userId, userName, authToken: body.authToken, refreshToken: body.refreshToken },
      { method: 'GET', url: '/web/v2/privileges?Find=ByRole' },
    );
    expect(privileges.statusCode).toBe(200);
  });

  it('refuses a wrong code with "Invalid OTP", counts it and audits OTP_FAILURE', async () => {
    const { userId, code } = await startSignIn();
    const res = await verify(userId, wrongCodeFor(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorOf(AUTH_TEXTS.otpInvalid));
    const challenge = await t.database.db
      .selectFrom('otp_challenge')
      .select('attempts')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(challenge.attempts).toBe(1);
    expect((await auditRows(t, 'OTP_FAILURE')).some((r) => r.user_id === userId)).toBe(true);
  });

  it('closes the challenge after five wrong codes, so the right code no longer works', async () => {
    const { userId, code } = await startSignIn();
    for (let i = 0; i < 4; i++)
      expect((await verify(userId, wrongCodeFor(code))).json()).toEqual(errorOf('Invalid OTP'));
    expect((await verify(userId, wrongCodeFor(code))).json()).toEqual(errorOf(AUTH_TEXTS.otpTooMany));
    expect((await verify(userId, code ?? '')).json()).toEqual(errorOf(AUTH_TEXTS.otpNoPending));
  });

  it('accepts a code only once', async () => {
    const { userId, code } = await startSignIn();
    expect((await verify(userId, code ?? '')).statusCode).toBe(200);
    const again = await verify(userId, code ?? '');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(errorOf(AUTH_TEXTS.otpNoPending));
  });

  it('refuses a code after five minutes', async () => {
    const { userId, code } = await startSignIn();
    advance(5 * 60_000 + 1_000);
    const res = await verify(userId, code ?? '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorOf(AUTH_TEXTS.otpExpired));
  });

  it('still accepts the code just before five minutes', async () => {
    const { userId, code } = await startSignIn();
    advance(4 * 60_000 + 50_000);
    expect((await verify(userId, code ?? '')).statusCode).toBe(200);
  });

  it('refuses the code of a superseded sign-in', async () => {
    const first = await startSignIn();
    const again = await t.app.inject({
      method: 'POST',
      url: '/web/v2/login',
      payload: { userName: first.userName, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    const second = t.notifier.lastCode();
    if (second !== first.code)
      expect((await verify(first.userId, first.code ?? '')).json()).toEqual(errorOf('Invalid OTP'));
    expect((await verify(first.userId, second ?? '')).statusCode).toBe(200);
  });

  it('refuses the right code when the user was disabled after the password step', async () => {
    const { userId, code } = await startSignIn();
    await t.database.db.updateTable('app_user').set({ is_active: false }).where('id', '=', userId).execute();
    const res = await verify(userId, code ?? '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ message: AUTH_TEXTS.disabled, code: 'BAD_CREDENTIALS' }]);
    expect(await t.database.db.selectFrom('token_family').where('user_id', '=', userId).selectAll().execute()).toEqual(
      [],
    );
  });

  it('answers "No verification is pending" for a user who has not signed in', async () => {
    const userId = await addUser(t, { userName: uniqueName('idle'), roles: ['ROLE_OPERATOR'] });
    const res = await verify(userId, '123456');
    expect(res.json()).toEqual(errorOf(AUTH_TEXTS.otpNoPending));
  });

  it.each([
    [{ userId: 1 }, 'otp', 'OTP is required'],
    [{ userId: 1, otp: '12ab56' }, 'otp', 'OTP must be 6 digits'],
    [{ userId: 1, otp: '1234567' }, 'otp', 'OTP must be 6 digits'],
    [{ otp: '123456' }, 'userId', 'userId is required'],
  ])('answers the validation body for %j', async (payload, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/web/v2/verifyotp', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: [{ field, defaultMessage: message }] });
  });
});

describe('GET v2/resendotp/{userId}', () => {
  it('refuses a new code within 30 seconds of the last one', async () => {
    const { userId } = await startSignIn();
    advance(20_000);
    const res = await resend(userId);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(errorOf(AUTH_TEXTS.otpWait, 'RATE_LIMITED'));
  });

  it('sends a new code after 30 seconds; the new code works and the old one no longer does', async () => {
    const { userId, code: oldCode } = await startSignIn('+919811100003');
    advance(31_000);
    const before = t.notifier.messages.length;
    const res = await resend(userId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_TEXTS.otpSent, maskedContactNumber: '*********0003' });
    expect(t.notifier.messages.slice(before)).toMatchObject([{ channel: 'SMS', recipient: '+919811100003' }]);
    const newCode = t.notifier.lastCode();
    if (newCode !== oldCode) expect((await verify(userId, oldCode ?? '')).json()).toEqual(errorOf('Invalid OTP'));
    expect((await verify(userId, newCode ?? '')).statusCode).toBe(200);
  });

  it('keeps counting wrong codes across a resend, so a new code does not give five more guesses', async () => {
    const { userId, code } = await startSignIn('+919811100009');
    for (let i = 0; i < 3; i++)
      expect((await verify(userId, wrongCodeFor(code))).json()).toEqual(errorOf('Invalid OTP'));
    advance(31_000);
    expect((await resend(userId)).statusCode).toBe(200);
    const fresh = t.notifier.lastCode();
    expect((await verify(userId, wrongCodeFor(fresh))).json()).toEqual(errorOf('Invalid OTP'));
    expect((await verify(userId, wrongCodeFor(fresh))).json()).toEqual(errorOf(AUTH_TEXTS.otpTooMany));
    expect((await verify(userId, fresh ?? '')).json()).toEqual(errorOf(AUTH_TEXTS.otpNoPending));
  });

  it('measures the 30 seconds on the app clock even when it runs behind the database clock', async () => {
    advance(-10 * 60_000);
    const { userId } = await startSignIn();
    advance(31_000);
    const res = await resend(userId);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_TEXTS.otpSent);
  });

  it('answers "No verification is pending" when there is no sign-in to resend for', async () => {
    const userId = await addUser(t, { userName: uniqueName('nobody'), roles: ['ROLE_OPERATOR'] });
    const res = await resend(userId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorOf(AUTH_TEXTS.otpNoPending));
  });

  it('answers CONTACT_NUMBER_REQUIRED when the user has no number', async () => {
    const { userId } = await startSignIn(null);
    const res = await resend(userId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorOf(AUTH_TEXTS.contactRequired, 'CONTACT_NUMBER_REQUIRED'));
  });

  it('answers 400 when the user id is not a number', async () => {
    const res = await resend('abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('userId');
  });
});

describe('PUT v2/appusers/updatenumber', () => {
  it('sets the number of a user who has none and texts a code that completes the sign-in', async () => {
    const { userId, pending } = await startSignIn(null);
    const res = await updateNumber({ mobile: '+919811100004', tempToken: pending.tempToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_TEXTS.contactUpdated, maskedContactNumber: '*********0004' });
    const user = await t.database.db
      .selectFrom('app_user')
      .select('contact_number')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.contact_number).toBe('+919811100004');
    expect(t.notifier.messages.at(-1)).toMatchObject({ channel: 'SMS', recipient: '+919811100004', userId });
    expect((await auditRows(t, 'CONTACT_NUMBER_UPDATED')).some((r) => r.user_id === userId)).toBe(true);
    expect((await verify(userId, t.notifier.lastCode() ?? '')).statusCode).toBe(200);
  });

  it('refuses to replace a number that is already registered', async () => {
    const { userId, pending } = await startSignIn('+919811100005');
    const res = await updateNumber({ mobile: '+919811100006', tempToken: pending.tempToken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: AUTH_TEXTS.contactExists,
      errors: [{ field: 'mobile', defaultMessage: AUTH_TEXTS.contactExists }],
    });
    const user = await t.database.db
      .selectFrom('app_user')
      .select('contact_number')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.contact_number).toBe('+919811100005');
  });

  it('refuses an unknown tempToken', async () => {
    const res = await updateNumber({ mobile: '+919811100007', tempToken: 'not-a-real-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: AUTH_TEXTS.tempTokenInvalid,
      errors: [{ field: 'tempToken', defaultMessage: AUTH_TEXTS.tempTokenInvalid }],
    });
  });

  it('refuses the tempToken of a sign-in that has been completed', async () => {
    const { userId, pending, code } = await startSignIn();
    expect((await verify(userId, code ?? '')).statusCode).toBe(200);
    const res = await updateNumber({ mobile: '+919811100008', tempToken: pending.tempToken });
    expect(res.json().message).toBe(AUTH_TEXTS.tempTokenInvalid);
  });

  it.each(['12345', 'abcdefghij', '+91 98111 00009'])('refuses the mobile number %s', async (mobile) => {
    const { pending } = await startSignIn(null);
    const res = await updateNumber({ mobile, tempToken: pending.tempToken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Enter a valid mobile number',
      errors: [{ field: 'mobile', defaultMessage: 'Enter a valid mobile number' }],
    });
  });

  it('asks for the mobile number when it is missing', async () => {
    const { pending } = await startSignIn(null);
    const res = await updateNumber({ tempToken: pending.tempToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'mobile', defaultMessage: 'Mobile number is required' }]);
  });
});
