import { z } from 'zod';
import { PASSWORD_POLICY_TEXT } from './auth.ts';

/**
 * Settings › integrations/auth-config (issue 13, decision 0024): how users sign in. Stored as global settings of
 * group USER; a key not stored takes the server's environment default.
 */
export const AUTH_CONFIG_SETTING_KEYS = {
  passwordMinLength: 'PASSWORD_MIN_LENGTH',
  passwordRequireUppercase: 'PASSWORD_REQUIRE_UPPERCASE',
  passwordRequireLowercase: 'PASSWORD_REQUIRE_LOWERCASE',
  passwordRequireDigit: 'PASSWORD_REQUIRE_DIGIT',
  passwordRequireSymbol: 'PASSWORD_REQUIRE_SYMBOL',
  passwordExpiryDays: 'PASSWORD_EXPIRY_DAYS',
  passwordHistoryCount: 'PASSWORD_HISTORY_COUNT',
  sessionIdleMinutes: 'SESSION_IDLE_MINUTES',
  sessionMaxMinutes: 'SESSION_MAX_MINUTES',
  lockoutThreshold: 'LOCKOUT_THRESHOLD',
  lockoutMinutes: 'LOCKOUT_MINUTES',
  multifactorAuthentication: 'MULTIFACTOR_AUTHENTICATION',
  captcha: 'CAPTCHA',
} as const;

/** The longest password accepted, whatever the policy. */
export const PASSWORD_MAX_LENGTH = 64;

export const AUTH_CONFIG_LIMITS = {
  passwordMinLength: { min: 8, max: 64 },
  passwordExpiryDays: { min: 0, max: 365 },
  passwordHistoryCount: { min: 0, max: 24 },
  sessionIdleMinutes: { min: 5, max: 1440 },
  sessionMaxMinutes: { min: 15, max: 10080 },
  lockoutThreshold: { min: 3, max: 50 },
  lockoutMinutes: { min: 1, max: 1440 },
} as const;

const L = AUTH_CONFIG_LIMITS;
export const AUTH_CONFIG_TEXTS = {
  passwordMinLength: `Minimum password length must be a whole number from ${L.passwordMinLength.min} to ${L.passwordMinLength.max} characters`,
  passwordExpiryDays: `Password expiry must be a whole number from ${L.passwordExpiryDays.min} to ${L.passwordExpiryDays.max} days (0 = never)`,
  passwordHistoryCount: `Password history must be a whole number from ${L.passwordHistoryCount.min} to ${L.passwordHistoryCount.max} passwords (0 = off)`,
  sessionIdleMinutes: `Idle timeout must be a whole number from ${L.sessionIdleMinutes.min} to ${L.sessionIdleMinutes.max} minutes`,
  sessionMaxMinutes: `Maximum session length must be a whole number from ${L.sessionMaxMinutes.min} to ${L.sessionMaxMinutes.max} minutes`,
  sessionMaxBelowIdle: 'Maximum session length must not be shorter than the idle timeout',
  lockoutThreshold: `Lockout threshold must be a whole number from ${L.lockoutThreshold.min} to ${L.lockoutThreshold.max} failed attempts`,
  lockoutMinutes: `Lockout duration must be a whole number from ${L.lockoutMinutes.min} to ${L.lockoutMinutes.max} minutes`,
  updated: 'Sign-in settings saved',
  captchaRequired: 'Please enter the characters shown in the image',
  captchaWrong: 'The characters do not match the image. Please try again with the new image.',
  captchaExpired: 'The image has expired. Please enter the characters of the new image.',
  captchaUsed: 'This image was already used. Please enter the characters of the new image.',
  passwordExpired: 'Your password has expired. Please choose a new password.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed. Please sign in again with your new password.',
} as const;

/** A password reused from the last `count` (the current one included). */
export const passwordReusedText = (count: number) =>
  `Password must not be the same as any of your last ${count} passwords`;

/** The lockout answer for a lock of `minutes` (30 reads as it always did). */
export const accountLockedText = (minutes: number) =>
  `Your account is locked after too many failed sign-in attempts. Please try again after ${minutes} minute${minutes === 1 ? '' : 's'}.`;

const whole = (key: keyof typeof AUTH_CONFIG_LIMITS) =>
  z.coerce
    .number({ error: AUTH_CONFIG_TEXTS[key] })
    .int(AUTH_CONFIG_TEXTS[key])
    .min(L[key].min, AUTH_CONFIG_TEXTS[key])
    .max(L[key].max, AUTH_CONFIG_TEXTS[key]);
const flag = (label: string) => z.boolean({ error: `${label} must be on or off` });

/** The password rules alone: what the reset and change pages check a new password against. */
export const passwordPolicySchema = z.object({
  passwordMinLength: z.number().int(),
  passwordRequireUppercase: z.boolean(),
  passwordRequireLowercase: z.boolean(),
  passwordRequireDigit: z.boolean(),
  passwordRequireSymbol: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

/** The body of PUT v2/authConfig. */
export const authConfigInputSchema = z
  .object({
    passwordMinLength: whole('passwordMinLength'),
    passwordRequireUppercase: flag('Require an uppercase letter'),
    passwordRequireLowercase: flag('Require a lowercase letter'),
    passwordRequireDigit: flag('Require a digit'),
    passwordRequireSymbol: flag('Require a special character'),
    passwordExpiryDays: whole('passwordExpiryDays'),
    passwordHistoryCount: whole('passwordHistoryCount'),
    sessionIdleMinutes: whole('sessionIdleMinutes'),
    sessionMaxMinutes: whole('sessionMaxMinutes'),
    lockoutThreshold: whole('lockoutThreshold'),
    lockoutMinutes: whole('lockoutMinutes'),
    multifactorAuthentication: flag('Multi-factor authentication'),
    captcha: flag('CAPTCHA'),
  })
  .refine((c) => c.sessionMaxMinutes >= c.sessionIdleMinutes, {
    path: ['sessionMaxMinutes'],
    message: AUTH_CONFIG_TEXTS.sessionMaxBelowIdle,
  });
export type AuthConfigInput = z.infer<typeof authConfigInputSchema>;

/** A policy as stored (or defaulted): the ranges are the input's, but an environment default may lie outside them. */
export const authConfigSchema = z.object({
  passwordMinLength: z.number().int(),
  passwordRequireUppercase: z.boolean(),
  passwordRequireLowercase: z.boolean(),
  passwordRequireDigit: z.boolean(),
  passwordRequireSymbol: z.boolean(),
  passwordExpiryDays: z.number().int(),
  passwordHistoryCount: z.number().int(),
  sessionIdleMinutes: z.number().int(),
  sessionMaxMinutes: z.number().int(),
  lockoutThreshold: z.number().int(),
  lockoutMinutes: z.number().int(),
  multifactorAuthentication: z.boolean(),
  captcha: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** GET and PUT v2/authConfig answer the policy in force, the defaults it falls back to, and its password text. */
export const authConfigResponseSchema = z.object({
  config: authConfigSchema,
  defaults: authConfigSchema,
  passwordPolicyText: z.string(),
  message: z.string().optional(),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

/** GET v2/password-policy (public): the rules a new password must meet, and their text. */
export const passwordPolicyResponseSchema = passwordPolicySchema.extend({ text: z.string() });
export type PasswordPolicyResponse = z.infer<typeof passwordPolicyResponseSchema>;

const joinAnd = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** The policy's text: the default policy reads exactly PASSWORD_POLICY_TEXT. */
export function passwordPolicyText(p: PasswordPolicy): string {
  const needs = [
    p.passwordRequireUppercase && 'an uppercase letter',
    p.passwordRequireLowercase && 'a lowercase letter',
    p.passwordRequireDigit && 'a digit',
    p.passwordRequireSymbol && 'a special character',
  ].filter((s): s is string => !!s);
  const text = `Password must be ${p.passwordMinLength} to ${PASSWORD_MAX_LENGTH} characters${needs.length ? ` with ${joinAnd(needs)}` : ''}`;
  return text;
}

/** One rule a password misses; `count` for the length rules. The web words them in the reader's language. */
export type PasswordMiss = {
  rule: 'minLength' | 'maxLength' | 'uppercase' | 'lowercase' | 'digit' | 'symbol';
  count?: number;
};

/** The rules a password misses under the policy; empty: it passes. */
export function passwordPolicyMissRules(password: string, p: PasswordPolicy): PasswordMiss[] {
  const misses: PasswordMiss[] = [];
  if (password.length < p.passwordMinLength) misses.push({ rule: 'minLength', count: p.passwordMinLength });
  if (password.length > PASSWORD_MAX_LENGTH) misses.push({ rule: 'maxLength', count: PASSWORD_MAX_LENGTH });
  if (p.passwordRequireUppercase && !/[A-Z]/.test(password)) misses.push({ rule: 'uppercase' });
  if (p.passwordRequireLowercase && !/[a-z]/.test(password)) misses.push({ rule: 'lowercase' });
  if (p.passwordRequireDigit && !/\d/.test(password)) misses.push({ rule: 'digit' });
  if (p.passwordRequireSymbol && !/[^A-Za-z0-9]/.test(password)) misses.push({ rule: 'symbol' });
  return misses;
}

const MISS_PHRASES: Record<PasswordMiss['rule'], (count?: number) => string> = {
  minLength: (n) => `at least ${n} characters`,
  maxLength: (n) => `at most ${n} characters`,
  uppercase: () => 'an uppercase letter',
  lowercase: () => 'a lowercase letter',
  digit: () => 'a digit',
  symbol: () => 'a special character',
};

/** What a password lacks under the policy, as short English phrases (the server's refusal); empty: it passes. */
export function passwordPolicyMisses(password: string, p: PasswordPolicy): string[] {
  return passwordPolicyMissRules(password, p).map((m) => MISS_PHRASES[m.rule](m.count));
}

/** The refusal of a password: the policy's text and what this password misses. */
export function passwordRefusalText(password: string, p: PasswordPolicy): string | null {
  const misses = passwordPolicyMisses(password, p);
  return misses.length ? `${passwordPolicyText(p)}. Missing: ${joinAnd(misses)}` : null;
}

/** The policy of PASSWORD_POLICY_TEXT. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  passwordMinLength: 8,
  passwordRequireUppercase: true,
  passwordRequireLowercase: true,
  passwordRequireDigit: true,
  passwordRequireSymbol: true,
};
// Kept in step: the default policy's generated text is the constant the pages and tests know.
if (passwordPolicyText(DEFAULT_PASSWORD_POLICY) !== PASSWORD_POLICY_TEXT) {
  throw new Error('passwordPolicyText of the default policy must read PASSWORD_POLICY_TEXT');
}

/** GET v2/captcha (public): a new image to solve, when CAPTCHA is on. */
export const captchaResponseSchema = z.object({
  enabled: z.boolean(),
  captchaId: z.string().optional(),
  /** An SVG document. */
  image: z.string().optional(),
  expiresInSeconds: z.number().int().optional(),
});
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

/** POST v2/changePassword (signed in): a new password for the caller. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string({ error: 'Current Password is required' }).min(1, 'Current Password is required'),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
    confirmPassword: z.string({ error: 'Confirm Password is required' }).min(1, 'Confirm Password is required'),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
