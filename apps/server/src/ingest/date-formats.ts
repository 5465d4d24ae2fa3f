import type { FileDateFormat } from '@recon/contract';
import { invalidContent } from './ingest-error.ts';

/**
 * How each date format of the contract is read: the whole value must have the format's shape, then it is cut
 * into its parts {year, month, day, hour, minute, second}, then each part is checked (month 13, 31 April,
 * 29 February of a common year and hour 24 are refused). A bad value answers null (its row goes to the
 * invalid rows); only a zone offset PostgreSQL refuses throws (see zonedToUtc). A good one answers the text
 * PostgreSQL's COPY takes for a date or timestamp column.
 */
type Parts = [year: number, month: number, day: number, hour: number, minute: number, second: number];
type FormatSpec = {
  pattern: RegExp;
  parts: (t: string) => Parts;
  /** ISO: the time is taken as written once its parts are checked (fraction and zone included). */
  isIso?: boolean;
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** A month name the list lacks gives NaN, which every check refuses. */
const monthOf = (name: string) => MONTHS.indexOf(name.toLowerCase()) + 1 || Number.NaN;
/** Two-digit year: 00–69 → 2000–2069, 70–99 → 1970–1999. */
const yearOf2 = (yy: string) => (Number(yy) < 70 ? 2000 : 1900) + Number(yy);

function dmy(t: string, sep: string, time: number[] = []): Parts {
  const [d, m, y] = t.split(sep);
  return [Number(y), Number(m), Number(d), time[0] ?? 0, time[1] ?? 0, time[2] ?? 0];
}
function ymd(t: string, sep: string, time: number[] = []): Parts {
  const [y, m, d] = t.split(sep);
  return [Number(y), Number(m), Number(d), time[0] ?? 0, time[1] ?? 0, time[2] ?? 0];
}
const clock = (t: string) => t.split(':').map(Number);
/** "date time" → [date, time]. */
const halves = (t: string) => t.split(' ') as [string, string];

/**
 * ISO parts by position, as the format has always been checked: hour and minute are the characters where a
 * full timestamp has them, so for a date with a zone and no time they are the zone's (2026-01-05+05:30 is
 * checked as 05:30). The value itself is then read whole (zonedToUtc, or PostgreSQL's timestamp input).
 */
function isoParts(t: string): Parts {
  const part = (from: number, to: number) => (t.length > from ? Number(t.slice(from, to)) : 0);
  return [
    Number(t.slice(0, 4)),
    Number(t.slice(5, 7)),
    Number(t.slice(8, 10)),
    part(11, 13),
    part(14, 16),
    t.charAt(16) === ':' ? Number(t.slice(17, 19)) : 0,
  ];
}

export const DATE_FORMAT_SPECS: Record<FileDateFormat, FormatSpec> = {
  'DD-MM-YYYY': { pattern: /^[0-9]{1,2}-[0-9]{1,2}-[0-9]{4}$/, parts: (t) => dmy(t, '-') },
  'YYYY-MM-DD': { pattern: /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}$/, parts: (t) => ymd(t, '-') },
  'DD/MM/YYYY': { pattern: /^[0-9]{1,2}\/[0-9]{1,2}\/[0-9]{4}$/, parts: (t) => dmy(t, '/') },
  'MM/DD/YYYY': {
    pattern: /^[0-9]{1,2}\/[0-9]{1,2}\/[0-9]{4}$/,
    parts: (t) => {
      const [m, d, y] = t.split('/');
      return [Number(y), Number(m), Number(d), 0, 0, 0];
    },
  },
  'DD-MMM-YYYY': {
    pattern: /^[0-9]{1,2}-[A-Za-z]{3}-[0-9]{4}$/,
    parts: (t) => {
      const [d, m, y] = t.split('-') as [string, string, string];
      return [Number(y), monthOf(m), Number(d), 0, 0, 0];
    },
  },
  'DD/MM/YY': {
    pattern: /^[0-9]{1,2}\/[0-9]{1,2}\/[0-9]{2}$/,
    parts: (t) => {
      const [d, m, yy] = t.split('/') as [string, string, string];
      return [yearOf2(yy), Number(m), Number(d), 0, 0, 0];
    },
  },
  'YYYY-MM-DD HH:mm:ss': {
    pattern: /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2} [0-9]{1,2}:[0-9]{2}:[0-9]{2}$/,
    parts: (t) => {
      const [date, time] = halves(t);
      return ymd(date, '-', clock(time));
    },
  },
  'DD-MM-YYYY HH:mm:ss': {
    pattern: /^[0-9]{1,2}-[0-9]{1,2}-[0-9]{4} [0-9]{1,2}:[0-9]{2}:[0-9]{2}$/,
    parts: (t) => {
      const [date, time] = halves(t);
      return dmy(date, '-', clock(time));
    },
  },
  'DD/MM/YYYY HH:mm': {
    pattern: /^[0-9]{1,2}\/[0-9]{1,2}\/[0-9]{4} [0-9]{1,2}:[0-9]{2}$/,
    parts: (t) => {
      const [date, time] = halves(t);
      return dmy(date, '/', clock(time));
    },
  },
  ISO: {
    pattern:
      /^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?)?(Z|[+-][0-9]{2}:?[0-9]{2})?$/,
    parts: isoParts,
    isIso: true,
  },
};

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : (MONTH_DAYS[m - 1] as number));

/** Whether parts make a real date and time (a NaN part fails every comparison). */
function isValid([y, m, d, h, mi, s]: Parts): boolean {
  return y >= 1 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m) && h <= 23 && mi <= 59 && s <= 59;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateText = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** A DATE value in the format, as COPY text (YYYY-MM-DD), or null. */
export function readDate(text: string, format: FileDateFormat): string | null {
  const spec = DATE_FORMAT_SPECS[format];
  if (!spec.pattern.test(text)) return null;
  const p = spec.parts(text);
  return isValid(p) ? dateText(p[0], p[1], p[2]) : null;
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

/** A DATETIME value in the format, as COPY text for a timestamp column, or null. */
export function readDateTime(text: string, format: FileDateFormat): string | null {
  const spec = DATE_FORMAT_SPECS[format];
  if (!spec.pattern.test(text)) return null;
  const p = spec.parts(text);
  if (!isValid(p)) return null;
  if (!spec.isIso) return `${dateText(p[0], p[1], p[2])} ${pad(p[3])}:${pad(p[4])}:${pad(p[5])}`;
  // Unzoned ISO text is what PostgreSQL's timestamp input reads as written.
  const isZoned = text.endsWith('Z') || /[+-]/.test(text.slice(10));
  return isZoned ? zonedToUtc(text) : text;
}

const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A spreadsheet date cell written in the mapping's format, so it reaches the same SQL check as typed text.
 * Spreadsheet dates carry no zone: exceljs hands them over as UTC, so UTC parts are the wall-clock parts.
 */
export function formatDateCell(date: Date, format: FileDateFormat | null): string {
  const y = date.getUTCFullYear();
  const mo = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  switch (format) {
    case 'DD-MM-YYYY':
      return `${pad(d)}-${pad(mo)}-${y}`;
    case 'DD/MM/YYYY':
      return `${pad(d)}/${pad(mo)}/${y}`;
    case 'MM/DD/YYYY':
      return `${pad(mo)}/${pad(d)}/${y}`;
    case 'DD-MMM-YYYY':
      return `${pad(d)}-${MONTH_LABELS[mo - 1]}-${y}`;
    case 'DD/MM/YY':
      return `${pad(d)}/${pad(mo)}/${pad(y % 100)}`;
    case 'YYYY-MM-DD HH:mm:ss':
      return `${y}-${pad(mo)}-${pad(d)} ${time}`;
    case 'DD-MM-YYYY HH:mm:ss':
      return `${pad(d)}-${pad(mo)}-${y} ${time}`;
    case 'DD/MM/YYYY HH:mm':
      return `${pad(d)}/${pad(mo)}/${y} ${time.slice(0, 5)}`;
    case 'ISO':
      return `${y}-${pad(mo)}-${pad(d)}T${time}`;
    default:
      // YYYY-MM-DD, and a date cell in a text or number column.
      return `${y}-${pad(mo)}-${pad(d)}`;
  }
}
