import { daysInMonth } from '@recon/formats';
import { invalidContent } from './ingest-error.ts';

/**
 * The ISO date format: YYYY-MM-DD with an optional time (T or space), fraction and zone (Z or ±hh:mm). A
 * zoned time is stored as UTC wall-clock time; an unzoned one as written.
 */
const ISO_PATTERN =
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?)?(Z|[+-][0-9]{2}:?[0-9]{2})?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateText = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/**
 * ISO parts by position, as the format has always been checked: hour and minute are the characters where a
 * full timestamp has them, so for a date with a zone and no time they are the zone's (2026-01-05+05:30 is
 * checked as 05:30). The value itself is then read whole (zonedToUtc, or PostgreSQL's timestamp input).
 */
function isIsoValid(t: string): boolean {
  const part = (from: number, to: number) => (t.length > from ? Number(t.slice(from, to)) : 0);
  const y = Number(t.slice(0, 4));
  const m = Number(t.slice(5, 7));
  const d = Number(t.slice(8, 10));
  const sec = t.charAt(16) === ':' ? Number(t.slice(17, 19)) : 0;
  return (
    y >= 1 &&
    m >= 1 &&
    m <= 12 &&
    d >= 1 &&
    d <= daysInMonth(y, m) &&
    part(11, 13) <= 23 &&
    part(14, 16) <= 59 &&
    sec <= 59
  );
}

// PostgreSQL refuses a zone offset beyond ±15:59 (the whole load used to stop on it: it still does).
const MAX_ZONE_HOURS = 15;
const ISO_ZONED =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(\.[0-9]{1,6})?)?)?(?:Z|([+-])([0-9]{2}):?([0-9]{2}))$/;

/** Days since 1970-01-01 of a proleptic Gregorian date (any year), and back (H. Hinnant's algorithms). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [era * 400 + yoe + (m <= 2 ? 1 : 0), m, d];
}

/**
 * A zoned ISO time as UTC wall-clock time (the column has no zone), fraction kept. What PostgreSQL's
 * timestamptz input refuses (an offset beyond ±15:59, a date-only value with a negative offset) makes the
 * file unreadable, as it did when the cast ran in SQL.
 */
function zonedToUtc(text: string): string {
  const z = ISO_ZONED.exec(text) as RegExpExecArray;
  const [, y, mo, d, h, mi = '0', s = '0', fraction = '', sign, zh = '0', zm = '0'] = z;
  // PostgreSQL reads a date followed by "-hh:mm" as a malformed date, not as a zone.
  if (h === undefined && sign === '-') {
    throw invalidContent(
      `The file could not be read: invalid input syntax for type timestamp with time zone: "${text}"`,
    );
  }
  if (Number(zh) > MAX_ZONE_HOURS || Number(zm) >= 60) {
    throw invalidContent(`The file could not be read: time zone displacement out of range: "${text}"`);
  }
  const offset = (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm));
  const minutes = daysFromCivil(Number(y), Number(mo), Number(d)) * 1440 + Number(h ?? 0) * 60 + Number(mi) - offset;
  const days = Math.floor(minutes / 1440);
  const ofDay = minutes - days * 1440;
  const [uy, um, ud] = civilFromDays(days);
  const time = `${pad(Math.floor(ofDay / 60))}:${pad(ofDay % 60)}:${pad(Number(s))}${fraction}`;
  return uy >= 1 ? `${dateText(uy, um, ud)} ${time}` : `${pad(1 - uy, 4)}-${pad(um)}-${pad(ud)} ${time} BC`;
}

/** An ISO DATE value as COPY text (YYYY-MM-DD), or null. */
export function readIsoDate(text: string): string | null {
  return ISO_PATTERN.test(text) && isIsoValid(text) ? text.slice(0, 10) : null;
}

/** An ISO DATETIME value as COPY text for a timestamp column, or null. */
export function readIsoDateTime(text: string): string | null {
  if (!ISO_PATTERN.test(text) || !isIsoValid(text)) return null;
  // Unzoned ISO text is what PostgreSQL's timestamp input reads as written.
  const isZoned = text.endsWith('Z') || /[+-]/.test(text.slice(10));
  return isZoned ? zonedToUtc(text) : text;
}
