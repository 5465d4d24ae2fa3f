import { z } from 'zod';

/**
 * True for a real day of the calendar written YYYY-MM-DD: month 1–12, the day within that month's length, leap
 * years counted. `Date.parse` is no check: V8 reads 2026-02-30 as 2 March, and PostgreSQL then refuses the text.
 */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_OR_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}.*)?$/;

// The pattern refuses the shape (and documents it in OpenAPI); the calendar is judged only of what has the shape,
// so a value gets one error, not two (zod runs a refinement after a failed pattern).

/** A day of a date filter, YYYY-MM-DD, that the calendar has; anything else is refused with `message`. */
export const calendarDateSchema = (message: string) =>
  z
    .string()
    .regex(DAY, message)
    .refine((v) => !DAY.test(v) || isCalendarDate(v), message);

/** A day (YYYY-MM-DD) or a moment (YYYY-MM-DDTHH:mm…, ISO 8601) whose day the calendar has. */
export const calendarDateOrTimeSchema = (message: string) =>
  z
    .string()
    .regex(DAY_OR_TIME, message)
    .refine((v) => !DAY_OR_TIME.test(v) || (isCalendarDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v))), message);
