import { describe, expect, it } from 'vitest';
import { firstRuleProblem, normalizeConditions, type RuleCheckContext } from './rule-checks.ts';
import { TRANSFORM_PROBLEMS as P } from './rule-transform-checks.ts';
import { RULE_TRANSFORMS, TRANSFORM_CATALOGUE, type TransformArgs, type ValueKind } from './rule-transforms.ts';
import type { RuleCondition, RuleElement } from './rules.ts';

const ctx: RuleCheckContext = {
  sideA: {
    dataSourceId: 1,
    columns: new Map<string, ValueKind>([
      ['narration', 'text'],
      ['branch', 'text'],
      ['credit', 'number'],
      ['debit', 'number'],
      ['value_date', 'date'],
    ]),
  },
  sideB: {
    dataSourceId: 2,
    columns: new Map<string, ValueKind>([
      ['utr', 'text'],
      ['amount', 'number'],
      ['posted', 'date'],
    ]),
  },
};

type T = RuleElement['transforms'][number];
const tr = (type: T['type'], args?: TransformArgs, argument?: number): T => ({ type, args, argument });
const column = (dataSourceId: number, columnName: string, transforms: T[] = []): RuleElement => ({
  valueType: 'COLUMN',
  dataSourceId,
  columnName,
  transforms,
  aggregation: null,
});
const key = (one: RuleElement, two: RuleElement): RuleCondition => ({
  sequence: 1,
  ruleConditionType: 'MATCHING',
  conditionJointType: 'AND',
  primaryCondition: false,
  conditionEnable: true,
  elementOne: one,
  operator: 'EQUAL',
  elementSecond: two,
  tolerance: null,
});
/** The problem of a rule pairing side A's `column` (transformed) with side B's `other`. */
const problemOf = (columnName: string, transforms: T[], other = 'utr') =>
  firstRuleProblem(
    {
      ruleType: 'RECONCILED',
      conditions: normalizeConditions([key(column(1, columnName, transforms), column(2, other))]),
    },
    ctx,
  )?.message ?? null;

describe('transform arguments', () => {
  it.each<[string, string, T[], string, string?]>([
    [
      'a pattern outside the portable subset',
      'narration',
      [tr('REGEX_EXTRACT', { pattern: '(?<=NEFT)x' })],
      P.badRegex('Extract', 'only (?: … ) groups are supported (no look-around or flags)'),
    ],
    [
      'a lazy repeat',
      'narration',
      [tr('REGEX_REPLACE', { pattern: '.*?-' })],
      P.badRegex('Replace', 'lazy repeats (*?, +?, ??) are not supported: use a class such as [^-]+ instead'),
    ],
    ['no pattern', 'narration', [tr('REGEX_EXTRACT', {})], P.required('Extract', 'Pattern')],
    [
      'a group the pattern lacks',
      'narration',
      [tr('REGEX_EXTRACT', { pattern: 'NEFT-([A-Z0-9]+)', group: 2 })],
      P.noSuchGroup('Extract', 2, 1),
    ],
    [
      'a negative group',
      'narration',
      [tr('REGEX_EXTRACT', { pattern: '(a)', group: -1 })],
      P.wholeNumber('Extract', 'Group', 0, 20),
    ],
    [
      'a group as text',
      'narration',
      [tr('REGEX_EXTRACT', { pattern: '(a)', group: '1' })],
      P.wholeNumber('Extract', 'Group', 0, 20),
    ],
    [
      'substring from 0',
      'narration',
      [tr('SUBSTRING', { start: 0, length: 3 })],
      P.wholeNumber('Substring', 'Start', 1, 1000),
    ],
    ['substring without a length', 'narration', [tr('SUBSTRING', { start: 2 })], P.required('Substring', 'Length')],
    ['split part 0', 'narration', [tr('SPLIT_PART', { delimiter: '/', n: 0 })], P.pieceZero('Split part')],
    [
      'split part without a delimiter',
      'narration',
      [tr('SPLIT_PART', { delimiter: '', n: 1 })],
      P.required('Split part', 'Delimiter'),
    ],
    [
      'pad with two characters',
      'narration',
      [tr('PAD_LEFT', { length: 12, char: '00' })],
      P.oneCharacter('Pad left', 'Character'),
    ],
    ['pad to 0', 'narration', [tr('PAD_LEFT', { length: 0 })], P.wholeNumber('Pad left', 'Length', 1, 100)],
    ['concat of an unknown column', 'narration', [tr('CONCAT', { column: 'utr' })], P.unknownColumn('Concat', 'utr')],
    [
      'concat of a number column',
      'narration',
      [tr('CONCAT', { column: 'credit' })],
      P.columnKind('Concat', 'credit', 'number', ['text']),
    ],
    [
      'minus a text column',
      'credit',
      [tr('MINUS_COLUMN', { column: 'branch' })],
      P.columnKind('Minus column', 'branch', 'text', ['number']),
      'amount',
    ],
    [
      'minus a column of the other side',
      'credit',
      [tr('MINUS_COLUMN', { column: 'amount' })],
      P.unknownColumn('Minus column', 'amount'),
      'amount',
    ],
    [
      'a date pattern that is not one',
      'narration',
      [tr('PARSE_DATE', { pattern: 'DD/QQ/YYYY' })],
      P.badDatePattern(
        'Parse date',
        '"DD/QQ/YYYY": "Q" is not a date token (use YYYY, YY, MMMM, MMM, MM, M, DD, D, HH, H, hh, h, mm, ss, SSS, A; put literal text in [brackets])',
      ),
      'posted',
    ],
    [
      'a second date pattern that is not one',
      'narration',
      [tr('PARSE_DATE', { pattern: 'DD/MM/YYYY', pattern2: 'MM/YYYY' })],
      P.badDatePattern('Parse date', '"MM/YYYY" has no day (DD or D)'),
      'posted',
    ],
    [
      'parse date on a number',
      'credit',
      [tr('PARSE_DATE', { pattern: 'DD/MM/YYYY' })],
      P.notFor('Parse date', 'number'),
      'posted',
    ],
    ['a number argument missing', 'credit', [tr('ADD')], P.needsNumber('Add'), 'amount'],
    ['divide by zero', 'credit', [tr('DIVIDE', undefined, 0)], P.divideByZero, 'amount'],
    ['round to 11 places', 'credit', [tr('ROUND', undefined, 11)], P.roundPlaces, 'amount'],
    ['trim on a number', 'credit', [tr('TRIM')], P.notFor('Trim', 'number'), 'amount'],
  ])('refuses %s', (_label, columnName, transforms, message, other) => {
    expect(problemOf(columnName, transforms, other)).toBe(`Condition 1: ${message}`);
  });

  it.each<[string, string, T[], string]>([
    ['an extracted key', 'narration', [tr('REGEX_EXTRACT', { pattern: 'NEFT-([A-Z0-9]+)-' })], 'utr'],
    ['the whole match', 'narration', [tr('REGEX_EXTRACT', { pattern: 'N[0-9]+', group: 0 })], 'utr'],
    ['padding with the default zero', 'narration', [tr('DIGITS_ONLY'), tr('PAD_LEFT', { length: 12 })], 'utr'],
    ['concat without a separator', 'narration', [tr('CONCAT', { column: 'branch' })], 'utr'],
    ['credit minus debit', 'credit', [tr('MINUS_COLUMN', { column: 'debit' })], 'amount'],
    [
      'a date read with two patterns',
      'narration',
      [tr('PARSE_DATE', { pattern: 'DD/MM/YY', pattern2: 'DD/MM/YYYY' })],
      'posted',
    ],
    [
      'a timestamp compared with a date',
      'narration',
      [tr('PARSE_TIMESTAMP', { pattern: 'DD/MM/YYYY HH:mm:ss' })],
      'posted',
    ],
    ['epoch seconds of digit text', 'narration', [tr('EPOCH_SECONDS')], 'posted'],
    ['Date of a date column, any pattern ignored', 'value_date', [tr('DATE')], 'posted'],
    ['a saved rule of the spec transforms', 'credit', [tr('ROUND', undefined, 2), tr('ABSOLUTE')], 'amount'],
  ])('takes %s', (_label, columnName, transforms, other) => {
    expect(problemOf(columnName, transforms, other)).toBeNull();
  });

  it('stores only the arguments a transform takes, names trimmed, text as typed', () => {
    const [c] = normalizeConditions([
      key(
        column(1, 'narration', [
          tr('REGEX_REPLACE', { pattern: ' - ', replacement: ' ', stray: 'x' }),
          tr('TRIM', { pattern: 'x' }, 4),
          tr('PARSE_DATE', { pattern: ' DD/MM/YYYY ', pattern2: null }),
        ]),
        column(2, 'posted'),
      ),
    ]);
    expect(c?.elementOne.transforms).toEqual([
      { type: 'REGEX_REPLACE', argument: null, args: { pattern: ' - ', replacement: ' ' } },
      { type: 'TRIM', argument: null },
      { type: 'PARSE_DATE', argument: null, args: { pattern: 'DD/MM/YYYY' } },
    ]);
  });
});

describe('the transform catalogue', () => {
  it('documents every transform: a label, a one-line help with an example, labelled arguments with limits', () => {
    for (const type of RULE_TRANSFORMS) {
      const spec = TRANSFORM_CATALOGUE[type];
      expect(spec.label, type).not.toBe('');
      expect(spec.help, type).toMatch(/:/);
      expect(spec.help.includes('\n'), type).toBe(false);
      for (const arg of spec.args) {
        expect(arg.label, `${type}.${arg.name}`).not.toBe('');
        if (arg.kind === 'integer') expect([arg.min, arg.max], `${type}.${arg.name}`).not.toContain(undefined);
        if (arg.kind === 'column') expect(arg.columnKinds?.length, `${type}.${arg.name}`).toBeGreaterThan(0);
      }
    }
  });
});
