// The transforms a rule element may apply to its column, left to right, and what each takes: the catalogue the
// rule editor renders (argument inputs and help) and the rule checks validate against, so the editor and the
// server answer the same. Spec 2 §9 names the first twelve; the others come with issue 9 (extract, dates, columns).

/** What values rules see: numbers (money too), text, dates (with or without a time of day). */
export type ValueKind = 'number' | 'text' | 'date';

export const RULE_TRANSFORMS = [
  'ABSOLUTE',
  'ADD',
  'DIVIDE',
  'DATE',
  'LEFT_TRIM',
  'LOWERCASE',
  'MULTIPLY',
  'RIGHT_TRIM',
  'ROUND',
  'SUBTRACT',
  'TRIM',
  'UPPERCASE',
  'REGEX_EXTRACT',
  'REGEX_REPLACE',
  'SUBSTRING',
  'SPLIT_PART',
  'PAD_LEFT',
  'DIGITS_ONLY',
  'CONCAT',
  'PARSE_DATE',
  'PARSE_TIMESTAMP',
  'EPOCH_SECONDS',
  'EPOCH_MILLIS',
  'PLUS_COLUMN',
  'MINUS_COLUMN',
] as const;
export type RuleTransform = (typeof RULE_TRANSFORMS)[number];

/**
 * How an argument is typed and checked: `integer` within min…max; `text` of at most max characters (min 0 allows
 * empty); `char` one character; `regex` a pattern of the portable subset (`@recon/formats` portable-regex.ts);
 * `datePattern` a date pattern (`DD/MM/YYYY`, `EPOCH_S` …); `column` another column of the element's own data
 * source, of one of `columnKinds`.
 */
export type TransformArgumentKind = 'integer' | 'text' | 'char' | 'regex' | 'datePattern' | 'column';

export type TransformArgument = {
  /** The key in the transform's `args`. */
  name: string;
  label: string;
  kind: TransformArgumentKind;
  isRequired: boolean;
  min?: number;
  max?: number;
  /** Used when the argument is left empty (an optional argument without one is simply absent). */
  defaultValue?: string | number;
  placeholder?: string;
  columnKinds?: readonly ValueKind[];
};

export type TransformSpec = {
  label: string;
  input: readonly ValueKind[];
  output: ValueKind | 'same';
  /** One line for the editor, with an example. */
  help: string;
  /** The spec's number argument (Add 5, Round 2), kept in `argument` so saved rules stay valid. */
  numberArgument?: { label: string };
  /** Named arguments, kept in `args`. */
  args: readonly TransformArgument[];
};

export const TRANSFORM_TEXT_MAX = 200;
export const TRANSFORM_POSITION_MAX = 1000;
export const PAD_LENGTH_MAX = 100;
export const SPLIT_PART_MAX = 100;
export const ROUND_PLACES_MAX = 10;

const pattern = (label = 'Pattern'): TransformArgument => ({
  name: 'pattern',
  label,
  kind: 'regex',
  isRequired: true,
  max: TRANSFORM_TEXT_MAX,
  placeholder: 'NEFT-([A-Z0-9]+)-',
});
const datePattern = (name: string, label: string, isRequired: boolean): TransformArgument => ({
  name,
  label,
  kind: 'datePattern',
  isRequired,
  placeholder: 'DD/MM/YYYY',
});
const numberColumn: TransformArgument = {
  name: 'column',
  label: 'Column',
  kind: 'column',
  isRequired: true,
  columnKinds: ['number'],
};

export const TRANSFORM_CATALOGUE: Record<RuleTransform, TransformSpec> = {
  ABSOLUTE: {
    label: 'Absolute',
    input: ['number'],
    output: 'number',
    help: 'Drops the sign: -250.00 → 250.00',
    args: [],
  },
  ADD: {
    label: 'Add',
    input: ['number'],
    output: 'number',
    help: 'Adds a number: 100.00 with 2.50 → 102.50',
    numberArgument: { label: 'Number' },
    args: [],
  },
  DIVIDE: {
    label: 'Divide',
    input: ['number'],
    output: 'number',
    help: 'Divides by a number other than 0: paise 125050 divided by 100 → 1250.50',
    numberArgument: { label: 'Number' },
    args: [],
  },
  DATE: {
    label: 'Date',
    input: ['date', 'text'],
    output: 'date',
    help: 'The day of a date column, or text read with a pattern (YYYY-MM-DD unless given): 05/03/2026 with DD/MM/YYYY → 5 Mar 2026',
    args: [{ ...datePattern('pattern', 'Pattern (text only)', false), defaultValue: 'YYYY-MM-DD' }],
  },
  LEFT_TRIM: {
    label: 'Left Trim',
    input: ['text'],
    output: 'text',
    help: 'Removes spaces on the left: "  AB12" → "AB12"',
    args: [],
  },
  LOWERCASE: {
    label: 'Lowercase',
    input: ['text'],
    output: 'text',
    help: 'Lower case: "Acme Ltd" → "acme ltd"',
    args: [],
  },
  MULTIPLY: {
    label: 'Multiply',
    input: ['number'],
    output: 'number',
    help: 'Multiplies by a number: paise 125050 times 0.01 → 1250.50; -1 flips the sign',
    numberArgument: { label: 'Number' },
    args: [],
  },
  RIGHT_TRIM: {
    label: 'Right Trim',
    input: ['text'],
    output: 'text',
    help: 'Removes spaces on the right: "AB12  " → "AB12"',
    args: [],
  },
  ROUND: {
    label: 'Round',
    input: ['number'],
    output: 'number',
    help: `Rounds to 0–${ROUND_PLACES_MAX} decimal places, halves away from zero: 10.455 to 2 → 10.46`,
    numberArgument: { label: 'Decimal places' },
    args: [],
  },
  SUBTRACT: {
    label: 'Subtract',
    input: ['number'],
    output: 'number',
    help: 'Subtracts a number: 100.00 less 2.50 → 97.50',
    numberArgument: { label: 'Number' },
    args: [],
  },
  TRIM: {
    label: 'Trim',
    input: ['text'],
    output: 'text',
    help: 'Removes spaces on both ends: " AB12 " → "AB12"',
    args: [],
  },
  UPPERCASE: { label: 'Uppercase', input: ['text'], output: 'text', help: 'Upper case: "neft" → "NEFT"', args: [] },
  REGEX_EXTRACT: {
    label: 'Extract',
    input: ['text'],
    output: 'text',
    help: 'The part a pattern finds, group 0 for the whole match: NEFT-([A-Z0-9]+)- group 1 of "NEFT-N0123-ACME" → N0123; no match → empty',
    args: [
      pattern(),
      { name: 'group', label: 'Group', kind: 'integer', isRequired: false, min: 0, max: 20, defaultValue: 1 },
    ],
  },
  REGEX_REPLACE: {
    label: 'Replace',
    input: ['text'],
    output: 'text',
    help: 'Replaces every match with plain text (may be empty): [^0-9.] with nothing turns "INR 1,250.00" into 1250.00',
    args: [
      { ...pattern(), placeholder: '[^0-9.]' },
      {
        name: 'replacement',
        label: 'Replace with',
        kind: 'text',
        isRequired: false,
        min: 0,
        max: TRANSFORM_TEXT_MAX,
        defaultValue: '',
      },
    ],
  },
  SUBSTRING: {
    label: 'Substring',
    input: ['text'],
    output: 'text',
    help: 'Characters from a position (the first is 1): start 5, length 4 of "INV-2026-001" → 2026',
    args: [
      { name: 'start', label: 'Start', kind: 'integer', isRequired: true, min: 1, max: TRANSFORM_POSITION_MAX },
      { name: 'length', label: 'Length', kind: 'integer', isRequired: true, min: 1, max: TRANSFORM_POSITION_MAX },
    ],
  },
  SPLIT_PART: {
    label: 'Split part',
    input: ['text'],
    output: 'text',
    help: 'The n-th piece between delimiters, -1 for the last: "/" piece 2 of "UPI/412345/ACME" → 412345; no such piece → empty',
    args: [
      { name: 'delimiter', label: 'Delimiter', kind: 'text', isRequired: true, min: 1, max: 10, placeholder: '/' },
      {
        name: 'n',
        label: 'Piece',
        kind: 'integer',
        isRequired: true,
        min: -SPLIT_PART_MAX,
        max: SPLIT_PART_MAX,
      },
    ],
  },
  PAD_LEFT: {
    label: 'Pad left',
    input: ['text'],
    output: 'text',
    help: 'Pads on the left to a length, longer values unchanged: 12 with 0 turns 4567 into 000000004567',
    args: [
      { name: 'length', label: 'Length', kind: 'integer', isRequired: true, min: 1, max: PAD_LENGTH_MAX },
      { name: 'char', label: 'Character', kind: 'char', isRequired: false, defaultValue: '0' },
    ],
  },
  DIGITS_ONLY: {
    label: 'Digits only',
    input: ['text'],
    output: 'text',
    help: 'Keeps the digits 0–9 only, none → empty: "RRN: 0012-3456" → 00123456',
    args: [],
  },
  CONCAT: {
    label: 'Concat',
    input: ['text'],
    output: 'text',
    help: 'Appends another text column of the same data source: branch, "-", account → 0012-556677; an empty one counts as ""',
    args: [
      { name: 'column', label: 'Column', kind: 'column', isRequired: true, columnKinds: ['text'] },
      {
        name: 'separator',
        label: 'Separator',
        kind: 'text',
        isRequired: false,
        min: 0,
        max: 10,
        defaultValue: '',
      },
    ],
  },
  PARSE_DATE: {
    label: 'Parse date',
    input: ['text'],
    output: 'date',
    help: 'Reads text as a date, trying up to three patterns in order: DD/MM/YY then DD/MM/YYYY; 31/04/2026 or no fit → empty',
    args: [
      datePattern('pattern', 'Pattern', true),
      datePattern('pattern2', 'Second pattern', false),
      datePattern('pattern3', 'Third pattern', false),
    ],
  },
  PARSE_TIMESTAMP: {
    label: 'Parse date and time',
    input: ['text'],
    output: 'date',
    help: 'Reads text as a date and time: DD/MM/YYYY HH:mm:ss reads "05/03/2026 14:30:00" as 5 Mar 2026 14:30',
    args: [{ ...datePattern('pattern', 'Pattern', true), placeholder: 'DD/MM/YYYY HH:mm:ss' }],
  },
  EPOCH_SECONDS: {
    label: 'Epoch seconds',
    input: ['number', 'text'],
    output: 'date',
    help: 'Seconds since 1970-01-01 00:00 UTC, as a number or digits: 1772668800 → 2026-03-05 00:00:00',
    args: [],
  },
  EPOCH_MILLIS: {
    label: 'Epoch milliseconds',
    input: ['number', 'text'],
    output: 'date',
    help: 'Milliseconds since 1970-01-01 00:00 UTC: 1772668800500 → 2026-03-05 00:00:00.5',
    args: [],
  },
  PLUS_COLUMN: {
    label: 'Plus column',
    input: ['number'],
    output: 'number',
    help: 'Adds another amount column of the same data source, an empty amount counting as 0: amount + fee',
    args: [numberColumn],
  },
  MINUS_COLUMN: {
    label: 'Minus column',
    input: ['number'],
    output: 'number',
    help: 'Subtracts another amount column of the same data source, an empty amount counting as 0: credit − debit',
    args: [numberColumn],
  },
};

export const RULE_TRANSFORM_LABELS = Object.fromEntries(
  RULE_TRANSFORMS.map((t) => [t, TRANSFORM_CATALOGUE[t].label]),
) as Record<RuleTransform, string>;
/** Transforms that take a number: Add n, Subtract n, Multiply n, Divide n, Round n (decimal places). */
export const TRANSFORMS_WITH_ARGUMENT: readonly RuleTransform[] = RULE_TRANSFORMS.filter(
  (t) => TRANSFORM_CATALOGUE[t].numberArgument,
);
/** Transforms that take named arguments (`args`). */
export const TRANSFORMS_WITH_ARGS: readonly RuleTransform[] = RULE_TRANSFORMS.filter(
  (t) => TRANSFORM_CATALOGUE[t].args.length > 0,
);
/** What a transform takes and gives: numbers, text or a date. */
export const TRANSFORM_KINDS = Object.fromEntries(
  RULE_TRANSFORMS.map((t) => [t, { input: [...TRANSFORM_CATALOGUE[t].input], output: TRANSFORM_CATALOGUE[t].output }]),
) as Record<RuleTransform, { input: ValueKind[]; output: ValueKind | 'same' }>;

export type TransformArgs = Record<string, string | number | null>;
export type TransformValue = { type: RuleTransform; argument?: number | null; args?: TransformArgs };

/** An argument's value with its default applied; undefined when absent and without a default. */
export function transformArgValue(
  t: { args?: TransformArgs | null },
  arg: TransformArgument,
): string | number | undefined {
  const raw = t.args?.[arg.name];
  if (raw === null || raw === undefined || (raw === '' && arg.kind !== 'text')) return arg.defaultValue;
  return raw;
}

/**
 * "Add 5", "Extract (pattern: NEFT-([A-Z0-9]+)-, group: 1)", "Minus column (column: debit)": a transform as a tag
 * or the recon mapping reads it. Named arguments are written out with their names, so a pattern never runs into the
 * next argument; text is quoted (spaces and an empty replacement stay visible), patterns and columns are not.
 */
export function describeTransform(t: TransformValue): string {
  const spec = TRANSFORM_CATALOGUE[t.type];
  if (!spec) return String(t.type);
  if (spec.numberArgument)
    return t.argument === null || t.argument === undefined ? spec.label : `${spec.label} ${t.argument}`;
  const parts = spec.args.flatMap((arg) => {
    const value = t.args?.[arg.name];
    if (value === null || value === undefined || (value === '' && arg.kind !== 'text')) return [];
    const name = arg.label.replace(/ \(.*\)$/, '').toLowerCase();
    const shown = arg.kind === 'text' || arg.kind === 'char' ? JSON.stringify(String(value)) : String(value);
    return [`${name}: ${shown}`];
  });
  return parts.length ? `${spec.label} (${parts.join(', ')})` : spec.label;
}
