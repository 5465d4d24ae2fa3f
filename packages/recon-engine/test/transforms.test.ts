import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineSide, EngineTransform, ValueKind } from '../src/model.ts';
import { columnSql, ExprError, Params } from '../src/sql-expr.ts';

/**
 * Every transform's VALUE, computed by PostgreSQL from the SQL the engine writes: a few rows per case in a
 * temporary table, the element's expression read back as text. Rejections are in the second block.
 */

const COLUMNS: Record<string, ValueKind> = {
  txt: 'text',
  txt2: 'text',
  num: 'number',
  num2: 'number',
  day: 'date',
  stamp: 'timestamp',
};
const SQL_TYPE: Record<ValueKind, string> = { text: 'text', number: 'numeric', date: 'date', timestamp: 'timestamp' };
const side: EngineSide = {
  dataSourceId: 1,
  dataTableId: 1,
  table: 'pg_temp.tx',
  stateTable: 'pg_temp.tx_state',
  columns: new Map(Object.entries(COLUMNS)),
};

type Row = Partial<Record<keyof typeof COLUMNS, string | null>>;
type Case = { name: string; column: string; transforms: EngineTransform[]; rows: Row[]; want: (string | null)[] };

const t = (type: string, args?: EngineTransform['args'], argument?: number): EngineTransform => ({
  type,
  argument: argument ?? null,
  args: args ?? null,
});
const texts = (...values: (string | null)[]) => values.map((txt) => ({ txt }));
const numbers = (...values: (string | null)[]) => values.map((num) => ({ num }));

const CASES: Case[] = [
  // The spec's transforms.
  {
    name: 'Absolute',
    column: 'num',
    transforms: [t('ABSOLUTE')],
    rows: numbers('-250.50', '10', null),
    want: ['250.50', '10', null],
  },
  {
    name: 'Add',
    column: 'num',
    transforms: [t('ADD', null, 2.5)],
    rows: numbers('100.00', '-3'),
    want: ['102.50', '-0.5'],
  },
  { name: 'Subtract', column: 'num', transforms: [t('SUBTRACT', null, 2.5)], rows: numbers('100.00'), want: ['97.50'] },
  {
    name: 'Multiply',
    column: 'num',
    transforms: [t('MULTIPLY', null, 0.01)],
    rows: numbers('125050'),
    want: ['1250.50'],
  },
  {
    name: 'Divide',
    column: 'num',
    transforms: [t('DIVIDE', null, 100)],
    rows: numbers('125050', '1'),
    want: ['1250.5000000000000000', '0.01000000000000000000'],
  },
  {
    name: 'Round',
    column: 'num',
    transforms: [t('ROUND', null, 2)],
    rows: numbers('10.455', '-10.455', '3'),
    want: ['10.46', '-10.46', '3.00'],
  },
  { name: 'Trim', column: 'txt', transforms: [t('TRIM')], rows: texts('  AB12 ', null), want: ['AB12', null] },
  { name: 'Left Trim', column: 'txt', transforms: [t('LEFT_TRIM')], rows: texts('  AB12 '), want: ['AB12 '] },
  { name: 'Right Trim', column: 'txt', transforms: [t('RIGHT_TRIM')], rows: texts('  AB12 '), want: ['  AB12'] },
  { name: 'Lowercase', column: 'txt', transforms: [t('LOWERCASE')], rows: texts('Acme Ltd'), want: ['acme ltd'] },
  { name: 'Uppercase', column: 'txt', transforms: [t('UPPERCASE')], rows: texts('neft'), want: ['NEFT'] },
  {
    name: 'Date on text reads YYYY-MM-DD only, never DateStyle',
    column: 'txt',
    transforms: [t('DATE')],
    rows: texts('2026-03-05', '05/03/2026', '2026-02-30', ' 2026-12-25 ', 'x'),
    want: ['2026-03-05', null, null, '2026-12-25', null],
  },
  {
    name: 'Date on text with DD/MM/YYYY: day over 12, 31 April',
    column: 'txt',
    transforms: [t('DATE', { pattern: 'DD/MM/YYYY' })],
    rows: texts('05/03/2026', '25/12/2026', '31/04/2026', '29/02/2024', '29/02/2026', '5/3/2026'),
    want: ['2026-03-05', '2026-12-25', null, '2024-02-29', null, '2026-03-05'],
  },
  {
    name: 'Date of a date',
    column: 'day',
    transforms: [t('DATE')],
    rows: [{ day: '2026-03-05' }],
    want: ['2026-03-05'],
  },
  {
    name: 'Date of a timestamp',
    column: 'stamp',
    transforms: [t('DATE')],
    rows: [{ stamp: '2026-03-05 23:59:59' }],
    want: ['2026-03-05'],
  },
  // Text.
  {
    name: 'Extract group 1',
    column: 'txt',
    transforms: [t('REGEX_EXTRACT', { pattern: 'NEFT-([A-Z0-9]+)-', group: 1 })],
    rows: texts('NEFT-N123456789-ACME LTD', 'IMPS-412345-ACME', null),
    want: ['N123456789', null, null],
  },
  {
    name: 'Extract group 0 (the whole match) and group 2',
    column: 'txt',
    transforms: [t('REGEX_EXTRACT', { pattern: '(NEFT|RTGS)-([A-Z0-9]+)', group: 0 })],
    rows: texts('BY RTGS-UTR77-X'),
    want: ['RTGS-UTR77'],
  },
  {
    name: 'Extract group 2',
    column: 'txt',
    transforms: [t('REGEX_EXTRACT', { pattern: '(NEFT|RTGS)-([A-Z0-9]+)', group: 2 })],
    rows: texts('BY RTGS-UTR77-X'),
    want: ['UTR77'],
  },
  {
    name: 'Extract with the default group 1',
    column: 'txt',
    transforms: [t('REGEX_EXTRACT', { pattern: '/(\\d{12})/' })],
    rows: texts('UPI/000412345678/ACME'),
    want: ['000412345678'],
  },
  {
    name: 'Replace every match with plain text (a backslash stays a backslash)',
    column: 'txt',
    transforms: [t('REGEX_REPLACE', { pattern: '[^0-9.]', replacement: '' })],
    rows: texts('INR 1,250.00'),
    want: ['1250.00'],
  },
  {
    name: 'Replace with text holding a backslash',
    column: 'txt',
    transforms: [t('REGEX_REPLACE', { pattern: '(-)', replacement: '\\1' })],
    rows: texts('a-b-c'),
    want: ['a\\1b\\1c'],
  },
  {
    name: 'Substring',
    column: 'txt',
    transforms: [t('SUBSTRING', { start: 5, length: 4 })],
    rows: texts('INV-2026-001', 'INV'),
    want: ['2026', ''],
  },
  {
    name: 'Split part, from the start and from the end',
    column: 'txt',
    transforms: [t('SPLIT_PART', { delimiter: '/', n: 2 })],
    rows: texts('UPI/412345/ACME', 'UPI'),
    want: ['412345', null],
  },
  {
    name: 'Split part -1 is the last piece',
    column: 'txt',
    transforms: [t('SPLIT_PART', { delimiter: ' / ', n: -1 })],
    rows: texts('UPI / 412345 / ACME'),
    want: ['ACME'],
  },
  {
    name: 'Pad left with zeros; a longer value is unchanged',
    column: 'txt',
    transforms: [t('PAD_LEFT', { length: 12 })],
    rows: texts('4567', '1234567890123', ''),
    want: ['000000004567', '1234567890123', '000000000000'],
  },
  {
    name: 'Pad left with another character',
    column: 'txt',
    transforms: [t('PAD_LEFT', { length: 5, char: '*' })],
    rows: texts('ab'),
    want: ['***ab'],
  },
  {
    name: 'Digits only',
    column: 'txt',
    transforms: [t('DIGITS_ONLY')],
    rows: texts('RRN: 0012-3456', 'none'),
    want: ['00123456', null],
  },
  {
    name: 'Concat with a separator; a missing value counts as empty',
    column: 'txt',
    transforms: [t('CONCAT', { column: 'txt2', separator: '-' })],
    rows: [
      { txt: '0012', txt2: '556677' },
      { txt: null, txt2: '5' },
      { txt: '7', txt2: null },
      { txt: null, txt2: null },
    ],
    want: ['0012-556677', '-5', '7-', null],
  },
  // Dates.
  {
    name: 'Parse date tries its patterns in order',
    column: 'txt',
    transforms: [t('PARSE_DATE', { pattern: 'DD/MM/YY', pattern2: 'DD/MM/YYYY' })],
    rows: texts('05/03/26', '25/12/2026', '31/04/2026', '01/01/70', 'garbage', null),
    want: ['2026-03-05', '2026-12-25', null, '1970-01-01', null, null],
  },
  {
    name: 'Parse date with month names, packed fields and words',
    column: 'txt',
    transforms: [t('PARSE_DATE', { pattern: 'DDMMMYYYY', pattern2: 'YYYYMMDD', pattern3: 'MMMM D, YYYY' })],
    rows: texts('5MAR2026', '05mar2026', '20260305', 'March 5, 2026', 'Mar 5, 2026', '20261305', 'Foo 5, 2026'),
    want: ['2026-03-05', '2026-03-05', '2026-03-05', '2026-03-05', '2026-03-05', null, null],
  },
  {
    name: 'Parse date and time, 24-hour',
    column: 'txt',
    transforms: [t('PARSE_TIMESTAMP', { pattern: 'DD/MM/YYYY HH:mm:ss' })],
    rows: texts('05/03/2026 14:30:07', '05/03/2026 24:00:00', '31/04/2026 10:00:00'),
    want: ['2026-03-05 14:30:07', null, null],
  },
  {
    name: 'Parse date and time, 12-hour',
    column: 'txt',
    transforms: [t('PARSE_TIMESTAMP', { pattern: 'DD/MM/YYYY hh:mm A' })],
    rows: texts('05/03/2026 12:05 AM', '05/03/2026 9:05 pm', '05/03/2026 13:05 PM'),
    want: ['2026-03-05 00:05:00', '2026-03-05 21:05:00', null],
  },
  {
    name: 'Parse date and time with a literal letter and fractions',
    column: 'txt',
    transforms: [t('PARSE_TIMESTAMP', { pattern: 'YYYY-MM-DD[T]HH:mm:ss.SSS' })],
    rows: texts('2026-03-05T14:30:07.5', '2026-03-05T14:30:07.123456789'),
    want: ['2026-03-05 14:30:07.5', '2026-03-05 14:30:07.123456'],
  },
  {
    name: 'Epoch seconds of a number',
    column: 'num',
    transforms: [t('EPOCH_SECONDS')],
    rows: numbers('1772668800', '0', '1e15', null),
    want: ['2026-03-05 00:00:00', '1970-01-01 00:00:00', null, null],
  },
  {
    name: 'Epoch seconds of digit text',
    column: 'txt',
    transforms: [t('EPOCH_SECONDS')],
    rows: texts('1772668800', ' 1772668800 ', '17726688x0'),
    want: ['2026-03-05 00:00:00', '2026-03-05 00:00:00', null],
  },
  {
    name: 'Epoch milliseconds',
    column: 'txt',
    transforms: [t('EPOCH_MILLIS')],
    rows: texts('1772668800500', '-1000'),
    want: ['2026-03-05 00:00:00.5', '1969-12-31 23:59:59'],
  },
  // Columns.
  {
    name: 'Plus column: an empty amount counts as 0',
    column: 'num',
    transforms: [t('PLUS_COLUMN', { column: 'num2' })],
    rows: [
      { num: '100.00', num2: '2.50' },
      { num: '100.00', num2: null },
      { num: null, num2: null },
    ],
    want: ['102.50', '100.00', '0'],
  },
  {
    name: 'Minus column',
    column: 'num',
    transforms: [t('MINUS_COLUMN', { column: 'num2' })],
    rows: [
      { num: '1000.00', num2: '25.50' },
      { num: null, num2: '25.50' },
    ],
    want: ['974.50', '-25.50'],
  },
  {
    name: 'A chain: extract, pad, then an expensive input read several times',
    column: 'txt',
    transforms: [t('REGEX_EXTRACT', { pattern: 'ON ([0-9/]+)' }), t('PARSE_DATE', { pattern: 'DD/MM/YYYY' })],
    rows: texts('PAID ON 25/12/2026 REF 9', 'PAID ON 31/04/2026'),
    want: ['2026-12-25', null],
  },
];

let db: TestDatabase;
let client: pg.PoolClient;

beforeAll(async () => {
  db = await createTestDatabase();
  client = await db.pool.connect();
});
afterAll(async () => {
  client.release();
  await db.drop();
});

async function evaluate(column: string, transforms: EngineTransform[], rows: Row[]): Promise<(string | null)[]> {
  const cols = Object.entries(COLUMNS).map(([name, kind]) => `${name} ${SQL_TYPE[kind]}`);
  await client.query(`CREATE TEMP TABLE tx (_id int, ${cols.join(', ')})`);
  try {
    for (const [i, row] of rows.entries()) {
      const names = Object.keys(row);
      await client.query(
        `INSERT INTO tx (_id${names.map((n) => `, ${n}`).join('')}) VALUES ($1${names.map((_, j) => `, $${j + 2}`).join('')})`,
        [i, ...Object.values(row)],
      );
    }
    const params = new Params();
    const expr = columnSql(params, { valueType: 'COLUMN', columnName: column, transforms }, side, 't');
    const r = await client.query<{ v: string | null }>(
      `SELECT (${expr.sql})::text AS v FROM tx t ORDER BY _id`,
      params.values,
    );
    return r.rows.map((x) => x.v);
  } finally {
    await client.query('DROP TABLE tx');
  }
}

describe('transform values in PostgreSQL', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    expect(await evaluate(c.column, c.transforms, c.rows)).toEqual(c.want);
  });
});

describe('transforms the engine refuses', () => {
  it.each([
    ['Absolute on text', 'txt', t('ABSOLUTE'), 'Absolute does not apply to text values'],
    ['Add without a number', 'num', t('ADD'), 'Add needs a number'],
    ['Divide by zero', 'num', t('DIVIDE', null, 0), 'Divide by 0 is not allowed'],
    ['Round 11 places', 'num', t('ROUND', null, 11), 'Round takes 0 to 10 decimal places'],
    ['Trim on a number', 'num', t('TRIM'), 'Trim does not apply to number values'],
    ['Date on a number', 'num', t('DATE'), 'Date does not apply to number values'],
    [
      'Date with a bad pattern',
      'txt',
      t('DATE', { pattern: 'DD/QQ/YYYY' }),
      'Date: "DD/QQ/YYYY": "Q" is not a date token',
    ],
    [
      'Extract with look-behind',
      'txt',
      t('REGEX_EXTRACT', { pattern: '(?<=x)y' }),
      'Extract: in the pattern, only (?: … ) groups',
    ],
    [
      'Extract of a missing group',
      'txt',
      t('REGEX_EXTRACT', { pattern: '(a)', group: 2 }),
      'Extract: the pattern has no group 2',
    ],
    ['Replace without a pattern', 'txt', t('REGEX_REPLACE', {}), 'Replace: pattern is text of 1 to 200 characters'],
    [
      'Substring from 0',
      'txt',
      t('SUBSTRING', { start: 0, length: 2 }),
      'Substring: start is a whole number from 1 to 1000',
    ],
    ['Split part 0', 'txt', t('SPLIT_PART', { delimiter: '/', n: 0 }), 'Split part: pieces count from 1'],
    [
      'Pad with two characters',
      'txt',
      t('PAD_LEFT', { length: 4, char: 'ab' }),
      'Pad left: char is text of 1 to 1 characters',
    ],
    ['Concat of a number column', 'txt', t('CONCAT', { column: 'num' }), 'Concat: "num" holds number values'],
    [
      'Concat of a column of another side',
      'txt',
      t('CONCAT', { column: 'narration' }),
      'Concat: "narration" is not a column',
    ],
    ['Minus a text column', 'num', t('MINUS_COLUMN', { column: 'txt' }), 'Minus column: "txt" holds text values'],
    ['Parse date without a pattern', 'txt', t('PARSE_DATE', {}), 'Parse date needs a pattern'],
    ['Epoch of a date', 'day', t('EPOCH_SECONDS'), 'Epoch seconds does not apply to date values'],
    ['An unknown transform', 'txt', t('SOUNDEX'), 'unknown transform SOUNDEX'],
  ])('%s', (_name, column, transform, message) => {
    const build = () =>
      columnSql(new Params(), { valueType: 'COLUMN', columnName: column, transforms: [transform] }, side, 't');
    expect(build).toThrow(ExprError);
    expect(build).toThrow(message);
  });
});
