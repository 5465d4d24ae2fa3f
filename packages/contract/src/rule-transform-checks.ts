import { datePatternProblem, parsePortableRegex, portableRegexProblem } from '@recon/formats';
import {
  ROUND_PLACES_MAX,
  TRANSFORM_CATALOGUE,
  type TransformArgs,
  type TransformArgument,
  transformArgValue,
  type ValueKind,
} from './rule-transforms.ts';

// Checks of an element's transform chain against the catalogue: each transform fits the kind of value it gets,
// and each argument has the kind and limits the catalogue gives it. Messages name the transform and the argument.

export const TRANSFORM_PROBLEMS = {
  notFor: (transform: string, kind: ValueKind) => `${transform} does not apply to ${kind} values`,
  needsNumber: (transform: string) => `${transform} needs a number`,
  divideByZero: 'Divide by 0 is not allowed',
  roundPlaces: `Round takes 0 to ${ROUND_PLACES_MAX} decimal places`,
  required: (transform: string, arg: string) => `${transform} needs ${arg.toLowerCase()}`,
  wholeNumber: (transform: string, arg: string, min: number, max: number) =>
    `${transform}: ${arg.toLowerCase()} is a whole number from ${min} to ${max}`,
  tooLong: (transform: string, arg: string, max: number) =>
    `${transform}: ${arg.toLowerCase()} has at most ${max} characters`,
  notText: (transform: string, arg: string) => `${transform}: ${arg.toLowerCase()} is text`,
  oneCharacter: (transform: string, arg: string) => `${transform}: ${arg.toLowerCase()} is one character`,
  badRegex: (transform: string, problem: string) => `${transform}: in the pattern, ${problem}`,
  noSuchGroup: (transform: string, group: number, groups: number) =>
    `${transform}: the pattern has ${groups === 1 ? 'one group' : `${groups} groups`} in ( ), so there is no group ${group}`,
  badDatePattern: (transform: string, problem: string) => `${transform}: ${problem}`,
  pieceZero: (transform: string) => `${transform}: pieces count from 1 (or from -1 for the last)`,
  unknownColumn: (transform: string, column: string) =>
    `${transform}: "${column}" is not a column of the element's own data source`,
  columnKind: (transform: string, column: string, kind: ValueKind, wanted: readonly ValueKind[]) =>
    `${transform}: "${column}" holds ${kind} values, it needs ${wanted.join(' or ')} values`,
} as const;

type Transform = { type: keyof typeof TRANSFORM_CATALOGUE; argument?: number | null; args?: TransformArgs | null };

function argumentProblem(
  label: string,
  arg: TransformArgument,
  value: string | number | undefined,
  columns: ReadonlyMap<string, ValueKind>,
): string | null {
  const P = TRANSFORM_PROBLEMS;
  if (value === undefined) return arg.isRequired ? P.required(label, arg.label) : null;
  if (arg.kind === 'integer') {
    const [min, max] = [arg.min ?? 0, arg.max ?? Number.MAX_SAFE_INTEGER];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      return P.wholeNumber(label, arg.label, min, max);
    }
    return null;
  }
  if (typeof value !== 'string') return P.notText(label, arg.label);
  switch (arg.kind) {
    case 'text':
      if (value.length < (arg.min ?? 0)) return P.required(label, arg.label);
      return value.length > (arg.max ?? Number.MAX_SAFE_INTEGER) ? P.tooLong(label, arg.label, arg.max ?? 0) : null;
    case 'char':
      return [...value].length === 1 ? null : P.oneCharacter(label, arg.label);
    case 'regex': {
      const problem = portableRegexProblem(value);
      return problem ? P.badRegex(label, problem) : null;
    }
    case 'datePattern': {
      const problem = datePatternProblem(value);
      return problem ? P.badDatePattern(label, problem) : null;
    }
    case 'column': {
      const kind = columns.get(value);
      if (!kind) return P.unknownColumn(label, value);
      const wanted = arg.columnKinds ?? [];
      return wanted.length && !wanted.includes(kind) ? P.columnKind(label, value, kind, wanted) : null;
    }
    default:
      return null;
  }
}

/** Problems that involve more than one argument, or a value the kind alone does not rule out. */
function transformRuleProblem(t: Transform, label: string): string | null {
  if (t.type === 'DIVIDE' && t.argument === 0) return TRANSFORM_PROBLEMS.divideByZero;
  if (t.type === 'ROUND') {
    const places = t.argument as number;
    if (!Number.isInteger(places) || places < 0 || places > ROUND_PLACES_MAX) return TRANSFORM_PROBLEMS.roundPlaces;
  }
  if (t.type === 'SPLIT_PART' && t.args?.n === 0) return TRANSFORM_PROBLEMS.pieceZero(label);
  if (t.type === 'REGEX_EXTRACT') {
    const spec = TRANSFORM_CATALOGUE.REGEX_EXTRACT;
    const group = transformArgValue(t, spec.args[1] as TransformArgument) as number;
    const groups = parsePortableRegex(String(t.args?.pattern)).groups;
    if (group > groups) return TRANSFORM_PROBLEMS.noSuchGroup(label, group, groups);
  }
  return null;
}

/**
 * The kind of an element's value after its transforms (applied left to right), or the first problem.
 * `columns`: the columns of the element's own data source (column arguments must be among them).
 */
export function transformedKind(
  transforms: readonly Transform[],
  start: ValueKind,
  columns: ReadonlyMap<string, ValueKind>,
): { kind: ValueKind } | { problem: string } {
  let kind = start;
  for (const t of transforms) {
    const spec = TRANSFORM_CATALOGUE[t.type];
    if (!spec.input.includes(kind)) return { problem: TRANSFORM_PROBLEMS.notFor(spec.label, kind) };
    if (spec.numberArgument) {
      const arg = t.argument;
      if (arg === null || arg === undefined || !Number.isFinite(arg)) {
        return { problem: TRANSFORM_PROBLEMS.needsNumber(spec.label) };
      }
    }
    // Date on a date column takes no pattern: the pattern reads text.
    const args = t.type === 'DATE' && kind !== 'text' ? [] : spec.args;
    for (const arg of args) {
      const problem = argumentProblem(spec.label, arg, transformArgValue(t, arg), columns);
      if (problem) return { problem };
    }
    const problem = transformRuleProblem(t, spec.label);
    if (problem) return { problem };
    if (spec.output !== 'same') kind = spec.output;
  }
  return { kind };
}

/** A transform as stored: the number only where the transform takes one, only the catalogue's named arguments. */
export function normalizeTransform<T extends Transform>(t: T): Transform {
  const spec = TRANSFORM_CATALOGUE[t.type];
  const out: Transform = { type: t.type, argument: spec.numberArgument ? (t.argument ?? null) : null };
  if (spec.args.length) {
    out.args = Object.fromEntries(
      spec.args.flatMap((arg) => {
        const v = t.args?.[arg.name];
        const isName = arg.kind === 'datePattern' || arg.kind === 'column';
        return v === undefined || v === null ? [] : [[arg.name, typeof v === 'string' && isName ? v.trim() : v]];
      }),
    );
  }
  return out;
}
