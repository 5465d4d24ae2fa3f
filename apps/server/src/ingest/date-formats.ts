import type { FileDateFormat } from '@recon/contract';

/**
 * How each date format of the contract is read in SQL. A value is matched once by a pattern without capture
 * groups (PostgreSQL's regexp_match with groups is ~20× slower per row than ~), then cut into its parts with
 * split_part / substr into an int[] {year, month, day, hour, minute, second}, then checked part by part. No
 * to_date: it raises an error on 30-02-2026 and one bad row would abort the whole load.
 */
type FormatSpec = {
  pattern: string;
  /** SQL for the parts, given the SQL of the text value. */
  parts: (c: string) => { y: string; m: string; d: string; h?: string; mi?: string; s?: string };
  /** Month as a three-letter name (Jan…Dec, any case). */
  isMonthName?: boolean;
  /** Two-digit year: 00–69 → 2000–2069, 70–99 → 1970–1999. */
  isTwoDigitYear?: boolean;
  /** ISO: the value is cast as written once its parts are checked (fraction and zone included). */
  isIso?: boolean;
};

const sp = (c: string, sep: string, n: number) => `split_part(${c}, '${sep}', ${n})`;
const dmy = (c: string, sep: string) => ({ d: sp(c, sep, 1), m: sp(c, sep, 2), y: sp(c, sep, 3) });
const ymd = (c: string, sep: string) => ({ y: sp(c, sep, 1), m: sp(c, sep, 2), d: sp(c, sep, 3) });
const hms = (c: string) => ({ h: sp(c, ':', 1), mi: sp(c, ':', 2), s: sp(c, ':', 3) });
const hm = (c: string) => ({ h: sp(c, ':', 1), mi: sp(c, ':', 2) });
const datePart = (c: string) => sp(c, ' ', 1);
const timePart = (c: string) => sp(c, ' ', 2);

export const DATE_FORMAT_SPECS: Record<FileDateFormat, FormatSpec> = {
  'DD-MM-YYYY': { pattern: '^[0-9]{1,2}-[0-9]{1,2}-[0-9]{4}$', parts: (c) => dmy(c, '-') },
  'YYYY-MM-DD': { pattern: '^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}$', parts: (c) => ymd(c, '-') },
  'DD/MM/YYYY': { pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}$', parts: (c) => dmy(c, '/') },
  'MM/DD/YYYY': {
    pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}$',
    parts: (c) => ({ m: sp(c, '/', 1), d: sp(c, '/', 2), y: sp(c, '/', 3) }),
  },
  'DD-MMM-YYYY': { pattern: '^[0-9]{1,2}-[A-Za-z]{3}-[0-9]{4}$', parts: (c) => dmy(c, '-'), isMonthName: true },
  'DD/MM/YY': { pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{2}$', parts: (c) => dmy(c, '/'), isTwoDigitYear: true },
  'YYYY-MM-DD HH:mm:ss': {
    pattern: '^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2} [0-9]{1,2}:[0-9]{2}:[0-9]{2}$',
    parts: (c) => ({ ...ymd(datePart(c), '-'), ...hms(timePart(c)) }),
  },
  'DD-MM-YYYY HH:mm:ss': {
    pattern: '^[0-9]{1,2}-[0-9]{1,2}-[0-9]{4} [0-9]{1,2}:[0-9]{2}:[0-9]{2}$',
    parts: (c) => ({ ...dmy(datePart(c), '-'), ...hms(timePart(c)) }),
  },
  'DD/MM/YYYY HH:mm': {
    pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4} [0-9]{1,2}:[0-9]{2}$',
    parts: (c) => ({ ...dmy(datePart(c), '/'), ...hm(timePart(c)) }),
  },
  ISO: {
    pattern:
      '^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,6})?)?)?(Z|[+-][0-9]{2}:?[0-9]{2})?$',
    parts: (c) => ({
      y: `substr(${c}, 1, 4)`,
      m: `substr(${c}, 6, 2)`,
      d: `substr(${c}, 9, 2)`,
      h: `nullif(substr(${c}, 12, 2), '')`,
      mi: `nullif(substr(${c}, 15, 2), '')`,
      s: `(CASE WHEN substr(${c}, 17, 1) = ':' THEN substr(${c}, 18, 2) END)`,
    }),
    isIso: true,
  },
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Layer 1: int[] {y, m, d, h, mi, s} of a text value, or NULL when it does not have the format's shape. */
export function datePartsSql(c: string, format: FileDateFormat): string {
  const f = DATE_FORMAT_SPECS[format];
  const p = f.parts(c);
  const month = f.isMonthName
    ? `array_position(ARRAY[${MONTHS.map((m) => `'${m}'`).join(',')}], lower(${p.m}))`
    : `${p.m}::int`;
  const year = f.isTwoDigitYear ? `(CASE WHEN ${p.y}::int < 70 THEN 2000 ELSE 1900 END + ${p.y}::int)` : `${p.y}::int`;
  const time = [p.h, p.mi, p.s].map((x) => (x ? `coalesce(${x}::int, 0)` : '0'));
  return `(CASE WHEN ${c} ~ '${f.pattern}' THEN ARRAY[${year}, ${month}, ${p.d}::int, ${time.join(', ')}] END)`;
}

/**
 * Layer 2: the date or timestamp from the parts, or NULL when a part is out of range (month 13, 31 April,
 * 29 February of a common year, hour 24). Never raises an error.
 */
export function datePartsToValueSql(parts: string, raw: string, format: FileDateFormat, target: 'date' | 'timestamp') {
  const f = DATE_FORMAT_SPECS[format];
  const [y, m, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => `${parts}[${i}]`);
  const isLeap = `((${y} % 4 = 0 AND ${y} % 100 <> 0) OR ${y} % 400 = 0)`;
  const daysInMonth = `(CASE ${m} WHEN 2 THEN (CASE WHEN ${isLeap} THEN 29 ELSE 28 END) WHEN 4 THEN 30 WHEN 6 THEN 30 WHEN 9 THEN 30 WHEN 11 THEN 30 ELSE 31 END)`;
  const checks = [
    `${parts} IS NOT NULL`,
    `${y} BETWEEN 1 AND 9999`,
    `${m} BETWEEN 1 AND 12`,
    `${d} BETWEEN 1 AND ${daysInMonth}`,
    `${h} <= 23`,
    `${mi} <= 59`,
    `${s} <= 59`,
  ];
  let value: string;
  if (target === 'date') value = `make_date(${y}, ${m}, ${d})`;
  else if (f.isIso) {
    // A zoned ISO time is stored as UTC wall-clock time (the column has no zone); the cast reads fraction and zone.
    const isZoned = `(right(${raw}, 1) = 'Z' OR substr(${raw}, 11) ~ '[+-]')`;
    value = `(CASE WHEN ${isZoned} THEN (${raw}::timestamptz AT TIME ZONE 'UTC') ELSE ${raw}::timestamp END)`;
  } else value = `make_timestamp(${y}, ${m}, ${d}, ${h}, ${mi}, ${s})`;
  return `(CASE WHEN ${checks.join(' AND ')} THEN ${value} END)`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
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
