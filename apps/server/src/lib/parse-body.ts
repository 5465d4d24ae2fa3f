import type { z } from 'zod';
import { AppError } from '@/lib/app-error.ts';

/**
 * Parses a body whose schema depends on a query discriminator (`opertionType`, `Operation`, `Find`): zod's issues
 * become the spec's 400 `{ message, errors: [{ field, defaultMessage }] }`, the first problem first.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({
    field: i.path.length > 0 ? i.path.join('.') : 'body',
    defaultMessage: i.message,
  }));
  throw new AppError('VALIDATION', errors[0]?.defaultMessage ?? 'Invalid request', errors);
}
