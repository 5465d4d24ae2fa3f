/** The error bodies API tests expect, as the error handler writes them. */

export const FORBIDDEN_BODY = [{ message: 'You do not have permission to perform this action', code: 'FORBIDDEN' }];
export const NOT_ASSIGNED_BODY = [{ message: 'You are not assigned to this module', code: 'MODULE_FORBIDDEN' }];

/** A 404 of a missing row, e.g. `notFoundBody('Job not found')`. */
export const notFoundBody = (message: string) => [{ message, code: 'NOT_FOUND' }];

/** A 400 of one bad field, as zod and the services' field checks answer it. */
export const invalidBody = (field: string, message: string) => ({
  message,
  errors: [{ field, defaultMessage: message }],
});
