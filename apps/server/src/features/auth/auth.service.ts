import { randomUUID } from 'node:crypto';
import type {
  AuditEvent,
  LoginRequest,
  LoginResponse,
  OtpPending,
  PasswordExpired,
  RefreshRequest,
  RefreshResponse,
  ResetPasswordRequest,
  SignedInUser,
  VerifyOtpRequest,
} from '@recon/contract';
import { AUTH_CONFIG_TEXTS, accountLockedText, SETTING_KEYS } from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { type AuditEntry, writeAudit } from '@/lib/audit.ts';
import { hashPassword, verifyPassword } from '@/lib/passwords.ts';
import { isSettingOn } from '@/lib/settings.ts';
import { hashCode, hashToken, randomOtp, randomToken, safeEqualHex, seal, unseal } from '@/lib/tokens.ts';
import * as q from './auth.queries.ts';
import { type AuthPolicy, readAuthPolicy } from './auth-policy.ts';
import { checkCaptcha } from './captcha.ts';
import { countAttempt, failureDelayMs, lockWhenReached, pause } from './login-throttle.ts';
import { checkNewPassword, isPasswordExpired, keepReplacedPassword, SAME_PASSWORD_TEXT } from './password-rules.ts';
import { acceptRecoveryCode, acceptTotpCode, hasConfirmedTotp } from './totp.service.ts';

export const AUTH_TEXTS = {
  badCredentials: 'Invalid username or password',
  /** With the default 30 minutes; the policy's figure reads in `accountLockedText`. */
  locked: accountLockedText(30),
  disabled: 'Your account is disabled. Please contact your administrator',
  sessionInvalid: 'Invalid session. Please sign in again.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  sessionIdle: 'Your session has expired due to inactivity. Please sign in again.',
  sessionReused: 'Your session was ended for security reasons. Please sign in again.',
  otpInvalid: 'Invalid OTP',
  otpExpired: 'The code has expired. Please request a new code.',
  otpNoPending: 'No verification is pending. Please sign in again.',
  otpTooMany: 'Too many wrong codes. Please sign in again.',
  otpWait: 'Please wait 30 seconds before requesting a new code',
  otpSent: 'A verification code has been sent',
  otpRequired: 'OTP is required',
  totpNoResend: 'Enter the code your authenticator app shows: no text message is sent',
  contactRequired: 'No contact number is registered for this user. Please add a mobile number.',
  contactExists: 'A contact number is already registered for this user',
  contactUpdated: 'Contact number updated and a verification code has been sent',
  tempTokenInvalid: 'This link is invalid or has expired. Please start again.',
  forgotSent: 'If the user name exists, a password reset link has been sent to the registered email',
  resetDone: 'Password has been reset successfully. Please sign in with your new password.',
  samePassword: SAME_PASSWORD_TEXT,
  loggedOut: 'Logged out successfully',
} as const;

// Codes are single use; a challenge dies after this many wrong codes.
const MAX_OTP_ATTEMPTS = 5;
const OTP_RESEND_INTERVAL_MS = 30_000;
// A reset link lives 30 minutes; a sign-in waiting for its code, 10.
const RESET_TOKEN_TTL_MS = 30 * 60_000;
const LOGIN_CHALLENGE_TTL_MS = 10 * 60_000;

export type RequestMeta = { ip: string; requestId: string };

export function audit(ctx: FeatureContext, meta: RequestMeta, e: AuditEntry, db: Db = ctx.db) {
  return writeAudit(db, { ...e, ip: meta.ip, requestId: meta.requestId });
}

/**
 * Runs an auth step whose refusals the step does not audit itself: a refusal (an AppError) is audited as a FAILURE
 * of `event` with the code and message the caller got — on the pool, after the step's transaction rolled back.
 */
async function auditingRefusals<T>(
  ctx: FeatureContext,
  meta: RequestMeta,
  event: AuditEvent,
  who: { userId?: number | null; userName?: string | null },
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof AppError) {
      await audit(ctx, meta, { event, outcome: 'FAILURE', ...who, details: { code: err.code, reason: err.message } });
    }
    throw err;
  }
}

/** Directory and identity-provider sign-ins answer "not configured" until an integration is set up (audited). */
export function refuseUnconfiguredSignIn(
  ctx: FeatureContext,
  label: string,
  userName: string | null,
  meta: RequestMeta,
) {
  return auditingRefusals(ctx, meta, 'LOGIN_FAILURE', { userName }, async () => {
    throw new AppError('VALIDATION', `${label} sign-in is not configured`, [
      { field: 'loginMethod', defaultMessage: `${label} sign-in is not configured` },
    ]);
  });
}

export function maskNumber(n: string | null): string | null {
  if (!n) return null;
  return n.length <= 4 ? '****' : `${'*'.repeat(n.length - 4)}${n.slice(-4)}`;
}

export async function issueSession(
  ctx: FeatureContext,
  userId: number,
  meta: RequestMeta,
  details: Record<string, unknown> = {},
): Promise<SignedInUser> {
  const now = ctx.now();
  const familyId = randomUUID();
  const { sessionMaxSeconds } = await readAuthPolicy(ctx, ctx.db);
  const familyExpires = new Date(now.getTime() + sessionMaxSeconds * 1000);
  const refreshExpires = new Date(
    Math.min(now.getTime() + ctx.config.refreshTokenTtlSeconds * 1000, familyExpires.getTime()),
  );
  const refreshToken = randomToken();
  const profile = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    await q.insertFamily(tx, { id: familyId, userId, expiresAt: familyExpires });
    await q.insertRefreshToken(tx, { hash: hashToken(refreshToken), familyId, expiresAt: refreshExpires });
    return q.loadSignedInProfile(tx, userId);
  });
  const authToken = await ctx.tokens.signAccess({ userId, userName: profile.user_name, familyId });
  await audit(ctx, meta, {
    event: 'LOGIN_SUCCESS',
    outcome: 'SUCCESS',
    userId,
    userName: profile.user_name,
    details: { sessionId: familyId, ...details },
  });
  return {
    id: profile.id,
    userName: profile.user_name,
    firstName: profile.first_name,
    lastName: profile.last_name,
    email: profile.email,
    rolesName: profile.roles,
    authToken,
    refreshToken,
    refreshTokenExpirationTime: refreshExpires.getTime(),
    profilePicPath: profile.profile_pic_path,
    registrationStatus: profile.registration_status as SignedInUser['registrationStatus'],
    userDepartment:
      profile.department_id != null ? { id: profile.department_id, name: profile.department_name ?? '' } : null,
    userDepartmentConfigurable: profile.department_configurable,
    ssoTemporaryToken: null,
  };
}

async function sendCode(
  ctx: FeatureContext,
  db: Db,
  challengeId: number,
  user: { id: number; contact_number: string | null },
) {
  if (!user.contact_number) throw new AppError('CONTACT_NUMBER_REQUIRED', AUTH_TEXTS.contactRequired);
  const code = randomOtp();
  const expires = new Date(ctx.now().getTime() + ctx.config.otpTtlSeconds * 1000);
  await q.setChallengeCode(db, challengeId, hashCode(ctx.config.jwtSecret, code), ctx.now(), expires);
  await ctx.notifier.send(db, {
    channel: 'SMS',
    recipient: user.contact_number,
    subject: 'Verification code',
    body: `Your verification code is ${code}. It expires in ${Math.round(ctx.config.otpTtlSeconds / 60)} minutes.`,
    userId: user.id,
  });
}

/** A sign-in attempt, counted before its credentials are checked (login-throttle.ts), under the policy in force. */
export type CountedAttempt = { key: string; sourceCount: number; accountCount: number; policy: AuthPolicy };

/**
 * Counts a sign-in attempt of `userName` before anything is verified; a name or source over its limit is refused
 * here, unverified (audited, paused, ACCOUNT_LOCKED). `details` go into the audit (e.g. the sign-in method).
 */
export async function countSignInAttempt(
  ctx: FeatureContext,
  userName: string,
  meta: RequestMeta,
  details: Record<string, unknown> = {},
  policy?: AuthPolicy,
): Promise<CountedAttempt> {
  const key = userName.trim().toLowerCase();
  const inForce = policy ?? (await readAuthPolicy(ctx, ctx.db));
  const attempt = await countAttempt(ctx, inForce, key, meta.ip);
  if (attempt.refused) {
    await audit(ctx, meta, {
      event: 'LOGIN_FAILURE',
      outcome: 'FAILURE',
      userName,
      details: { ...details, reason: 'LOCKED', scope: attempt.scope },
    });
    await pause(failureDelayMs(ctx.config.loginDelayMs, attempt.sourceCount));
    throw new AppError('ACCOUNT_LOCKED', accountLockedText(inForce.lockoutMinutes));
  }
  return { key, sourceCount: attempt.sourceCount, accountCount: attempt.accountCount, policy: inForce };
}

/**
 * A failed sign-in: audited with `reason`, counted toward the lockout, paused like every failure; throws "locked"
 * when this attempt reached a limit, otherwise `error` (by default: invalid user name or password).
 */
export async function failSignInAttempt(
  ctx: FeatureContext,
  meta: RequestMeta,
  attempt: CountedAttempt,
  who: { userId: number | null; userName: string },
  details: Record<string, unknown> & { reason: string },
  error: AppError = new AppError('BAD_CREDENTIALS', AUTH_TEXTS.badCredentials),
): Promise<never> {
  await audit(ctx, meta, {
    event: 'LOGIN_FAILURE',
    outcome: 'FAILURE',
    userId: who.userId,
    userName: who.userName,
    details: { ...details, failedCount: attempt.sourceCount },
  });
  const locked = await lockWhenReached(ctx, attempt.policy, attempt.key, meta.ip, attempt);
  await pause(failureDelayMs(ctx.config.loginDelayMs, attempt.sourceCount));
  if (locked) {
    await audit(ctx, meta, {
      event: 'ACCOUNT_LOCKED',
      outcome: 'FAILURE',
      userId: who.userId,
      userName: who.userName,
      details: { minutes: attempt.policy.lockoutMinutes, scope: locked },
    });
    throw new AppError('ACCOUNT_LOCKED', accountLockedText(attempt.policy.lockoutMinutes));
  }
  throw error;
}

/** A successful sign-in lifts the counts of its name from its source. */
export const clearSignInAttempts = (ctx: FeatureContext, attempt: CountedAttempt, meta: RequestMeta) =>
  q.clearAttempts(ctx.db, attempt.key, meta.ip);

export async function login(ctx: FeatureContext, body: LoginRequest, meta: RequestMeta): Promise<LoginResponse> {
  const policy = await readAuthPolicy(ctx, ctx.db);
  if (policy.config.captcha) {
    await auditingRefusals(ctx, meta, 'LOGIN_FAILURE', { userName: body.userName }, () =>
      checkCaptcha(ctx, body.captchaId, body.captchaAnswer),
    );
  }
  const attempt = await countSignInAttempt(ctx, body.userName, meta, {}, policy);
  const user = await q.findUserByName(ctx.db, body.userName);
  const isPasswordOk = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !isPasswordOk) {
    return failSignInAttempt(
      ctx,
      meta,
      attempt,
      { userId: user?.id ?? null, userName: body.userName },
      { reason: 'BAD_CREDENTIALS' },
    );
  }
  if (!user.is_active) {
    await audit(ctx, meta, {
      event: 'LOGIN_FAILURE',
      outcome: 'FAILURE',
      userId: user.id,
      userName: user.user_name,
      details: { reason: 'DISABLED' },
    });
    throw new AppError('BAD_CREDENTIALS', AUTH_TEXTS.disabled);
  }
  await clearSignInAttempts(ctx, attempt, meta);

  if (isPasswordExpired(policy, user, ctx.now())) return sendToReset(ctx, user, policy.config.passwordExpiryDays, meta);

  if (await isMfaOn(ctx)) return startMfaChallenge(ctx, user, meta);
  return issueSession(ctx, user.id, meta);
}

const isMfaOn = (ctx: FeatureContext) => isSettingOn(ctx.db, 'USER', SETTING_KEYS.MULTIFACTOR_AUTHENTICATION);

/**
 * With MULTIFACTOR_AUTHENTICATION on, a sign-in whose first factor passed (password or directory) answers the code
 * step instead of a session. The code comes from the user's authenticator app when they set one up (decision 0028),
 * otherwise by text message (sent now when the user has a number; else the page asks for one).
 */
export async function signInOrAskCode(
  ctx: FeatureContext,
  user: { id: number; user_name: string; contact_number: string | null },
  meta: RequestMeta,
  details: Record<string, unknown> = {},
): Promise<SignedInUser | OtpPending> {
  if (!(await isMfaOn(ctx))) return issueSession(ctx, user.id, meta, details);
  return startMfaChallenge(ctx, user, meta, details);
}

async function startMfaChallenge(
  ctx: FeatureContext,
  user: { id: number; user_name: string; contact_number: string | null },
  meta: RequestMeta,
  details: Record<string, unknown> = {},
): Promise<OtpPending> {
  const tempToken = randomToken();
  const expiresAt = new Date(ctx.now().getTime() + LOGIN_CHALLENGE_TTL_MS);
  const isTotp = await hasConfirmedTotp(ctx.db, user.id);
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const c = await q.insertChallenge(tx, {
      userId: user.id,
      purpose: 'LOGIN',
      tempTokenHash: hashToken(tempToken),
      expiresAt,
    });
    if (!isTotp && user.contact_number) await sendCode(ctx, tx, c.id, user);
  });
  await audit(ctx, meta, {
    event: 'LOGIN_OTP_SENT',
    outcome: 'SUCCESS',
    userId: user.id,
    userName: user.user_name,
    details: { ...details, mfaMethod: isTotp ? 'TOTP' : 'SMS', hasContactNumber: !!user.contact_number },
  });
  return {
    id: user.id,
    userId: user.id,
    userName: user.user_name,
    otpRequired: true,
    contactNumberRequired: !isTotp && !user.contact_number,
    tempToken,
    maskedContactNumber: isTotp ? null : maskNumber(user.contact_number),
    otpExpiresInSeconds: isTotp ? Math.round(LOGIN_CHALLENGE_TTL_MS / 1000) : ctx.config.otpTtlSeconds,
    mfaMethod: isTotp ? 'TOTP' : 'SMS',
  };
}

/** An expired password: no session; a reset challenge the sign-in page opens /reset-password with. */
async function sendToReset(
  ctx: FeatureContext,
  user: { id: number; user_name: string },
  expiryDays: number,
  meta: RequestMeta,
): Promise<PasswordExpired> {
  const tempToken = randomToken();
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    await q.insertChallenge(tx, {
      userId: user.id,
      purpose: 'RESET_PASSWORD',
      tempTokenHash: hashToken(tempToken),
      expiresAt: new Date(ctx.now().getTime() + RESET_TOKEN_TTL_MS),
    });
    await audit(
      ctx,
      meta,
      {
        event: 'PASSWORD_EXPIRED',
        outcome: 'FAILURE',
        userId: user.id,
        userName: user.user_name,
        details: { expiryDays },
      },
      tx,
    );
  });
  return { passwordExpired: true, message: AUTH_CONFIG_TEXTS.passwordExpired, tempToken };
}

/** Checks a code against a challenge; counts wrong attempts and closes the challenge after too many. */
async function checkCode(
  ctx: FeatureContext,
  tx: Db,
  c: { id: number; code_hash: string | null; code_expires_at: Date | null; attempts: number },
  otp: string,
) {
  if (!c.code_hash || !c.code_expires_at) throw new AppError('OTP_INVALID', AUTH_TEXTS.otpInvalid);
  if (c.code_expires_at <= ctx.now()) throw new AppError('OTP_INVALID', AUTH_TEXTS.otpExpired);
  if (!safeEqualHex(c.code_hash, hashCode(ctx.config.jwtSecret, otp))) {
    const attempts = await q.countChallengeAttempt(tx, c.id);
    if (attempts >= MAX_OTP_ATTEMPTS) {
      await q.closeChallenge(tx, c.id);
      return AUTH_TEXTS.otpTooMany;
    }
    return AUTH_TEXTS.otpInvalid;
  }
  return null;
}

/**
 * The authenticator's code instead of a texted one, or one of the user's recovery codes (`recovery` then says how
 * many are left): wrong codes (and a code used before) count as for SMS.
 */
async function checkTotp(
  ctx: FeatureContext,
  tx: Db,
  c: { id: number; user_id: number },
  otp: string,
  recovery: { codesLeft?: number },
) {
  if (/^\d{6}$/.test(otp)) {
    if (await acceptTotpCode(ctx, tx, c.user_id, otp)) return null;
  } else {
    const left = await acceptRecoveryCode(ctx, tx, c.user_id, otp);
    if (left !== null) {
      recovery.codesLeft = left;
      return null;
    }
  }
  const attempts = await q.countChallengeAttempt(tx, c.id);
  if (attempts >= MAX_OTP_ATTEMPTS) {
    await q.closeChallenge(tx, c.id);
    return AUTH_TEXTS.otpTooMany;
  }
  return AUTH_TEXTS.otpInvalid;
}

export async function verifyOtp(ctx: FeatureContext, body: VerifyOtpRequest, meta: RequestMeta): Promise<SignedInUser> {
  const recovery: { codesLeft?: number } = {};
  const failure = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const c = await q.findOpenLoginChallenge(tx, body.userId, ctx.now());
    if (!c) return AUTH_TEXTS.otpNoPending;
    const wrong = (await hasConfirmedTotp(tx, body.userId))
      ? await checkTotp(ctx, tx, c, body.otp, recovery)
      : await checkCode(ctx, tx, c, body.otp);
    if (wrong) return wrong;
    await q.closeChallenge(tx, c.id);
    // A user disabled between the password step and the code gets no session.
    if (!(await q.findUserById(tx, body.userId))?.is_active) return AUTH_TEXTS.disabled;
    return null;
  });
  if (failure) {
    await audit(ctx, meta, {
      event: 'OTP_FAILURE',
      outcome: 'FAILURE',
      userId: body.userId,
      details: { reason: failure },
    });
    throw new AppError(failure === AUTH_TEXTS.disabled ? 'BAD_CREDENTIALS' : 'OTP_INVALID', failure);
  }
  const session = await issueSession(ctx, body.userId, meta);
  if (recovery.codesLeft === undefined) return session;
  await audit(ctx, meta, {
    event: 'USER_TOTP_RECOVERY_CODE_USED',
    outcome: 'SUCCESS',
    userId: body.userId,
    userName: session.userName,
    details: { recoveryCodesLeft: recovery.codesLeft },
  });
  return { ...session, recoveryCodesLeft: recovery.codesLeft };
}

export async function resendOtp(ctx: FeatureContext, userId: number, meta: RequestMeta) {
  return auditingRefusals(ctx, meta, 'OTP_FAILURE', { userId }, () => resendOtpCode(ctx, userId));
}

async function resendOtpCode(ctx: FeatureContext, userId: number) {
  return withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const c = await q.findOpenLoginChallenge(tx, userId, ctx.now());
    if (!c) throw new AppError('OTP_INVALID', AUTH_TEXTS.otpNoPending);
    // The authenticator app is the factor: no text message instead (a lost phone is reset by an administrator).
    if (await hasConfirmedTotp(tx, userId)) throw new AppError('VALIDATION', AUTH_TEXTS.totpNoResend);
    if (c.code_hash && ctx.now().getTime() - c.created_at.getTime() < OTP_RESEND_INTERVAL_MS) {
      throw new AppError('RATE_LIMITED', AUTH_TEXTS.otpWait);
    }
    const user = await q.findUserById(tx, userId);
    if (!user) throw new AppError('OTP_INVALID', AUTH_TEXTS.otpNoPending);
    await sendCode(ctx, tx, c.id, user);
    return { message: AUTH_TEXTS.otpSent, maskedContactNumber: maskNumber(user.contact_number) };
  });
}

export async function updateNumber(ctx: FeatureContext, mobile: string, tempToken: string, meta: RequestMeta) {
  return auditingRefusals(ctx, meta, 'CONTACT_NUMBER_UPDATED', {}, () => setNumber(ctx, mobile, tempToken, meta));
}

async function setNumber(ctx: FeatureContext, mobile: string, tempToken: string, meta: RequestMeta) {
  return withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const c = await q.findOpenChallengeByToken(tx, hashToken(tempToken), ctx.now());
    if (!c)
      throw new AppError('VALIDATION', AUTH_TEXTS.tempTokenInvalid, [
        { field: 'tempToken', defaultMessage: AUTH_TEXTS.tempTokenInvalid },
      ]);
    const user = await q.findUserById(tx, c.user_id);
    if (!user) throw new AppError('VALIDATION', AUTH_TEXTS.tempTokenInvalid);
    // A temp token proves a password (or an e-mail inbox), not the phone: it may add a number, never replace one,
    // or the second factor would be worthless.
    if (user.contact_number)
      throw new AppError('VALIDATION', AUTH_TEXTS.contactExists, [
        { field: 'mobile', defaultMessage: AUTH_TEXTS.contactExists },
      ]);
    await q.setContactNumber(tx, user.id, mobile);
    await sendCode(ctx, tx, c.id, { id: user.id, contact_number: mobile });
    await audit(
      ctx,
      meta,
      {
        event: 'CONTACT_NUMBER_UPDATED',
        outcome: 'SUCCESS',
        userId: user.id,
        userName: user.user_name,
        entityType: 'app_user',
        entityId: user.id,
      },
      tx,
    );
    return { message: AUTH_TEXTS.contactUpdated, maskedContactNumber: maskNumber(mobile) };
  });
}

export async function forgotPassword(ctx: FeatureContext, userName: string, meta: RequestMeta) {
  const user = await q.findUserByName(ctx.db, userName);
  if (user?.is_active && (user.email || user.contact_number)) {
    const tempToken = randomToken();
    const link = `${ctx.config.publicUrl}/reset-password?tempToken=${tempToken}`;
    await withTransaction(ctx.db, {}, async ({ db: tx }) => {
      await q.insertChallenge(tx, {
        userId: user.id,
        purpose: 'RESET_PASSWORD',
        tempTokenHash: hashToken(tempToken),
        expiresAt: new Date(ctx.now().getTime() + RESET_TOKEN_TTL_MS),
      });
      await ctx.notifier.send(tx, {
        channel: user.email ? 'EMAIL' : 'SMS',
        recipient: user.email ?? user.contact_number ?? '',
        subject: 'Reset your password',
        body: `A password reset was requested for ${user.user_name}. Open ${link} within 30 minutes to choose a new password. If you did not ask for this, ignore this message.`,
        userId: user.id,
      });
      await audit(
        ctx,
        meta,
        { event: 'PASSWORD_RESET_REQUESTED', outcome: 'SUCCESS', userId: user.id, userName: user.user_name },
        tx,
      );
    });
  } else {
    await audit(ctx, meta, {
      event: 'PASSWORD_RESET_REQUESTED',
      outcome: 'FAILURE',
      userName,
      details: { reason: 'NO_DELIVERABLE_USER' },
    });
  }
  // The same answer whether or not the user exists.
  return { message: AUTH_TEXTS.forgotSent };
}

export async function sendResetOtp(ctx: FeatureContext, tempToken: string, meta: RequestMeta) {
  return auditingRefusals(ctx, meta, 'PASSWORD_RESET_REQUESTED', {}, () => sendResetCode(ctx, tempToken));
}

async function sendResetCode(ctx: FeatureContext, tempToken: string) {
  return withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const c = await q.findOpenChallengeByToken(tx, hashToken(tempToken), ctx.now());
    if (c?.purpose !== 'RESET_PASSWORD')
      throw new AppError('VALIDATION', AUTH_TEXTS.tempTokenInvalid, [
        { field: 'tempToken', defaultMessage: AUTH_TEXTS.tempTokenInvalid },
      ]);
    if (c.code_hash && ctx.now().getTime() - c.created_at.getTime() < OTP_RESEND_INTERVAL_MS)
      throw new AppError('RATE_LIMITED', AUTH_TEXTS.otpWait);
    const user = await q.findUserById(tx, c.user_id);
    if (!user) throw new AppError('VALIDATION', AUTH_TEXTS.tempTokenInvalid);
    await sendCode(ctx, tx, c.id, user);
    return { message: AUTH_TEXTS.otpSent, maskedContactNumber: maskNumber(user.contact_number) };
  });
}

export async function resetPassword(ctx: FeatureContext, body: ResetPasswordRequest, meta: RequestMeta) {
  return auditingRefusals(ctx, meta, 'PASSWORD_RESET', {}, () => setNewPassword(ctx, body, meta));
}

async function setNewPassword(ctx: FeatureContext, body: ResetPasswordRequest, meta: RequestMeta) {
  const isOtpRequired = await isSettingOn(ctx.db, 'USER', SETTING_KEYS.IS_OTP_REQUIRED_IN_FORGOT_PASSWORD);
  const policy = await readAuthPolicy(ctx, ctx.db);
  const newHash = await hashPassword(body.password);
  const outcome = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const c = await q.findOpenChallengeByToken(tx, hashToken(body.tempToken), ctx.now());
    if (c?.purpose !== 'RESET_PASSWORD')
      throw new AppError('VALIDATION', AUTH_TEXTS.tempTokenInvalid, [
        { field: 'tempToken', defaultMessage: AUTH_TEXTS.tempTokenInvalid },
      ]);
    if (isOtpRequired) {
      if (!body.otp)
        throw new AppError('VALIDATION', AUTH_TEXTS.otpRequired, [
          { field: 'otp', defaultMessage: AUTH_TEXTS.otpRequired },
        ]);
      const wrong = await checkCode(ctx, tx, c, body.otp);
      if (wrong) return { wrong };
    }
    const user = await q.findUserById(tx, c.user_id);
    if (!user) throw new AppError('VALIDATION', AUTH_TEXTS.tempTokenInvalid);
    await checkNewPassword(tx, policy, user, body.password);
    await keepReplacedPassword(tx, user);
    await q.setPassword(tx, user.id, newHash);
    await q.closeChallenge(tx, c.id);
    // A new password ends every session and lifts a lockout.
    await q.revokeAllFamilies(tx, user.id, 'PASSWORD_CHANGED');
    await q.clearThrottle(tx, user.user_name.toLowerCase());
    await audit(
      ctx,
      meta,
      { event: 'PASSWORD_RESET', outcome: 'SUCCESS', userId: user.id, userName: user.user_name },
      tx,
    );
    return { wrong: null };
  });
  // A wrong code is counted (committed) before the refusal.
  if (outcome.wrong) throw new AppError('OTP_INVALID', outcome.wrong);
  ctx.principals.invalidateAll();
  return { message: AUTH_TEXTS.resetDone };
}

type RefreshOutcome =
  | { ok: true; answer: RefreshResponse; graceMs?: number }
  | { ok: false; error: string; event: 'REFRESH_FAILURE' | 'REFRESH_TOKEN_REUSE'; details?: Record<string, unknown> };

/**
 * The rotated token presented again (decision 0015). Within the grace interval, while the pair its rotation gave is
 * still the family's live one, the same pair again: two tabs refreshing at once. Otherwise someone else holds a copy:
 * the whole family ends.
 */
async function answerRotatedToken(
  ctx: FeatureContext,
  tx: Db,
  t: { family_id: string; rotated_at: Date; rotation_answer: string | null },
  now: Date,
): Promise<RefreshOutcome> {
  const sinceMs = now.getTime() - t.rotated_at.getTime();
  const opened =
    t.rotation_answer && sinceMs <= ctx.config.refreshGraceMs ? unseal(ctx.config.jwtSecret, t.rotation_answer) : null;
  const answer = opened ? (JSON.parse(opened) as RefreshResponse) : null;
  if (answer && (await q.isLiveToken(tx, hashToken(answer.refreshToken)))) {
    return { ok: true, answer, graceMs: sinceMs };
  }
  await q.revokeFamily(tx, t.family_id, 'REFRESH_TOKEN_REUSE');
  return {
    ok: false,
    error: AUTH_TEXTS.sessionReused,
    event: 'REFRESH_TOKEN_REUSE',
    details: { rotatedMsAgo: sinceMs, graceMs: ctx.config.refreshGraceMs },
  };
}

export async function refresh(ctx: FeatureContext, body: RefreshRequest, meta: RequestMeta): Promise<RefreshResponse> {
  let claims: Awaited<ReturnType<FeatureContext['tokens']['verifyAccess']>>;
  try {
    claims = await ctx.tokens.verifyAccess(body.authToken, { ignoreExpiry: true });
  } catch {
    // Not a token this server signed (or not one at all): nobody to name, the refusal is still recorded.
    await audit(ctx, meta, {
      event: 'REFRESH_FAILURE',
      outcome: 'FAILURE',
      userName: body.userName,
      details: { reason: AUTH_TEXTS.sessionInvalid, accessToken: 'unverifiable' },
    });
    throw new AppError('REFRESH_INVALID', AUTH_TEXTS.sessionInvalid);
  }
  const now = ctx.now();
  const policy = await readAuthPolicy(ctx, ctx.db);
  const result = await withTransaction(ctx.db, {}, async ({ db: tx }): Promise<RefreshOutcome> => {
    // Locked: a second refresh with the same token waits here until the first has committed its rotation.
    const t = await q.lockRefreshToken(tx, hashToken(body.refreshToken));
    if (
      !t ||
      t.family_id !== claims.familyId ||
      t.user_id !== claims.userId ||
      claims.userName.toLowerCase() !== body.userName.trim().toLowerCase()
    ) {
      return { ok: false, error: AUTH_TEXTS.sessionInvalid, event: 'REFRESH_FAILURE' };
    }
    if (t.revoked_at) return { ok: false, error: AUTH_TEXTS.sessionEnded, event: 'REFRESH_FAILURE' };
    if (t.rotated_at) return answerRotatedToken(ctx, tx, { ...t, rotated_at: t.rotated_at }, now);
    if (t.family_expires_at <= now || t.expires_at <= now) {
      await q.revokeFamily(tx, t.family_id, 'EXPIRED');
      return { ok: false, error: AUTH_TEXTS.sessionExpired, event: 'REFRESH_FAILURE' };
    }
    if (now.getTime() - t.last_activity_at.getTime() > policy.sessionIdleSeconds * 1000) {
      await q.revokeFamily(tx, t.family_id, 'IDLE');
      return { ok: false, error: AUTH_TEXTS.sessionIdle, event: 'REFRESH_FAILURE' };
    }
    const user = await q.findUserById(tx, t.user_id);
    if (!user?.is_active) {
      await q.revokeFamily(tx, t.family_id, 'USER_DISABLED');
      return { ok: false, error: AUTH_TEXTS.sessionEnded, event: 'REFRESH_FAILURE' };
    }
    const next = randomToken();
    const expiresAt = new Date(
      Math.min(now.getTime() + ctx.config.refreshTokenTtlSeconds * 1000, t.family_expires_at.getTime()),
    );
    const answer: RefreshResponse = {
      authToken: await ctx.tokens.signAccess({ userId: t.user_id, userName: user.user_name, familyId: t.family_id }),
      refreshToken: next,
      refreshTokenExpirationTime: expiresAt.getTime(),
    };
    const kept = ctx.config.refreshGraceMs > 0 ? seal(ctx.config.jwtSecret, JSON.stringify(answer)) : null;
    await q.clearRotationAnswers(tx, t.family_id, new Date(now.getTime() - ctx.config.refreshGraceMs));
    await q.markRotated(tx, t.token_hash, now, kept);
    await q.insertRefreshToken(tx, { hash: hashToken(next), familyId: t.family_id, expiresAt });
    await q.touchFamily(tx, t.family_id, now);
    return { ok: true, answer };
  });
  if (!result.ok) {
    ctx.principals.invalidateAll();
    await audit(ctx, meta, {
      event: result.event,
      outcome: 'FAILURE',
      userId: claims.userId,
      userName: claims.userName,
      details: { sessionId: claims.familyId, reason: result.error, ...result.details },
    });
    throw new AppError('REFRESH_INVALID', result.error);
  }
  if (result.graceMs !== undefined) {
    // Not a failure, but worth seeing: the same token twice, answered with the same pair.
    await audit(ctx, meta, {
      event: 'TOKEN_REFRESHED',
      outcome: 'SUCCESS',
      userId: claims.userId,
      userName: claims.userName,
      details: { sessionId: claims.familyId, rotatedTokenWithinGraceMs: result.graceMs },
    });
  }
  return result.answer;
}

export async function logout(
  ctx: FeatureContext,
  principal: { userId: number; userName: string; familyId: string },
  meta: RequestMeta,
) {
  await q.revokeFamily(ctx.db, principal.familyId, 'LOGOUT');
  ctx.principals.invalidateAll();
  await audit(ctx, meta, {
    event: 'LOGOUT',
    outcome: 'SUCCESS',
    userId: principal.userId,
    userName: principal.userName,
    details: { sessionId: principal.familyId },
  });
  return { message: AUTH_TEXTS.loggedOut };
}
