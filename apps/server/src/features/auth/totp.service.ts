import { randomBytes } from 'node:crypto';
import {
  type AuditEvent,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  SETTING_KEYS,
  TOTP_ISSUER,
  USER_TOTP_TEXTS,
  type UserTotpEnrolment,
  type UserTotpRecoveryCodes,
  type UserTotpStatus,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import { Secret, TOTP } from 'otpauth';
import qrcode from 'qrcode-generator';
import type { FeatureContext } from '@/deps.ts';
import { type Actor, auditBy } from '@/lib/actor.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { writeAudit } from '@/lib/audit.ts';
import { sealContext, sealedColumn } from '@/lib/sealed-columns.ts';
import { isSettingOn } from '@/lib/settings.ts';
import { hashCode } from '@/lib/tokens.ts';
import * as q from './totp.queries.ts';

/** RFC 6238 defaults, which every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after the current one is accepted too (clocks drift, people type slowly). */
const WINDOW = 1;
/** Users belong to no module: the seed's context is its column with module 0 (decision 0028). */
const SECRET_CONTEXT = sealContext(sealedColumn('user_totp.secret_sealed'), 0);

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** The time step a code belongs to (within the window around `now`), or null when it matches none. */
function stepOf(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpOf(secretBase32, '').validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

const isMfaOn = (db: Db) => isSettingOn(db, 'USER', SETTING_KEYS.MULTIFACTOR_AUTHENTICATION);

/** GET v2/mfa/totp. */
export async function status(ctx: FeatureContext, actor: Actor): Promise<UserTotpStatus> {
  const row = await q.totpOf(ctx.db, actor.principal.userId);
  return {
    mfaEnabled: await isMfaOn(ctx.db),
    enrolled: !!row?.confirmed_at,
    confirmedAt: row?.confirmed_at?.toISOString() ?? null,
    recoveryCodesLeft: row?.confirmed_at ? await q.recoveryCodesLeft(ctx.db, actor.principal.userId) : 0,
  };
}

/** POST v2/mfa/totp: a new seed, sealed; shown this once as an otpauth URI, a QR code made here, and text. */
export async function enrol(ctx: FeatureContext, actor: Actor): Promise<UserTotpEnrolment> {
  if (!(await isMfaOn(ctx.db))) throw new AppError('VALIDATION', USER_TOTP_TEXTS.mfaOff);
  const { userId, userName } = actor.principal;
  const secret = new Secret({ size: 20 }).base32;
  const started = await q.startEnrolment(ctx.db, userId, ctx.secrets.seal(secret, SECRET_CONTEXT));
  if (!started) throw new AppError('CONFLICT', USER_TOTP_TEXTS.alreadySetUp);
  await auditTotp(ctx.db, actor, 'USER_TOTP_ENROLMENT_STARTED', userId);
  const otpauthUri = totpOf(secret, userName).toString();
  const qr = qrcode(0, 'M');
  qr.addData(otpauthUri);
  qr.make();
  return { otpauthUri, qrCodeDataUrl: qr.createDataURL(5, 4), secret };
}

/**
 * POST v2/mfa/totp/confirm: the first code from the app confirms it; sign-in asks for its codes from then on. The
 * answer carries the ten recovery codes, made in the same transaction (an app is never confirmed without them).
 */
export async function confirm(ctx: FeatureContext, actor: Actor, code: string): Promise<UserTotpRecoveryCodes> {
  const { userId } = actor.principal;
  const row = await q.totpOf(ctx.db, userId);
  if (!row || row.confirmed_at) throw validation(USER_TOTP_TEXTS.noEnrolment, 'code');
  const step = stepOf(ctx.secrets.open(row.secret_sealed, SECRET_CONTEXT), code, ctx.now());
  const recoveryCodes = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    if (step === null || !(await q.takeStep(tx, userId, step, true))) return null;
    await auditTotp(tx, actor, 'USER_TOTP_CONFIRMED', userId);
    return newRecoveryCodes(ctx, tx, actor);
  });
  if (!recoveryCodes) {
    await auditTotp(ctx.db, actor, 'USER_TOTP_CONFIRM_FAILED', userId, 'FAILURE');
    throw validation(USER_TOTP_TEXTS.codeInvalid, 'code');
  }
  return { message: USER_TOTP_TEXTS.confirmed, recoveryCodes };
}

/**
 * POST v2/mfa/totp/recovery-codes: ten new recovery codes for a confirmed app, the old ones void. Needs a current code
 * from the app (its step is taken, as at sign-in): a stolen session alone gets no second factor.
 */
export async function regenerateRecoveryCodes(
  ctx: FeatureContext,
  actor: Actor,
  code: string,
): Promise<UserTotpRecoveryCodes> {
  const { userId } = actor.principal;
  const row = await q.totpOf(ctx.db, userId);
  if (!row?.confirmed_at) throw new AppError('NOT_FOUND', USER_TOTP_TEXTS.notSetUp);
  const step = stepOf(ctx.secrets.open(row.secret_sealed, SECRET_CONTEXT), code, ctx.now());
  const recoveryCodes = await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    if (step === null || !(await q.takeStep(tx, userId, step, false))) return null;
    return newRecoveryCodes(ctx, tx, actor);
  });
  if (!recoveryCodes) {
    await auditTotp(ctx.db, actor, 'USER_TOTP_CONFIRM_FAILED', userId, 'FAILURE', { for: 'RECOVERY_CODES' });
    throw validation(USER_TOTP_TEXTS.codeInvalid, 'code');
  }
  return { message: USER_TOTP_TEXTS.recoveryCodesCreated, recoveryCodes };
}

/** Crockford's base32: no i, l, o or u to misread. 32 letters, so each random byte's low 5 bits pick one evenly. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten random codes shown as `xxxxx-xxxxx`; only their hashes are stored, replacing the user's earlier ones. */
async function newRecoveryCodes(ctx: FeatureContext, tx: Db, actor: Actor) {
  const { userId } = actor.principal;
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const text = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
    codes.add(`${text.slice(0, 5)}-${text.slice(5)}`);
  }
  const shown = [...codes];
  await q.replaceRecoveryCodes(
    tx,
    userId,
    shown.map((c) => recoveryHash(ctx, c)),
  );
  await auditTotp(tx, actor, 'USER_TOTP_RECOVERY_CODES_CREATED', userId, 'SUCCESS', { count: shown.length });
  return shown;
}

const recoveryHash = (ctx: FeatureContext, code: string) =>
  hashCode(ctx.config.jwtSecret, `recovery:${normalizeRecoveryCode(code)}`);

/**
 * A recovery code typed at the sign-in code step of a user with a confirmed app: accepted once (then used up).
 * Answers how many are left after it, or null when it is not one of the user's unused codes.
 */
export async function acceptRecoveryCode(ctx: FeatureContext, db: Db, userId: number, code: string) {
  if (!RECOVERY_CODE_PATTERN.test(code)) return null;
  if (!(await q.totpOf(db, userId))?.confirmed_at) return null;
  if (!(await q.takeRecoveryCode(db, userId, recoveryHash(ctx, code)))) return null;
  return q.recoveryCodesLeft(db, userId);
}

/** Whether sign-in asks this user for their authenticator's code rather than a text message. */
export async function hasConfirmedTotp(db: Db, userId: number) {
  return !!(await q.totpOf(db, userId))?.confirmed_at;
}

/** A sign-in code from the user's confirmed authenticator: right, and of a step not used before (then taken). */
export async function acceptTotpCode(ctx: FeatureContext, db: Db, userId: number, code: string) {
  const row = await q.totpOf(db, userId);
  if (!row?.confirmed_at) return false;
  const step = stepOf(ctx.secrets.open(row.secret_sealed, SECRET_CONTEXT), code, ctx.now());
  return step !== null && (await q.takeStep(db, userId, step, false));
}

/**
 * DELETE v2/appusers/{id}/totp: a lost phone. Sign-in falls back to the code by SMS until the user sets up another.
 * A holder of `users` without ROLE_ADMIN reaches only users of their modules, and never an admin (decision 0019).
 */
export async function reset(ctx: FeatureContext, actor: Actor, userId: number) {
  const isAdmin = actor.principal.roles.includes('ROLE_ADMIN');
  const target = await q.resetTarget(ctx.db, userId, actor.principal.userId);
  if (!target || (!isAdmin && (!target.shares_module || target.is_admin)))
    throw new AppError('NOT_FOUND', 'User not found');
  const removed = await q.removeTotp(ctx.db, userId);
  if (!removed) throw new AppError('NOT_FOUND', USER_TOTP_TEXTS.notSetUp);
  await auditTotp(ctx.db, actor, 'USER_TOTP_RESET', userId, 'SUCCESS', { userName: target.user_name });
  return { message: USER_TOTP_TEXTS.reset };
}

/** The audit entry of a change to a user's authenticator app, by the actor. */
function auditTotp(
  db: Db,
  actor: Actor,
  event: AuditEvent,
  userId: number,
  outcome: 'SUCCESS' | 'FAILURE' = 'SUCCESS',
  details?: Record<string, unknown>,
) {
  return writeAudit(db, { event, outcome, ...auditBy(actor), entityType: 'app_user', entityId: userId, details });
}
