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
} as const;

/** The issuer an authenticator app shows beside the account name. */
export const TOTP_ISSUER = 'Recon';

/** GET v2/mfa/totp: whether sign-in asks for a second factor, and whether the caller has an authenticator app. */
export const userTotpStatusSchema = z.object({
  mfaEnabled: z.boolean(),
  enrolled: z.boolean(),
  confirmedAt: z.string().nullable(),
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

export const userTotpUserParamsSchema = z.object({ id: z.coerce.number().int().positive() });
