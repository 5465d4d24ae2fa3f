import {
  type CompiledDatePattern,
  compileDatePattern,
  type DateField,
  DatePatternError,
  type DatePatternPiece,
  datePatternPieces,
  keepOnlyGroup,
  MONTH_NAMES,
  parsePortableRegex,
} from '@recon/formats';
import { ExprError, type Params } from './expr.ts';

/**
 * Text read as a date or timestamp with explicit patterns (`@recon/formats` date-patterns.ts), never with
 * PostgreSQL's DateStyle. A value is read only when it has the pattern's shape AND makes a real date and time
 * (no 31 April, no 29 February 2026, no hour 24), exactly as ingestion reads it in JavaScript; otherwise NULL,
 * never an error, so one bad row cannot stop a run.
 *
 * Speed (1M values, bench/transforms.ts): a regular expression with capture groups costs PostgreSQL about ten
 * times one without, and PostgreSQL computes a sub-expression as often as it is written. So one regular
 * expression without captures decides everything — the shape and the calendar, as the alternatives "day 1–28 of
 * any month", "29 or 30 of a month other than February", "31 of a 31-day month", "29 February of a leap year" —
 * and each field is then cut out once with plain string functions (`split_part` on the pattern's literal
 * characters, `substr` for a fixed-width part of a piece) and handed to make_date / make_timestamp, which cannot
 * fail on fields the expression already checked. A field only a regular expression can find (two variable-width
 * fields with nothing between them, or a letter used as a literal) is cut
 * with `substring(… FROM …)`.
 */

export function compilePattern(transform: string, pattern: string): CompiledDatePattern {
  try {
    return compileDatePattern(pattern);
  } catch (err) {
    if (err instanceof DatePatternError) throw new ExprError(`${transform}: ${err.message}`);
    throw err;
  }
}

type FieldPiece = Extract<DatePatternPiece, { field: DateField }>;
type CalendarCase = 'anyDay' | 'day29or30' | 'day31' | 'leapDay';

const caseless = (word: string) => [...word].map((c) => `[${c.toUpperCase()}${c}]`).join('');
const MONTHS_OF: Record<CalendarCase, number[]> = {
  anyDay: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  day29or30: [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  day31: [1, 3, 5, 7, 8, 10, 12],
  leapDay: [2],
};
/** Month numbers as a regular expression: one or two digits (`isLoose`) or exactly two. */
function monthNumbers(c: CalendarCase, isLoose: boolean): string {
  const opt0 = isLoose ? '0?' : '0';
  return {
    anyDay: `(?:${opt0}[1-9]|1[0-2])`,
    day29or30: `(?:${opt0}[13-9]|1[0-2])`,
    day31: `(?:${opt0}[13578]|1[02])`,
    leapDay: `${opt0}2`,
  }[c];
}
/** Month names, any case: MMM takes the first three letters, MMMM those or the full name. */
function monthNames(months: number[], isFull: boolean): string {
  return `(?:${months
    .map((m) => {
      const name = MONTH_NAMES[m - 1] as string;
      return isFull && name.length > 3
        ? `${caseless(name.slice(0, 3))}(?:${caseless(name.slice(3))})?`
        : caseless(name.slice(0, 3));
    })
    .join('|')})`;
}
const LEAP_YEAR4 = '(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)';
/** Two-digit years are 1970–2069: a leap year when divisible by 4 (2000 is one). */
const LEAP_YEAR2 = '(?:[02468][048]|[13579][26])';

function fieldRegex(piece: FieldPiece, c: CalendarCase): string {
  const isLoose = piece.minWidth !== piece.maxWidth;
  const opt0 = isLoose ? '0?' : '0';
  switch (piece.field) {
    case 'day':
      return {
        anyDay: `(?:${opt0}[1-9]|1[0-9]|2[0-8])`,
        day29or30: '(?:29|30)',
        day31: '31',
        leapDay: '29',
      }[c];
    case 'month':
      return monthNumbers(c, isLoose);
    case 'monthName':
      return monthNames(MONTHS_OF[c], piece.maxWidth > 3);
    case 'year4':
      return c === 'leapDay' ? LEAP_YEAR4 : '[0-9]{4}';
    case 'year2':
      return c === 'leapDay' ? LEAP_YEAR2 : '[0-9]{2}';
    case 'hour24':
      return isLoose ? '(?:[01]?[0-9]|2[0-3])' : '(?:[01][0-9]|2[0-3])';
    case 'hour12':
      return `(?:${opt0}[1-9]|1[0-2])`;
    case 'minute':
    case 'second':
      return isLoose ? '[0-5]?[0-9]' : '[0-5][0-9]';
    case 'fraction':
      return '[0-9]{1,9}';
    case 'meridiem':
      return '[AaPp][Mm]';
  }
}

const escapeLiteral = (ch: string) => (/[A-Za-z0-9 _,:/-]/.test(ch) ? ch : `\\${ch}`);

const CALENDAR_FIELDS: readonly DateField[] = ['day', 'month', 'monthName', 'year4', 'year2'];

/** The values of `pieces` that are real dates (and times), as one anchored regular expression without captures. */
export function calendarRegex(pieces: readonly DatePatternPiece[]): string {
  const cases: CalendarCase[] = ['anyDay', 'day29or30', 'day31', 'leapDay'];
  const regexOf = (p: DatePatternPiece, c: CalendarCase) =>
    'literal' in p ? escapeLiteral(p.literal) : fieldRegex(p, c);
  // Only the stretch from the first to the last date field differs between the cases: the time of day before or
  // after it is written once (a smaller expression is a faster one).
  const isCalendar = (p: DatePatternPiece) => 'field' in p && CALENDAR_FIELDS.includes(p.field);
  const first = pieces.findIndex(isCalendar);
  const last = pieces.length - 1 - [...pieces].reverse().findIndex(isCalendar);
  const fixed = (from: number, to: number) =>
    pieces
      .slice(from, to)
      .map((p) => regexOf(p, 'anyDay'))
      .join('');
  const middle = cases.map((c) =>
    pieces
      .slice(first, last + 1)
      .map((p) => regexOf(p, c))
      .join(''),
  );
  // Spaces around the value are allowed, as ingestion trims values before it reads them.
  return `^ *${fixed(0, first)}(?:${middle.join('|')})${fixed(last + 1, pieces.length)} *$`;
}

/** SQL for each field's text, cut out of `text` (an expression cheap to repeat) that fits the pattern. */
function fieldTexts(params: Params, text: string, compiled: CompiledDatePattern, pieces: DatePatternPiece[]) {
  const literals = pieces.flatMap((p) => ('literal' in p ? [p.literal] : []));
  const out = new Map<DateField, string>();
  // An alphanumeric literal could sit inside a field's text: such patterns cut every field by regular expression.
  const isCuttable = literals.every((l) => !/[A-Za-z0-9]/.test(l));
  const segments: FieldPiece[][] = [[]];
  for (const p of pieces) {
    if ('literal' in p) segments.push([]);
    else segments.at(-1)?.push(p);
  }
  let parsed: ReturnType<typeof parsePortableRegex> | null = null;
  const regexCut = (field: DateField) => {
    parsed ??= parsePortableRegex(compiled.regex);
    const n = compiled.fields.indexOf(field) + 1;
    return `substring(btrim(${text}) FROM ${params.add(keepOnlyGroup(parsed, n), 'text')})`;
  };
  // Each literal character of the pattern is one place in the value where that character occurs (fields hold
  // digits and letters only), so the text between literal j-1 and literal j is a `split_part` of the value on
  // literal j-1's character, cut again at literal j's. A value padded with spaces is trimmed first when spaces
  // are literals (they would be counted); otherwise only the first and last pieces are trimmed.
  const hasSpaceLiteral = literals.includes(' ');
  const base = hasSpaceLiteral ? `btrim(${text})` : text;
  const char = new Map<string, string>();
  const param = (c: string) => {
    if (!char.has(c)) char.set(c, params.add(c, 'text'));
    return char.get(c) as string;
  };
  const trimmed = (sql: string) => (hasSpaceLiteral ? sql : `btrim(${sql})`);
  const pieceOf = (j: number) => {
    if (literals.length === 0) return `btrim(${text})`;
    if (j === 0) return trimmed(`split_part(${base}, ${param(literals[0] as string)}, 1)`);
    const a = literals[j - 1] as string;
    const occurrence = literals.slice(0, j).filter((l) => l === a).length;
    const after = `split_part(${base}, ${param(a)}, ${occurrence + 1})`;
    if (j === literals.length) return trimmed(after);
    const b = literals[j] as string;
    return b === a ? after : `split_part(${after}, ${param(b)}, 1)`;
  };
  segments.forEach((segment, index) => {
    const variable = segment.filter((f) => f.minWidth !== f.maxWidth);
    if (!isCuttable || variable.length > 1) {
      for (const f of segment) out.set(f.field, regexCut(f.field));
      return;
    }
    const whole = pieceOf(index);
    if (segment.length === 1) {
      out.set((segment[0] as FieldPiece).field, whole);
      return;
    }
    const fixedWidth = segment.reduce((sum, f) => sum + (f.minWidth === f.maxWidth ? f.maxWidth : 0), 0);
    let fromStart = 1;
    let fromEnd = segment.reduce((sum, f) => sum + f.maxWidth, 0);
    let isAfterVariable = false;
    for (const f of segment) {
      if (f.minWidth !== f.maxWidth) {
        out.set(f.field, `substr(${whole}, ${fromStart}, length(${whole}) - ${fixedWidth})`);
        isAfterVariable = true;
      } else if (isAfterVariable) {
        // Counted from the end: this field and those after it have fixed widths.
        const tail = `right(${whole}, ${fromEnd})`;
        out.set(f.field, fromEnd === f.maxWidth ? tail : `left(${tail}, ${f.maxWidth})`);
      } else {
        out.set(f.field, `substr(${whole}, ${fromStart}, ${f.maxWidth})`);
      }
      fromStart += f.maxWidth;
      fromEnd -= f.maxWidth;
    }
  });
  return out;
}

const int = (sql: string) => `(${sql})::int`;

/** One compiled pattern: the value as a date or timestamp, NULL when it does not fit or is no real date. */
function oneSql(params: Params, text: string, compiled: CompiledDatePattern, as: 'date' | 'timestamp'): string {
  if (compiled.epoch) {
    const value = epochTextSql(params, text, compiled);
    return as === 'date' ? `(${value})::date` : value;
  }
  const pieces = datePatternPieces(compiled.pattern);
  const fits = `${text} ~ ${params.add(calendarRegex(pieces), 'text')}`;
  const f = fieldTexts(params, text, compiled, pieces);
  const get = (field: DateField) => f.get(field) as string;
  // Each field is written once (see the header): 1970 + (yy + 30) % 100 maps 00–69 to 2000s, 70–99 to 1900s.
  // Year 0000 passes the expression: nullif makes it NULL, as JavaScript refuses it (make_date would raise).
  const year = f.has('year4') ? `nullif(${int(get('year4'))}, 0)` : `(1970 + (${int(get('year2'))} + 30) % 100)`;
  const month = f.has('month')
    ? int(get('month'))
    : `array_position(${params.add(
        MONTH_NAMES.map((m) => m.slice(0, 3)),
        'text[]',
      )}, lower(left(${get('monthName')}, 3)))`;
  const day = int(get('day'));
  if (compiled.kind === 'date') {
    const date = `make_date(${year}, ${month}, ${day})`;
    return `CASE WHEN ${fits} THEN ${as === 'date' ? date : `${date}::timestamp`} END`;
  }
  const hour = f.has('hour12')
    ? `(${int(get('hour12'))} % 12 + CASE WHEN lower(${get('meridiem')}) = 'pm' THEN 12 ELSE 0 END)`
    : int(get('hour24'));
  const minute = f.has('minute') ? int(get('minute')) : '0';
  const second = f.has('second') ? int(get('second')) : '0';
  // Fractions past six digits are cut, as in JavaScript: microseconds are what a timestamp keeps.
  const micro = f.has('fraction') ? ` + rpad(left(${get('fraction')}, 6), 6, '0')::int * interval '1 microsecond'` : '';
  const stamp = `make_timestamp(${year}, ${month}, ${day}, ${hour}, ${minute}, ${second})${micro}`;
  return `CASE WHEN ${fits} THEN ${as === 'date' ? `(${stamp})::date` : stamp} END`;
}

/** `text` (cheap to repeat) read with the first of `patterns` it fits, as a date or a timestamp. */
export function parseDateSql(
  params: Params,
  text: string,
  patterns: readonly CompiledDatePattern[],
  as: 'date' | 'timestamp',
): string {
  const each = patterns.map((p) => oneSql(params, text, p, as));
  return each.length === 1 ? (each[0] as string) : `coalesce(${each.join(', ')})`;
}

/** JavaScript reads epochs of the years 1–9999 only. */
const EPOCH_SECONDS_MIN = -62_135_596_800;

/** Digits of seconds or milliseconds since 1970 as a timestamp (UTC); days and the rest keep it exact. */
function epochTextSql(params: Params, text: string, compiled: CompiledDatePattern): string {
  const perDay = compiled.epoch === 'seconds' ? 86_400 : 86_400_000;
  const unit = compiled.epoch === 'seconds' ? '1 second' : '1 millisecond';
  const min = compiled.epoch === 'seconds' ? EPOCH_SECONDS_MIN : EPOCH_SECONDS_MIN * 1000;
  const n = `(${text})::bigint`;
  const fits = `^ *${compiled.regex.slice(1, -1)} *$`;
  return `CASE WHEN ${text} ~ ${params.add(fits, 'text')} AND ${n} >= ${min}
    THEN timestamp '1970-01-01' + ${n} / ${perDay} * interval '1 day' + ${n} % ${perDay} * interval '${unit}' END`;
}

/** Seconds or milliseconds since 1970-01-01 UTC as a timestamp: a number, or text of digits. */
export function epochSql(params: Params, value: string, isText: boolean, unit: 'seconds' | 'milliseconds'): string {
  if (!isText) return `recon_timestamp_of_epoch((${value})::numeric${unit === 'seconds' ? '' : ' / 1000'})`;
  return epochTextSql(params, value, compileDatePattern(unit === 'seconds' ? 'EPOCH_S' : 'EPOCH_MS'));
}
