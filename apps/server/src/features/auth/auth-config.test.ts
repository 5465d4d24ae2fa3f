import {
  AUTH_CONFIG_TEXTS,
  type AuthConfig,
  accountLockedText,
  PASSWORD_POLICY_TEXT,
  passwordReusedText,
} from '@recon/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/config.ts';
import { FORBIDDEN_BODY, invalidBody } from '@/testing/error-bodies.ts';
import {
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';
import { CAPTCHA_TTL_SECONDS, hashAnswer } from './captcha.ts';

let t: TestApp;
let admin: Session;
let defaults: AuthConfig;
let clockOffset = 0;

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, { userName: 'policy-admin', roles: ['ROLE_ADMIN'] });
  admin = await signIn(t, 'policy-admin');
  defaults = (await call(t, admin, { method: 'GET', url: '/web/v2/authConfig' })).json().defaults;
});
afterAll(() => t.close());
afterEach(async () => {
  t.clock.advance(-clockOffset);
  clockOffset = 0;
  // Each test starts from the defaults.
  await t.database.db
    .deleteFrom('global_setting')
    .where('setting_group', '=', 'USER')
    .where('setting_key', 'in', [
      'PASSWORD_MIN_LENGTH',
      'PASSWORD_REQUIRE_UPPERCASE',
      'PASSWORD_REQUIRE_LOWERCASE',
      'PASSWORD_REQUIRE_DIGIT',
      'PASSWORD_REQUIRE_SYMBOL',
      'PASSWORD_EXPIRY_DAYS',
      'PASSWORD_HISTORY_COUNT',
      'SESSION_IDLE_MINUTES',
      'SESSION_MAX_MINUTES',
      'LOCKOUT_THRESHOLD',
      'LOCKOUT_MINUTES',
    ])
    .execute();
  await t.database.db
    .updateTable('global_setting')
    .set({ setting_value: 'false' })
    .where('setting_group', '=', 'USER')
    .where('setting_key', 'in', ['CAPTCHA', 'MULTIFACTOR_AUTHENTICATION'])
    .execute();
});
const advance = (ms: number) => {
  t.clock.advance(ms);
  clockOffset += ms;
};

const putConfig = (over: Partial<Record<keyof AuthConfig, unknown>>, session: Session = admin) =>
  call(t, session, { method: 'PUT', url: '/web/v2/authConfig', payload: { ...defaults, ...over } });
const login = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/web/v2/login', payload });
const reset = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/web/v2/resetPassword', payload });

async function newUser(password = TEST_PASSWORD) {
  const userName = uniqueName('policy');
  const email = `${userName}@bank.test`;
  const userId = await addUser(t, { userName, roles: ['ROLE_OPERATOR'], email, password });
  return { userName, email, userId };
}

async function resetLink(userName: string, email: string): Promise<string> {
  await t.app.inject({ method: 'POST', url: '/web/v2/forgotPassword', payload: { userName } });
  const mail = t.notifier.messages.filter((m) => m.recipient === email).at(-1);
  const token = /tempToken=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error('no reset link');
  return token;
}

describe('GET and PUT v2/authConfig', () => {
  it('answers the environment defaults and PASSWORD_POLICY_TEXT while nothing is stored', async () => {
    const res = await call(t, admin, { method: 'GET', url: '/web/v2/authConfig' });
    expect(res.statusCode).toBe(200);
    const cfg = testConfig();
    expect(res.json()).toEqual({
      config: defaults,
      defaults,
      passwordPolicyText: PASSWORD_POLICY_TEXT,
    });
    expect(defaults).toMatchObject({
      passwordMinLength: 8,
      passwordExpiryDays: 0,
      passwordHistoryCount: 0,
      lockoutThreshold: cfg.lockoutThreshold,
      lockoutMinutes: cfg.lockoutMinutes,
      sessionIdleMinutes: Math.round(cfg.sessionIdleSeconds / 60),
      captcha: false,
    });
  });

  it('is refused to a user without the integrations privilege', async () => {
    const { userName } = await newUser();
    const operator = await signIn(t, userName);
    const get = await call(t, operator, { method: 'GET', url: '/web/v2/authConfig' });
    expect(get.statusCode).toBe(403);
    expect(get.json()).toEqual(FORBIDDEN_BODY);
    expect((await putConfig({ passwordMinLength: 12 }, operator)).statusCode).toBe(403);
  });

  it.each([
    ['passwordMinLength', 7, AUTH_CONFIG_TEXTS.passwordMinLength],
    ['passwordMinLength', 65, AUTH_CONFIG_TEXTS.passwordMinLength],
    ['passwordMinLength', 9.5, AUTH_CONFIG_TEXTS.passwordMinLength],
    ['passwordExpiryDays', -1, AUTH_CONFIG_TEXTS.passwordExpiryDays],
    ['passwordHistoryCount', 25, AUTH_CONFIG_TEXTS.passwordHistoryCount],
    ['sessionIdleMinutes', 2, AUTH_CONFIG_TEXTS.sessionIdleMinutes],
    ['lockoutThreshold', 2, AUTH_CONFIG_TEXTS.lockoutThreshold],
    ['lockoutMinutes', 0, AUTH_CONFIG_TEXTS.lockoutMinutes],
  ] as const)('refuses %s = %s with its range', async (field, value, message) => {
    const res = await putConfig({ [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody(field, message));
  });

  it('refuses a maximum session shorter than the idle timeout', async () => {
    const res = await putConfig({ sessionIdleMinutes: 60, sessionMaxMinutes: 30 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('sessionMaxMinutes', AUTH_CONFIG_TEXTS.sessionMaxBelowIdle));
  });

  it('stores the policy, answers its own password text, and audits what changed before and after', async () => {
    const res = await putConfig({ passwordMinLength: 12, passwordRequireSymbol: false, captcha: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: AUTH_CONFIG_TEXTS.updated,
      config: { ...defaults, passwordMinLength: 12, passwordRequireSymbol: false, captcha: true },
      passwordPolicyText:
        'Password must be 12 to 64 characters with an uppercase letter, a lowercase letter and a digit',
    });
    const again = await call(t, admin, { method: 'GET', url: '/web/v2/authConfig' });
    expect(again.json().config.passwordMinLength).toBe(12);
    const audit = (await auditRows(t, 'AUTH_CONFIG_UPDATED')).at(-1);
    expect(audit).toMatchObject({ outcome: 'SUCCESS', user_name: 'policy-admin' });
    expect(audit?.details).toEqual({
      changed: ['passwordMinLength', 'passwordRequireSymbol', 'captcha'],
      before: { passwordMinLength: 8, passwordRequireSymbol: true, captcha: false },
      after: { passwordMinLength: 12, passwordRequireSymbol: false, captcha: true },
    });
    const pub = await t.app.inject({ method: 'GET', url: '/web/v2/password-policy' });
    expect(pub.json()).toMatchObject({ passwordMinLength: 12, passwordRequireSymbol: false });
  });
});

describe('password rules of the stored policy', () => {
  it('refuses a password the default policy takes once the policy is stricter, naming what it misses', async () => {
    expect((await putConfig({ passwordMinLength: 14 })).statusCode).toBe(200);
    const { userName, email } = await newUser();
    const tempToken = await resetLink(userName, email);
    const weak = 'Short#Pass2026';
    expect(weak.length).toBe(14);
    const ok = await reset({ tempToken, password: 'Short#Pas2026', confirmPassword: 'Short#Pas2026' });
    const text =
      'Password must be 14 to 64 characters with an uppercase letter, a lowercase letter, a digit and a special character. Missing: at least 14 characters';
    expect(ok.statusCode).toBe(400);
    expect(ok.json()).toEqual(invalidBody('password', text));
    const res = await reset({ tempToken, password: weak, confirmPassword: weak });
    expect(res.statusCode).toBe(200);
  });

  it('takes a password without a symbol when the policy no longer asks for one', async () => {
    expect((await putConfig({ passwordRequireSymbol: false })).statusCode).toBe(200);
    const { userName, email } = await newUser();
    const tempToken = await resetLink(userName, email);
    const res = await reset({ tempToken, password: 'NoSymbol2027', confirmPassword: 'NoSymbol2027' });
    expect(res.statusCode).toBe(200);
  });

  it('names every missing part under the default policy', async () => {
    const { userName, email } = await newUser();
    const tempToken = await resetLink(userName, email);
    const res = await reset({ tempToken, password: 'abc', confirmPassword: 'abc' });
    expect(res.json().message).toBe(
      `${PASSWORD_POLICY_TEXT}. Missing: at least 8 characters, an uppercase letter, a digit and a special character`,
    );
  });

  it('refuses one of the last N passwords on a change, and takes an older one', async () => {
    expect((await putConfig({ passwordHistoryCount: 3 })).statusCode).toBe(200);
    const { userName } = await newUser();
    const passwords = [TEST_PASSWORD, 'Second#Pass2027', 'Third#Pass2027', 'Fourth#Pass2027'];
    let current = passwords[0] as string;
    const change = async (password: string) => {
      const session = await signIn(t, userName, current);
      return call(t, session, {
        method: 'POST',
        url: '/web/v2/changePassword',
        payload: { currentPassword: current, password, confirmPassword: password },
      });
    };
    for (const next of passwords.slice(1)) {
      const res = await change(next);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: AUTH_CONFIG_TEXTS.passwordChanged });
      current = next;
    }
    // Current: Fourth; the last 3 are Fourth, Third, Second.
    const reused = await change('Second#Pass2027');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(invalidBody('password', passwordReusedText(3)));
    const older = await change(TEST_PASSWORD);
    expect(older.statusCode).toBe(200);
    const events = (await auditRows(t, 'PASSWORD_CHANGED')).map((r) => r.outcome);
    expect(events).toContain('FAILURE');
  });

  it('refuses a change with a wrong current password or a weak new one', async () => {
    expect((await putConfig({ passwordMinLength: 16 })).statusCode).toBe(200);
    const { userName } = await newUser();
    const session = await signIn(t, userName);
    const wrong = await call(t, session, {
      method: 'POST',
      url: '/web/v2/changePassword',
      payload: {
        currentPassword: 'Not@MyPass2026',
        password: 'Long#Enough#Pass2027',
        confirmPassword: 'Long#Enough#Pass2027',
      },
    });
    expect(wrong.json()).toEqual(invalidBody('currentPassword', AUTH_CONFIG_TEXTS.currentPasswordWrong));
    const weak = await call(t, session, {
      method: 'POST',
      url: '/web/v2/changePassword',
      payload: { currentPassword: TEST_PASSWORD, password: 'Weak#Pass2027', confirmPassword: 'Weak#Pass2027' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('Password must be 16 to 64 characters');
    expect(weak.json().message).toContain('Missing: at least 16 characters');
  });

  it('sends a user whose password is older than the expiry to reset it, with no session', async () => {
    expect((await putConfig({ passwordExpiryDays: 30 })).statusCode).toBe(200);
    const { userName, userId } = await newUser();
    expect((await login({ userName, password: TEST_PASSWORD })).json().authToken).toBeTruthy();
    advance(31 * 86_400_000);
    const res = await login({ userName, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      passwordExpired: true,
      message: AUTH_CONFIG_TEXTS.passwordExpired,
      tempToken: expect.any(String),
    });
    const done = await reset({
      tempToken: res.json().tempToken,
      password: 'Renewed#Pass2027',
      confirmPassword: 'Renewed#Pass2027',
    });
    expect(done.statusCode).toBe(200);
    // password_changed_at is the database's now(): the moved clock is past it, so move it back to sign in.
    t.clock.advance(-clockOffset);
    clockOffset = 0;
    const after = await login({ userName, password: 'Renewed#Pass2027' });
    expect(after.json().authToken).toBeTruthy();
    expect((await auditRows(t, 'PASSWORD_EXPIRED')).some((r) => r.user_id === userId)).toBe(true);
  });
});

describe('lockout and session lengths of the stored policy', () => {
  it('locks after the configured count of failures, for the configured minutes', async () => {
    expect((await putConfig({ lockoutThreshold: 3, lockoutMinutes: 5 })).statusCode).toBe(200);
    const { userName } = await newUser();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await login({ userName, password: 'Wrong#Pass2026' }));
    expect(answers[1]?.json()).toEqual([{ message: 'Invalid username or password', code: 'BAD_CREDENTIALS' }]);
    expect(answers[2]?.json()).toEqual([{ message: accountLockedText(5), code: 'ACCOUNT_LOCKED' }]);
    expect(accountLockedText(5)).toContain('after 5 minutes');
    const right = await login({ userName, password: TEST_PASSWORD });
    expect(right.json()).toEqual([{ message: accountLockedText(5), code: 'ACCOUNT_LOCKED' }]);
    advance(6 * 60_000);
    expect((await login({ userName, password: TEST_PASSWORD })).json().authToken).toBeTruthy();
  });

  it('gives a new sign-in the configured maximum session length', async () => {
    expect((await putConfig({ sessionIdleMinutes: 10, sessionMaxMinutes: 20 })).statusCode).toBe(200);
    const { userName } = await newUser();
    const res = await login({ userName, password: TEST_PASSWORD });
    const { refreshTokenExpirationTime } = res.json();
    expect(refreshTokenExpirationTime).toBe(t.clock.now.getTime() + 20 * 60_000);
  });

  it('ends a session idle longer than the configured idle timeout', async () => {
    expect((await putConfig({ sessionIdleMinutes: 5, sessionMaxMinutes: 60 })).statusCode).toBe(200);
    const { userName } = await newUser();
    const body = (await login({ userName, password: TEST_PASSWORD })).json();
    advance(6 * 60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/web/v2/refreshtoken',
      payload: { authToken: body.authToken, refreshToken: body.refreshToken, userName },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()[0].message).toBe('Your session has expired due to inactivity. Please sign in again.');
  });
});

describe('CAPTCHA on sign-in', () => {
  /** A challenge whose answer is known: the image's text is never answered, so the test sets its hash. */
  async function solvableCaptcha(answer = 'Ab3dE') {
    const res = await t.app.inject({ method: 'GET', url: '/web/v2/captcha' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ enabled: true, expiresInSeconds: CAPTCHA_TTL_SECONDS });
    expect(body.image).toMatch(/^<svg/);
    expect(body).not.toHaveProperty('text');
    const ctx = { config: testConfig() } as Parameters<typeof hashAnswer>[0];
    await t.database.db
      .updateTable('captcha_challenge')
      .set({ answer_hash: hashAnswer(ctx, answer) })
      .where('id', '=', body.captchaId)
      .execute();
    return body.captchaId as string;
  }

  it('answers no image while CAPTCHA is off, and signs in without one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web/v2/captcha' });
    expect(res.json()).toEqual({ enabled: false });
    const { userName } = await newUser();
    expect((await login({ userName, password: TEST_PASSWORD })).json().authToken).toBeTruthy();
  });

  it('refuses a sign-in without an answer, a wrong one, an expired one and a reused one', async () => {
    expect((await putConfig({ captcha: true })).statusCode).toBe(200);
    const { userName } = await newUser();
    const base = { userName, password: TEST_PASSWORD };
    const missing = await login(base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(invalidBody('captchaAnswer', AUTH_CONFIG_TEXTS.captchaRequired));

    const wrongId = await solvableCaptcha();
    const wrong = await login({ ...base, captchaId: wrongId, captchaAnswer: 'zzzzz' });
    expect(wrong.json()).toEqual(invalidBody('captchaAnswer', AUTH_CONFIG_TEXTS.captchaWrong));
    // A wrong answer used the challenge up: the right one is refused after it.
    const afterWrong = await login({ ...base, captchaId: wrongId, captchaAnswer: 'Ab3dE' });
    expect(afterWrong.json()).toEqual(invalidBody('captchaAnswer', AUTH_CONFIG_TEXTS.captchaUsed));

    const oldId = await solvableCaptcha();
    advance((CAPTCHA_TTL_SECONDS + 1) * 1000);
    const expired = await login({ ...base, captchaId: oldId, captchaAnswer: 'Ab3dE' });
    expect(expired.json()).toEqual(invalidBody('captchaAnswer', AUTH_CONFIG_TEXTS.captchaExpired));

    const id = await solvableCaptcha();
    const ok = await login({ ...base, captchaId: id, captchaAnswer: 'ab3de' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().authToken).toBeTruthy();
    const reused = await login({ ...base, captchaId: id, captchaAnswer: 'Ab3dE' });
    expect(reused.json()).toEqual(invalidBody('captchaAnswer', AUTH_CONFIG_TEXTS.captchaUsed));
    const failures = await auditRows(t, 'LOGIN_FAILURE');
    expect(failures.some((r) => (r.details as { reason?: string }).reason === AUTH_CONFIG_TEXTS.captchaWrong)).toBe(
      true,
    );
  });

  it('does not count a CAPTCHA refusal as a failed password', async () => {
    expect((await putConfig({ captcha: true, lockoutThreshold: 3 })).statusCode).toBe(200);
    const { userName } = await newUser();
    for (let i = 0; i < 4; i++)
      await login({ userName, password: TEST_PASSWORD, captchaId: 'nope', captchaAnswer: 'x' });
    const id = await solvableCaptcha();
    const ok = await login({ userName, password: TEST_PASSWORD, captchaId: id, captchaAnswer: 'Ab3dE' });
    expect(ok.json().authToken).toBeTruthy();
  });
});
