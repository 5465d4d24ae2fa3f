import { type FieldError, validationErrorBodySchema } from '@recon/contract';
import { errorBodyOf, httpStatusOf } from '@/lib/http-errors';

const HTTP_BAD_REQUEST = 400;

/** The field errors of a 400 answer (`{ message, errors: [{ field, defaultMessage }] }`), else none. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (httpStatusOf(error) !== HTTP_BAD_REQUEST) return [];
  const parsed = validationErrorBodySchema.safeParse(errorBodyOf(error));
  return parsed.success ? parsed.data.errors : [];
}
