import {
  type CompiledDatePattern,
  compileDatePattern,
  type DateField,
  DatePatternError,
  type DatePatternPiece,
  datePatternPieces,
  keepOnlyGroup,
  parsePortableRegex,
} from '@recon/formats';
import { ExprError, type Params } from './expr.ts';

/**
 * Text read as a date or timestamp with explicit patterns (`@recon/formats` date-patterns.ts), never with
 * PostgreSQL's DateStyle: a value is read only when it has the pattern's exact shape (the pattern's anchored
 * regular expression, the same one ingestion uses in JavaScript) and makes a real date; otherwise NULL, never an
 * error, so one bad row cannot stop a run.
 *
 * Speed: a regular expression with capture groups costs PostgreSQL ten times one without, so the shape is tested
 * once (`~`) and the fields are cut out with plain string functions: the pattern's literal characters become one
 * delimiter (`translate`), each field is a piece (`split_part`) or a fixed-width part of one; a field only a
 * regular expression can find (two variable-width fields with nothing between them) uses `substring(… FROM …)`.
 * `recon_make_date` / `recon_make_timestamp` (migration 202611241200) check the calendar and are inlined.
 */

/** A character no value holds: the pattern's literal characters become it before the value is cut into pieces. */
const DELIMITER = '\u0001'; // chr(1) in SQL
const MONTH_NAMES = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
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
];

export function compilePattern(transform: string, pattern: string): CompiledDatePattern {
  try {
    return compileDatePattern(pattern);
  } catch (err) {
    if (err instanceof DatePatternError) throw new ExprError(`${transform}: ${err.message}`);
    throw err;
  }
}

type FieldPiece = Extract<DatePatternPiece, { field: DateField }>;

/** SQL for each field's text, cut out of `text` (an expression cheap to repeat). */
function fieldTexts(params: Params, text: string, compiled: CompiledDatePattern): Map<DateField, string> {
  const pieces = datePatternPieces(compiled.pattern);
  const literals = pieces.flatMap((p) => ('literal' in p ? [p.literal] : []));
  const out = new Map<DateField, string>();
  // Pieces by segment (the runs of fields between literal characters); an alphanumeric literal could sit inside
  // a field's text, so such patterns cut every field with its own regular expression.
  const isCuttable = literals.every((l) => !/[A-Za-z0-9]/.test(l));
  const segments: FieldPiece[][] = [[]];
  for (const p of pieces) {
    if ('literal' in p) segments.push([]);
    else segments.at(-1)?.push(p);
  }
  let byRegex: ReturnType<typeof parsePortableRegex> | null = null;
  const regexCut = (field: DateField) => {
    byRegex ??= parsePortableRegex(compiled.regex);
    const n = compiled.fields.indexOf(field) + 1;
    return `substring(${text} FROM ${params.add(keepOnlyGroup(byRegex, n), 'text')})`;
  };
  // Parameters are added only when used: PostgreSQL refuses a statement with a parameter it never reads.
  let delimited: string | null = null;
  const pieceOf = (index: number) => {
    if (literals.length === 0) return text;
    const distinct = [...new Set(literals)];
    delimited ??= `translate(${text}, ${params.add(distinct.join(''), 'text')}, ${params.add(
      DELIMITER.repeat(distinct.length),
      'text',
    )})`;
    return `split_part(${delimited}, chr(1), ${index + 1})`;
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
        out.set(f.field, `substr(${whole}, length(${whole}) - ${fromEnd - 1}, ${f.maxWidth})`);
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

/** `recon_make_timestamp` / `recon_make_date` of one compiled pattern, NULL when the text does not fit. */
function oneSql(params: Params, text: string, compiled: CompiledDatePattern, as: 'date' | 'timestamp'): string {
  const fits = `${text} ~ ${params.add(compiled.regex, 'text')}`;
  if (compiled.epoch) {
    const divisor = compiled.epoch === 'seconds' ? 1 : 1000;
    const value = `recon_timestamp_of_epoch((${text})::numeric / ${divisor})`;
    return `CASE WHEN ${fits} THEN ${as === 'date' ? `(${value})::date` : value} END`;
  }
  const f = fieldTexts(params, text, compiled);
  const has = (field: DateField) => f.has(field);
  const year = has('year4')
    ? int(f.get('year4') as string)
    : `(${int(f.get('year2') as string)} + CASE WHEN ${int(f.get('year2') as string)} < 70 THEN 2000 ELSE 1900 END)`;
  const month = has('month')
    ? int(f.get('month') as string)
    : `((array_position(${params.add(MONTH_NAMES, 'text[]')}, lower(${f.get('monthName')})) - 1) % 12 + 1)`;
  const day = int(f.get('day') as string);
  if (compiled.kind === 'date') {
    const date = `recon_make_date(${year}, ${month}, ${day})`;
    return `CASE WHEN ${fits} THEN ${as === 'date' ? date : `${date}::timestamp`} END`;
  }
  let hour = int((f.get('hour24') ?? f.get('hour12')) as string);
  if (has('hour12')) {
    const pm = `lower(${f.get('meridiem')}) = 'pm'`;
    hour = `CASE WHEN ${hour} BETWEEN 1 AND 12 THEN ${hour} % 12 + CASE WHEN ${pm} THEN 12 ELSE 0 END END`;
  }
  const minute = has('minute') ? int(f.get('minute') as string) : '0';
  const second = has('second') ? int(f.get('second') as string) : '0';
  // Fractions past six digits are cut, as in JavaScript: microseconds are what a timestamp keeps.
  const micro = has('fraction') ? `rpad(left(${f.get('fraction')}, 6), 6, '0')::int` : '0';
  const stamp = `recon_make_timestamp(${year}, ${month}, ${day}, ${hour}, ${minute}, ${second}, ${micro})`;
  return `CASE WHEN ${fits} THEN ${as === 'date' ? `${stamp}::date` : stamp} END`;
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

/** Seconds or milliseconds since 1970-01-01 UTC as a timestamp: a number, or text of digits. */
export function epochSql(params: Params, value: string, isText: boolean, unit: 'seconds' | 'milliseconds'): string {
  const divisor = unit === 'seconds' ? 1 : 1000;
  if (!isText) return `recon_timestamp_of_epoch((${value})::numeric / ${divisor})`;
  return oneSql(params, value, compileDatePattern(unit === 'seconds' ? 'EPOCH_S' : 'EPOCH_MS'), 'timestamp');
}
