import type { FormInstance } from 'antd';
import { errorBodyOf, httpStatusOf } from '@/lib/http-errors';

/** A form field (antd name path) and the messages to show under it. */
export type FieldMessages = { name: (string | number)[]; errors: string[] };

const HTTP_BAD_REQUEST = 400;

/** "columns.0.name" → ['columns', 0, 'name']: the server's field paths as antd name paths. */
export function toNamePath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Groups messages by field, keeping the first-seen order of fields and messages. */
export function groupByField(items: readonly { field: string; message: string }[]): FieldMessages[] {
  const byField = new Map<string, string[]>();
  for (const { field, message } of items) {
    const list = byField.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    byField.set(field, list);
  }
  return [...byField].map(([field, errors]) => ({ name: toNamePath(field), errors }));
}

/**
 * The field errors of a 400 answer (`{ errors: [{ field, defaultMessage }] }`), or null for any other
 * failure, which the common error toast handles.
 */
export function serverFieldErrors(error: unknown): FieldMessages[] | null {
  if (httpStatusOf(error) !== HTTP_BAD_REQUEST) return null;
  const body = errorBodyOf(error);
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return null;
  const items = body.errors.flatMap((e: unknown) =>
    e && typeof e === 'object' && 'field' in e && 'defaultMessage' in e
      ? [{ field: String(e.field), message: String(e.defaultMessage) }]
      : [],
  );
  return items.length > 0 ? groupByField(items) : null;
}

/**
 * Shows messages under their fields. antd types field names by the form's values, but a server path is
 * only known at run time, hence the one cast here.
 */
export function setFieldMessages<T>(form: FormInstance<T>, fields: readonly FieldMessages[]): void {
  form.setFields(fields as unknown as Parameters<FormInstance<T>['setFields']>[0]);
}
