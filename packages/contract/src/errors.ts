import { z } from 'zod';

/** Every error the server can answer, by code. One exhaustive code → status table lives on the server. */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'MODULE_FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'ACCOUNT_LOCKED',
  'BAD_CREDENTIALS',
  'OTP_INVALID',
  'REFRESH_INVALID',
  'CONTACT_NUMBER_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  /** A service this one depends on (a directory server) did not answer. */
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorSchema = z.object({ field: z.string(), defaultMessage: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** 400 body: `{ message, errors: [{ field, defaultMessage }] }`. */
export const validationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.array(fieldErrorSchema),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

/** Any other error body: a list, the client shows the first message. */
export const errorListBodySchema = z.array(z.object({ message: z.string(), code: z.string() }));
export type ErrorListBody = z.infer<typeof errorListBodySchema>;

export const messageBodySchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBodySchema>;
