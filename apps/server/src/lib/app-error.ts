import type { ErrorCode, FieldError } from '@recon/contract';

/** The one error type services throw. The error handler turns it into the spec's bodies. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Exhaustive: adding a code without a status fails the type check. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_CREDENTIALS: 400,
  ACCOUNT_LOCKED: 400,
  OTP_INVALID: 400,
  CONTACT_NUMBER_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  REFRESH_INVALID: 401,
  FORBIDDEN: 403,
  MODULE_FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const validation = (message: string, field = 'body') =>
  new AppError('VALIDATION', message, [{ field, defaultMessage: message }]);
