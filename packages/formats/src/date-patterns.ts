/**
 * Date patterns as finance users write them (`DD/MM/YYYY`, `YYYYMMDD`, `DD-MMM-YY`, `DD/MM/YYYY HH:mm:ss`,
 * `DD/MM/YYYY hh:mm A`) and the two epoch forms (`EPOCH_S`, `EPOCH_MS`). One pattern compiles to an anchored
 * regular expression with one capture group per field, written so it means the same in JavaScript and in
 * PostgreSQL's regular expressions: ingestion reads values with it in Node, the engine in SQL. A value is read
 * only when it has the pattern's exact shape AND makes a real date (31 April, 29 February of a common year,
 * month 13, hour 24 are refused): never PostgreSQL's DateStyle guesses.
 *
 * Tokens: YYYY (4-digit year), YY (2-digit year: 00–69 → 2000–2069, 70–99 → 1970–1999), MMMM (January),
 * MMM (Jan), MM / M (month), DD / D (day), HH / H (hour 0–23), hh / h (hour 1–12, needs A), mm (minute),
 * ss (second), SSS (fraction of a second, 1–9 digits), A (AM / PM). Text in [brackets] is literal; any other
 * character is literal. DD, MM, HH, hh, mm and ss take exactly two digits when a digit token follows with no
 * separator on either side (`YYYYMMDD`), else one or two (`5/3/2026` reads with `DD/MM/YYYY`). Month names are English, any case.
 */

export type DateField =
  | 'year4'
  | 'year2'
  | 'month'
  | 'monthName'
  | 'day'
  | 'hour24'
  | 'hour12'
  | 'minute'
  | 'second'
  | 'fraction'
  | 'meridiem';

export const EPOCH_PATTERNS = ['EPOCH_S', 'EPOCH_MS'] as const;
export type EpochPattern = (typeof EPOCH_PATTERNS)[number];

export type CompiledDatePattern = {
  pattern: string;
  /** `date`: no time fields; `timestamp`: a time of day; epochs are timestamps in UTC. */
  kind: 'date' | 'timestamp';
  /** Anchored; one capture group per entry of `fields`, in order. Valid in JavaScript and PostgreSQL. */
  regex: string;
  fields: DateField[];
  epoch: 'seconds' | 'milliseconds' | null;
};

export class DatePatternError extends Error {}

export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

type TokenSpec = { field: DateField; digits: boolean; loose: string; strict: string };
// Longest tokens first: the tokenizer takes the first that matches at each position.
const TOKENS: [string, TokenSpec][] = [
  ['YYYY', { field: 'year4', digits: true, loose: '([0-9]{4})', strict: '([0-9]{4})' }],
  ['MMMM', { field: 'monthName', digits: false, loose: '([A-Za-z]{3,9})', strict: '([A-Za-z]{3,9})' }],
  ['MMM', { field: 'monthName', digits: false, loose: '([A-Za-z]{3})', strict: '([A-Za-z]{3})' }],
  ['SSS', { field: 'fraction', digits: true, loose: '([0-9]{1,9})', strict: '([0-9]{1,9})' }],
  ['YY', { field: 'year2', digits: true, loose: '([0-9]{2})', strict: '([0-9]{2})' }],
  ['MM', { field: 'month', digits: true, loose: '([0-9]{1,2})', strict: '([0-9]{2})' }],
  ['DD', { field: 'day', digits: true, loose: '([0-9]{1,2})', strict: '([0-9]{2})' }],
  ['HH', { field: 'hour24', digits: true, loose: '([0-9]{1,2})', strict: '([0-9]{2})' }],
  ['hh', { field: 'hour12', digits: true, loose: '([0-9]{1,2})', strict: '([0-9]{2})' }],
  ['mm', { field: 'minute', digits: true, loose: '([0-9]{1,2})', strict: '([0-9]{2})' }],
  ['ss', { field: 'second', digits: true, loose: '([0-9]{1,2})', strict: '([0-9]{2})' }],
  ['M', { field: 'month', digits: true, loose: '([0-9]{1,2})', strict: '([0-9]{1,2})' }],
  ['D', { field: 'day', digits: true, loose: '([0-9]{1,2})', strict: '([0-9]{1,2})' }],
  ['H', { field: 'hour24', digits: true, loose: '([0-9]{1,2})', strict: '([0-9]{1,2})' }],
  ['h', { field: 'hour12', digits: true, loose: '([0-9]{1,2})', strict: '([0-9]{1,2})' }],
  ['A', { field: 'meridiem', digits: false, loose: '([AaPp][Mm])', strict: '([AaPp][Mm])' }],
];

const PATTERN_MAX = 40;
const escapeLiteral = (ch: string) => (/[A-Za-z0-9 _,:/-]/.test(ch) ? ch : `\\${ch}`);

type Piece = { literal: string } | { token: TokenSpec; name: string };

function tokenize(pattern: string): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern.charAt(i);
    if (ch === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) throw new DatePatternError(`"${pattern}": a [ has no closing ]`);
      for (const c of pattern.slice(i + 1, end)) pieces.push({ literal: c });
      i = end + 1;
      continue;
    }
    const hit = TOKENS.find(([name]) => pattern.startsWith(name, i));
    if (hit) {
      pieces.push({ token: hit[1], name: hit[0] });
      i += hit[0].length;
      continue;
    }
    if (/[A-Za-z]/.test(ch)) {
      throw new DatePatternError(
        `"${pattern}": "${ch}" is not a date token (use YYYY, YY, MMMM, MMM, MM, M, DD, D, HH, H, hh, h, mm, ss, SSS, A; put literal text in [brackets])`,
      );
    }
    pieces.push({ literal: ch });
    i += 1;
  }
  return pieces;
}

/** A token's capture group: digit tokens packed against another digit token take their exact width. */
function fieldRegex(pieces: Piece[], i: number): string {
  const piece = pieces[i] as { token: TokenSpec };
  const isDigitToken = (p: Piece | undefined) => p !== undefined && 'token' in p && p.token.digits;
  const packed = isDigitToken(pieces[i - 1]) || isDigitToken(pieces[i + 1]);
  return piece.token.digits && packed ? piece.token.strict : piece.token.loose;
}

/** A pattern as the engine reads it in SQL: literal characters and fields with the widths their text may have. */
export type DatePatternPiece = { literal: string } | { field: DateField; minWidth: number; maxWidth: number };

/** The pieces of a pattern that compiles (call compileDatePattern first: this does not check it). */
export function datePatternPieces(pattern: string): DatePatternPiece[] {
  const pieces = tokenize(pattern.trim());
  return pieces.map((piece, i) => {
    if ('literal' in piece) return piece;
    const regex = fieldRegex(pieces, i);
    const count = /\{(\d+)(?:,(\d+))?\}/.exec(regex);
    const [minWidth, maxWidth] = count ? [Number(count[1]), Number(count[2] ?? count[1])] : [2, 2]; // AM / PM
    return { field: piece.token.field, minWidth, maxWidth };
  });
}

/** Compiles a pattern, or throws DatePatternError saying what is wrong with it. */
export function compileDatePattern(pattern: string): CompiledDatePattern {
  const source = pattern.trim();
  if (source === 'EPOCH_S')
    return { pattern: source, kind: 'timestamp', regex: '^(-?[0-9]{1,11})$', fields: [], epoch: 'seconds' };
  if (source === 'EPOCH_MS')
    return { pattern: source, kind: 'timestamp', regex: '^(-?[0-9]{1,14})$', fields: [], epoch: 'milliseconds' };
  if (source === '') throw new DatePatternError('enter a date pattern, e.g. DD/MM/YYYY');
  if (source.length > PATTERN_MAX) throw new DatePatternError(`a date pattern has at most ${PATTERN_MAX} characters`);
  const pieces = tokenize(source);
  const fields: DateField[] = [];
  let regex = '^';
  pieces.forEach((piece, i) => {
    if ('literal' in piece) {
      regex += escapeLiteral(piece.literal);
      return;
    }
    regex += fieldRegex(pieces, i);
    if (fields.includes(piece.token.field)) throw new DatePatternError(`"${source}": ${piece.name} appears twice`);
    fields.push(piece.token.field);
  });
  regex += '$';
  const has = (f: DateField) => fields.includes(f);
  if (!has('year4') && !has('year2')) throw new DatePatternError(`"${source}" has no year (YYYY or YY)`);
  if (has('year4') && has('year2')) throw new DatePatternError(`"${source}" has two years`);
  if (!has('month') && !has('monthName')) throw new DatePatternError(`"${source}" has no month (MM, M, MMM or MMMM)`);
  if (has('month') && has('monthName')) throw new DatePatternError(`"${source}" has two months`);
  if (!has('day')) throw new DatePatternError(`"${source}" has no day (DD or D)`);
  if (has('hour12') !== has('meridiem')) throw new DatePatternError(`"${source}": hh and h go with A (AM / PM)`);
  if (has('hour12') && has('hour24')) throw new DatePatternError(`"${source}" has two hours`);
  const hasHour = has('hour12') || has('hour24');
  if ((has('minute') || has('second')) && !hasHour) throw new DatePatternError(`"${source}": minutes need an hour`);
  if (has('second') && !has('minute')) throw new DatePatternError(`"${source}": seconds need minutes`);
  if (has('fraction') && !has('second')) throw new DatePatternError(`"${source}": SSS needs seconds`);
  return { pattern: source, kind: hasHour ? 'timestamp' : 'date', regex, fields, epoch: null };
}

/** The problem with a pattern as a message, or null when it compiles. */
export function datePatternProblem(pattern: string): string | null {
  try {
    compileDatePattern(pattern);
    return null;
  } catch (err) {
    if (err instanceof DatePatternError) return err.message;
    throw err;
  }
}

export type DateParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Microseconds (fractions beyond six digits are cut). */
  micro: number;
};

/** Two-digit year: 00–69 → 2000–2069, 70–99 → 1970–1999. */
export const yearOfTwoDigits = (yy: number) => (yy < 70 ? 2000 : 1900) + yy;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const daysInMonth = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : (MONTH_DAYS[m - 1] ?? 0));

/** A month name (full or its first three letters, any case) as 1–12, or 0. */
export function monthOfName(name: string): number {
  const lower = name.toLowerCase();
  const i = MONTH_NAMES.findIndex((m) => (lower.length === 3 ? m.startsWith(lower) : m === lower));
  return i + 1;
}

function epochParts(text: string, unit: 'seconds' | 'milliseconds'): DateParts | null {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) return null;
  const ms = unit === 'seconds' ? n * 1000 : n;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999) return null;
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    micro: d.getUTCMilliseconds() * 1000,
  };
}

// Ingestion reads a million values with one pattern: its RegExp is built once, not per value.
const REGEX_CACHE = new Map<string, RegExp>();
function regexOf(source: string): RegExp {
  let regex = REGEX_CACHE.get(source);
  if (!regex) {
    regex = new RegExp(source);
    REGEX_CACHE.set(source, regex);
  }
  return regex;
}

/** The parts of `text` read with a compiled pattern, or null when the text does not have its shape or is no date. */
export function readDateParts(text: string, compiled: CompiledDatePattern): DateParts | null {
  const m = regexOf(compiled.regex).exec(text.trim());
  if (!m) return null;
  if (compiled.epoch) return epochParts(m[1] as string, compiled.epoch);
  const p: DateParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, micro: 0 };
  let pm: boolean | null = null;
  compiled.fields.forEach((field, i) => {
    const v = m[i + 1] as string;
    switch (field) {
      case 'year4':
        p.year = Number(v);
        break;
      case 'year2':
        p.year = yearOfTwoDigits(Number(v));
        break;
      case 'month':
        p.month = Number(v);
        break;
      case 'monthName':
        p.month = monthOfName(v);
        break;
      case 'day':
        p.day = Number(v);
        break;
      case 'hour24':
      case 'hour12':
        p.hour = Number(v);
        break;
      case 'minute':
        p.minute = Number(v);
        break;
      case 'second':
        p.second = Number(v);
        break;
      case 'fraction':
        p.micro = Number(v.slice(0, 6).padEnd(6, '0'));
        break;
      case 'meridiem':
        pm = v.toLowerCase() === 'pm';
        break;
    }
  });
  if (compiled.fields.includes('hour12')) {
    if (p.hour < 1 || p.hour > 12) return null;
    p.hour = (p.hour % 12) + (pm ? 12 : 0);
  }
  const valid =
    p.year >= 1 &&
    p.month >= 1 &&
    p.month <= 12 &&
    p.day >= 1 &&
    p.day <= daysInMonth(p.year, p.month) &&
    p.hour <= 23 &&
    p.minute <= 59 &&
    p.second <= 59;
  return valid ? p : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD`. */
export const isoDate = (p: DateParts) => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
/** `YYYY-MM-DD HH:mm:ss[.ffffff]`: what a PostgreSQL timestamp column takes, as written. */
export const isoTimestamp = (p: DateParts) =>
  `${isoDate(p)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${p.micro ? `.${pad(p.micro, 6)}` : ''}`;

/** Reads `text` with the first of `patterns` it fits; null when none does. */
export function readDate(
  text: string,
  patterns: readonly CompiledDatePattern[],
): { parts: DateParts; pattern: CompiledDatePattern } | null {
  for (const pattern of patterns) {
    const parts = readDateParts(text, pattern);
    if (parts) return { parts, pattern };
  }
  return null;
}
