import { type FieldMessages, serverFieldErrors } from '@/lib/form-errors';
import { notifyHttpError } from '@/lib/query-client';

/**
 * Runs a form's save. Answers null when it went through, the field errors of a 400 for the form to show under its
 * fields, or null after the common error toast for any other failure.
 */
export async function saveWithFieldErrors(save: () => Promise<unknown>): Promise<FieldMessages[] | null> {
  try {
    await save();
    return null;
  } catch (error) {
    const fields = serverFieldErrors(error);
    if (!fields) void notifyHttpError(error);
    return fields;
  }
}
