import { randomUUID } from 'node:crypto';
import { AUTH_CONFIG_TEXTS, type CaptchaResponse } from '@recon/contract';
import svgCaptcha from 'svg-captcha';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { hashCode, safeEqualHex } from '@/lib/tokens.ts';
import { findCaptcha, insertCaptcha, useCaptcha } from './auth-config.queries.ts';
import { readAuthPolicy } from './auth-policy.ts';

/** A challenge lives two minutes and answers once, right or wrong. */
export const CAPTCHA_TTL_SECONDS = 120;
// No characters that read alike (0/O, 1/l/I); answers compare without case.
const CHARACTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** The answer is kept only as an HMAC with the server secret, case folded. */
export const hashAnswer = (ctx: FeatureContext, answer: string) =>
  hashCode(ctx.config.jwtSecret, `captcha:${answer.trim().toLowerCase()}`);

/** GET v2/captcha: a new image when CAPTCHA is on. */
export async function createCaptcha(ctx: FeatureContext): Promise<CaptchaResponse> {
  const policy = await readAuthPolicy(ctx, ctx.db);
  if (!policy.config.captcha) return { enabled: false };
  // Grey characters (no `background`: svg-captcha colours them pale when one is given); the page draws it on white.
  const c = svgCaptcha.create({
    color: false,
    fontSize: 52,
    size: 5,
    noise: 2,
    charPreset: CHARACTERS,
    width: 160,
    height: 50,
  });
  const id = randomUUID();
  await insertCaptcha(ctx.db, {
    id,
    answerHash: hashAnswer(ctx, c.text),
    expiresAt: new Date(ctx.now().getTime() + CAPTCHA_TTL_SECONDS * 1000),
  });
  return { enabled: true, captchaId: id, image: c.data, expiresInSeconds: CAPTCHA_TTL_SECONDS };
}

const refuse = (message: string) =>
  new AppError('VALIDATION', message, [{ field: 'captchaAnswer', defaultMessage: message }]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refuses a sign-in without a live, unused challenge answered right; the challenge is used up either way. */
export async function checkCaptcha(
  ctx: FeatureContext,
  captchaId: string | undefined,
  answer: string | undefined,
): Promise<void> {
  if (!captchaId || !answer?.trim() || !UUID.test(captchaId)) throw refuse(AUTH_CONFIG_TEXTS.captchaRequired);
  const c = await findCaptcha(ctx.db, captchaId);
  if (!c) throw refuse(AUTH_CONFIG_TEXTS.captchaExpired);
  if (c.used_at) throw refuse(AUTH_CONFIG_TEXTS.captchaUsed);
  if (!(await useCaptcha(ctx.db, c.id, ctx.now()))) throw refuse(AUTH_CONFIG_TEXTS.captchaUsed);
  if (c.expires_at <= ctx.now()) throw refuse(AUTH_CONFIG_TEXTS.captchaExpired);
  if (!safeEqualHex(c.answer_hash, hashAnswer(ctx, answer))) throw refuse(AUTH_CONFIG_TEXTS.captchaWrong);
}
