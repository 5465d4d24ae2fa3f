import { z } from 'zod';

/** Texts of a user's authenticator app (TOTP as the second factor, decision 0028). */
export const USER_TOTP_TEXTS = {
  mfaOff: 'Multi-factor authentication is off: an authenticator app is not needed',
  alreadySetUp: 'An authenticator app is already set up: ask an administrator to reset it to set up another',
  noEnrolment: 'Start the set-up again: no authenticator is waiting for its first code',
  codeInvalid: 'Invalid code: enter the 6 digits your authenticator app shows now',
  confirmed: 'Authenticator app set up: sign-in will ask for its code',
  reset: 'Authenticator reset: the user signs in with a code by SMS until they set up a new one',
  notSetUp: 'This user has no authenticator app',
  codeFormat: 'Code must be 6 digits',
  recoveryCodesCreated: 'New recovery codes: the ones before no longer work. Keep these somewhere safe',
} as const;

/** How many recovery codes a user gets when the authenticator app is set up, and each time they ask for new ones. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code as shown: ten letters and digits (Crockford base32, no i, l, o, u: 50 bits) in two groups of five.
 * Typed back, case, spaces and the dash do not matter.
 */
export const RECOVERY_CODE_PATTERN = /^[0-9a-z]{5}[\s-]?[0-9a-z]{5}$/i;
export const normalizeRecoveryCode = (text: string) => text.replace(/[\s-]/g, '').toLowerCase();

/** The issuer an authenticator app shows beside the account name. */
export const TOTP_ISSUER = 'Recon';

/** GET v2/mfa/totp: whether sign-in asks for a second factor, and whether the caller has an authenticator app. */
export const userTotpStatusSchema = z.object({
  mfaEnabled: z.boolean(),
  enrolled: z.boolean(),
  confirmedAt: z.string().nullable(),
  /** Recovery codes not used yet (0 without a confirmed authenticator). */
  recoveryCodesLeft: z.number().int(),
});
export type UserTotpStatus = z.infer<typeof userTotpStatusSchema>;

/** POST v2/mfa/totp: a new seed, shown once, as a QR code (a data: URL made on the server) and as text. */
export const userTotpEnrolmentSchema = z.object({
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string(),
  secret: z.string(),
});
export type UserTotpEnrolment = z.infer<typeof userTotpEnrolmentSchema>;

export const userTotpConfirmSchema = z.object({
  code: z
    .string({ error: USER_TOTP_TEXTS.codeFormat })
    .trim()
    .regex(/^\d{6}$/, USER_TOTP_TEXTS.codeFormat),
});
export type UserTotpConfirm = z.infer<typeof userTotpConfirmSchema>;

/**
 * POST v2/mfa/totp/confirm and v2/mfa/totp/recovery-codes: the recovery codes, shown this once (only their hashes are
 * kept). Each signs in once in place of the app's code.
 */
export const userTotpRecoveryCodesSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type UserTotpRecoveryCodes = z.infer<typeof userTotpRecoveryCodesSchema>;

export const userTotpUserParamsSchema = z.object({ id: z.coerce.number().int().positive() });
