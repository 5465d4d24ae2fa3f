import { keepOnlyGroup, PortableRegexError, parsePortableRegex } from '@recon/formats';
import { compilePattern, epochSql, parseDateSql } from './date-sql.ts';
import { type Expr, ExprError, type Params, reuse } from './expr.ts';
import { quoteIdent } from './identifiers.ts';
import type { EngineElement, EngineSide, EngineTransform } from './model.ts';

/**
 * Rule transforms as SQL, applied left to right to an element's column. The rule checks of the contract
 * (rule-transform-checks.ts) validate a rule before it is saved; the checks here repeat what SQL relies on, so a
 * rule that slipped past them fails to compile with a message instead of failing mid-run. Every argument a
 * person typed is a bind parameter; column arguments are columns of the element's own side, quoted.
 */

/** Where the element reads: its side (for column arguments) and the alias its table has in the statement. */
type Source = { side: EngineSide; alias: string };

/** A column of `side` (alias `alias`) with the element's transforms applied in order. */
export function columnSql(params: Params, element: EngineElement, side: EngineSide, alias: string): Expr {
  const name = element.columnName ?? '';
  const kind = side.columns.get(name);
  if (!kind) throw new ExprError(`column "${name}" is not in its data source`);
  let expr: Expr = { sql: `${alias}.${quoteIdent(name)}`, kind, cost: 0 };
  for (const t of element.transforms ?? []) expr = applyTransform(params, expr, t, { side, alias });
  return expr;
}

const LABELS: Record<string, string> = {
  ABSOLUTE: 'Absolute',
  ADD: 'Add',
  SUBTRACT: 'Subtract',
  MULTIPLY: 'Multiply',
  DIVIDE: 'Divide',
  ROUND: 'Round',
  DATE: 'Date',
  TRIM: 'Trim',
  LEFT_TRIM: 'Left Trim',
  RIGHT_TRIM: 'Right Trim',
  LOWERCASE: 'Lowercase',
  UPPERCASE: 'Uppercase',
  REGEX_EXTRACT: 'Extract',
  REGEX_REPLACE: 'Replace',
  SUBSTRING: 'Substring',
  SPLIT_PART: 'Split part',
  PAD_LEFT: 'Pad left',
  DIGITS_ONLY: 'Digits only',
  CONCAT: 'Concat',
  PARSE_DATE: 'Parse date',
  PARSE_TIMESTAMP: 'Parse date and time',
  EPOCH_SECONDS: 'Epoch seconds',
  EPOCH_MILLIS: 'Epoch milliseconds',
  PLUS_COLUMN: 'Plus column',
  MINUS_COLUMN: 'Minus column',
};

function need(e: Expr, label: string, ...kinds: Expr['kind'][]): void {
  if (!kinds.includes(e.kind)) throw new ExprError(`${label} does not apply to ${e.kind} values`);
}

function numberArgument(params: Params, label: string, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) throw new ExprError(`${label} needs a number`);
  return params.add(String(value), 'numeric');
}

/** Reads named arguments of one transform, refusing what SQL could not run. */
class Args {
  constructor(
    private readonly t: EngineTransform,
    private readonly label: string,
  ) {}
  private raw(name: string) {
    const v = this.t.args?.[name];
    return v === null || v === undefined ? undefined : v;
  }
  integer(name: string, min: number, max: number, fallback?: number): number {
    const v = this.raw(name) ?? fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      throw new ExprError(`${this.label}: ${name} is a whole number from ${min} to ${max}`);
    }
    return v;
  }
  text(name: string, minLength: number, maxLength: number, fallback?: string): string {
    const v = this.raw(name) ?? fallback;
    if (typeof v !== 'string' || v.length < minLength || v.length > maxLength) {
      throw new ExprError(`${this.label}: ${name} is text of ${minLength} to ${maxLength} characters`);
    }
    return v;
  }
  optionalText(name: string): string | undefined {
    const v = this.raw(name);
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'string') throw new ExprError(`${this.label}: ${name} is text`);
    return v;
  }
  regex(name: string) {
    try {
      return parsePortableRegex(this.text(name, 1, 200));
    } catch (err) {
      if (err instanceof PortableRegexError) throw new ExprError(`${this.label}: in the pattern, ${err.message}`);
      throw err;
    }
  }
}

/** Another column of the element's own side, of one of `kinds`. */
function otherColumn(source: Source, label: string, name: string, kinds: Expr['kind'][]): Expr {
  const kind = source.side.columns.get(name);
  if (!kind) throw new ExprError(`${label}: "${name}" is not a column of the element's own data source`);
  if (!kinds.includes(kind)) throw new ExprError(`${label}: "${name}" holds ${kind} values`);
  return { sql: `${source.alias}.${quoteIdent(name)}`, kind, cost: 0 };
}

const cost = (e: Expr, own = 1) => (e.cost ?? 0) + own;

export function applyTransform(params: Params, e: Expr, t: EngineTransform, source: Source): Expr {
  const label = LABELS[t.type] ?? t.type;
  const args = new Args(t, label);
  const number = (sql: string, own = 1): Expr => ({ sql, kind: 'number', cost: cost(e, own) });
  const text = (sql: string, own = 1): Expr => ({ sql, kind: 'text', cost: cost(e, own) });
  switch (t.type) {
    case 'ABSOLUTE':
      need(e, label, 'number');
      return number(`abs(${e.sql})`);
    case 'ADD':
    case 'SUBTRACT':
    case 'MULTIPLY':
    case 'DIVIDE': {
      need(e, label, 'number');
      if (t.type === 'DIVIDE' && t.argument === 0) throw new ExprError('Divide by 0 is not allowed');
      const op = { ADD: '+', SUBTRACT: '-', MULTIPLY: '*', DIVIDE: '/' }[t.type];
      return number(`(${e.sql}::numeric ${op} ${numberArgument(params, label, t.argument)})`);
    }
    case 'ROUND': {
      need(e, label, 'number');
      const places = t.argument;
      if (places === null || places === undefined || !Number.isInteger(places) || places < 0 || places > 10) {
        throw new ExprError('Round takes 0 to 10 decimal places');
      }
      return number(`round(${e.sql}::numeric, ${places})`);
    }
    case 'TRIM':
    case 'LEFT_TRIM':
    case 'RIGHT_TRIM':
    case 'LOWERCASE':
    case 'UPPERCASE': {
      need(e, label, 'text');
      const fn = { TRIM: 'btrim', LEFT_TRIM: 'ltrim', RIGHT_TRIM: 'rtrim', LOWERCASE: 'lower', UPPERCASE: 'upper' }[
        t.type
      ];
      return text(`${fn}(${e.sql})`);
    }
    case 'REGEX_EXTRACT': {
      need(e, label, 'text');
      const regex = args.regex('pattern');
      const group = args.integer('group', 0, 20, 1);
      if (group > regex.groups) throw new ExprError(`${label}: the pattern has no group ${group}`);
      // One capture left (or none for the whole match): substring answers it, NULL without a match.
      return text(`substring(${e.sql} FROM ${params.add(keepOnlyGroup(regex, group), 'text')})`, 3);
    }
    case 'REGEX_REPLACE': {
      need(e, label, 'text');
      const regex = args.regex('pattern');
      // Plain text: a backslash would otherwise refer to a group (\1) in PostgreSQL's replacement.
      const replacement = (args.optionalText('replacement') ?? '').replaceAll('\\', '\\\\');
      if (replacement.length > 400) throw new ExprError(`${label}: the replacement is too long`);
      return text(
        `regexp_replace(${e.sql}, ${params.add(regex.source, 'text')}, ${params.add(replacement, 'text')}, 'g')`,
        3,
      );
    }
    case 'SUBSTRING': {
      need(e, label, 'text');
      const start = args.integer('start', 1, 1000);
      const length = args.integer('length', 1, 1000);
      return text(`substr(${e.sql}, ${start}, ${length})`);
    }
    case 'SPLIT_PART': {
      need(e, label, 'text');
      const delimiter = args.text('delimiter', 1, 10);
      const n = args.integer('n', -100, 100);
      if (n === 0) throw new ExprError(`${label}: pieces count from 1 (or from -1 for the last)`);
      // split_part answers '' for a piece that is not there: NULL, like a pattern that finds nothing.
      return text(`nullif(split_part(${e.sql}, ${params.add(delimiter, 'text')}, ${n}), '')`, 2);
    }
    case 'PAD_LEFT': {
      need(e, label, 'text');
      const length = args.integer('length', 1, 100);
      const char = args.text('char', 1, 1, '0');
      if ([...char].length !== 1) throw new ExprError(`${label}: the character is one character`);
      // lpad cuts a longer value down to the length: a longer value stays as it is.
      const r = reuse(
        params,
        e,
        2,
        2,
        (v) => `lpad(${v}, greatest(${length}, length(${v})), ${params.add(char, 'text')})`,
      );
      return { ...r, kind: 'text' };
    }
    case 'DIGITS_ONLY':
      need(e, label, 'text');
      // No digits at all is no value (NULL), so two such rows never pair on an empty key.
      return text(`nullif(regexp_replace(${e.sql}, '[^0-9]+', '', 'g'), '')`, 3);
    case 'CONCAT': {
      need(e, label, 'text');
      const other = otherColumn(source, label, args.text('column', 1, 63), ['text']);
      const separator = args.optionalText('separator') ?? '';
      if (separator.length > 10) throw new ExprError(`${label}: the separator has at most 10 characters`);
      // A missing value counts as empty text; both missing (only the separator left) is NULL.
      const sep = params.add(separator, 'text');
      return text(`nullif(concat(${e.sql}, ${sep}, ${other.sql}), ${sep})`, 2);
    }
    case 'PLUS_COLUMN':
    case 'MINUS_COLUMN': {
      need(e, label, 'number');
      const other = otherColumn(source, label, args.text('column', 1, 63), ['number']);
      const op = t.type === 'PLUS_COLUMN' ? '+' : '-';
      // An empty amount counts as 0: credit − debit of a row with only a credit is the credit.
      return number(`(coalesce(${e.sql}::numeric, 0) ${op} coalesce(${other.sql}::numeric, 0))`, 2);
    }
    case 'DATE':
      if (e.kind === 'date') return e;
      if (e.kind === 'timestamp') return { sql: `(${e.sql})::date`, kind: 'date', cost: cost(e) };
      if (e.kind === 'text') return parseDate(params, e, label, [args.optionalText('pattern') ?? 'YYYY-MM-DD'], 'date');
      throw new ExprError('Date does not apply to number values');
    case 'PARSE_DATE': {
      need(e, label, 'text');
      const patterns = ['pattern', 'pattern2', 'pattern3'].flatMap((n) => args.optionalText(n) ?? []);
      if (patterns.length === 0) throw new ExprError(`${label} needs a pattern`);
      return parseDate(params, e, label, patterns, 'date');
    }
    case 'PARSE_TIMESTAMP': {
      need(e, label, 'text');
      return parseDate(params, e, label, [args.text('pattern', 1, 40)], 'timestamp');
    }
    case 'EPOCH_SECONDS':
    case 'EPOCH_MILLIS': {
      need(e, label, 'number', 'text');
      const unit = t.type === 'EPOCH_SECONDS' ? 'seconds' : 'milliseconds';
      if (e.kind === 'number')
        return { sql: epochSql(params, e.sql, false, unit), kind: 'timestamp', cost: cost(e, 2) };
      const r = reuse(params, e, 3, 3, (v) => epochSql(params, v, true, unit));
      return { ...r, kind: 'timestamp' };
    }
    default:
      throw new ExprError(`unknown transform ${t.type}`);
  }
}

/** Text read with date patterns; spaces around the value are ignored, as ingestion trims values. */
function parseDate(params: Params, e: Expr, label: string, patterns: string[], as: 'date' | 'timestamp'): Expr {
  const compiled = patterns.map((p) => compilePattern(label, p));
  // The pattern SQL reads its text several times (the shape test, then each field).
  const r = reuse(params, e, 8, 6, (v) => parseDateSql(params, v, compiled, as));
  return { ...r, kind: as };
}
