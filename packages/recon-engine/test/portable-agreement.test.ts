import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import {
  compileDatePattern,
  isoTimestamp,
  keepOnlyGroup,
  MONTH_NAMES,
  parsePortableRegex,
  portableRegexProblem,
  readDate,
} from '@recon/formats';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineSide } from '../src/model.ts';
import { columnSql, Params } from '../src/sql-expr.ts';

/**
 * What the browser and the server check in JavaScript must hold in PostgreSQL: every pattern of the portable
 * regular-expression subset compiles there and finds a match exactly where JavaScript does, and a date pattern
 * reads a value in SQL exactly as ingestion reads it in JavaScript (same date, or NULL for both).
 */

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

const FRAGMENTS = [
  'a',
  'b',
  '0',
  '-',
  '\\d',
  '\\w',
  '\\s',
  '\\-',
  '\\.',
  '.',
  '[a-c]',
  '[^b]',
  '[0-9-]',
  '(',
  ')',
  '(?:',
  '|',
  '*',
  '+',
  '?',
  '{2}',
  '{1,3}',
  '{0,}',
  '^',
  '$',
  'NEFT',
  '\\D',
  '[\\d.]',
];
const SUBJECTS = ['', 'a', 'ab', 'NEFT-0012-ab', 'b0-a.', 'aab  b', '--', 'NEFT', '0.5', 'ba9'];

describe('portable regular expressions in PostgreSQL', () => {
  it('compile, and match the same values, as in JavaScript', async () => {
    const patterns = fc.sample(
      fc
        .array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 8 })
        .map((parts) => parts.join(''))
        .filter((p) => portableRegexProblem(p) === null),
      { numRuns: 300, seed: 9 },
    );
    expect(patterns.length).toBeGreaterThan(100);
    for (const pattern of new Set(patterns)) {
      const re = new RegExp(pattern);
      const r = await client.query<{ s: string; m: boolean; g: string | null }>(
        'SELECT s, s ~ $1 AS m, substring(s FROM $2) AS g FROM unnest($3::text[]) s',
        [pattern, keepOnlyGroup(parsePortableRegex(pattern), 1), SUBJECTS],
      );
      for (const row of r.rows) {
        expect(row.m, `${JSON.stringify(row.s)} ~ /${pattern}/`).toBe(re.test(row.s));
        // Without alternation the first match is the same in both; with it PostgreSQL prefers the longest.
        if (!pattern.includes('|') && parsePortableRegex(pattern).groups > 0) {
          const g = re.exec(row.s)?.[1];
          if (g !== undefined) expect(row.g, `group 1 of /${pattern}/ in ${JSON.stringify(row.s)}`).toBe(g);
        }
      }
    }
  });
});

const DATE_PATTERNS = [
  'DD/MM/YYYY',
  'D/M/YY',
  'YYYYMMDD',
  'DD-MMM-YY',
  'DDMMMYYYY',
  'MMMM D, YYYY',
  'DD.MM.YYYY HH:mm',
  'DD/MM/YYYY HH:mm:ss',
  'DD/MM/YYYY hh:mm A',
  'YYYY-MM-DD[T]HH:mm:ss.SSS',
  'YYYYMMDDHHmmss',
];

/** A value in `pattern`'s shape from raw (possibly impossible) fields; loose fields padded or not. */
function format(pattern: string, f: number[], pad: boolean): string {
  const [y, mo, d, h, mi, s, frac] = f as [number, number, number, number, number, number, number];
  const two = (n: number) => String(n).padStart(2, '0');
  const loose = (n: number) => (pad ? two(n) : String(n));
  const month = MONTH_NAMES[(mo - 1) % 12] ?? 'foo';
  const tokens: [string, () => string][] = [
    ['YYYY', () => String(y).padStart(4, '0')],
    ['MMMM', () => month],
    ['MMM', () => month.slice(0, 3).toUpperCase()],
    ['SSS', () => String(frac)],
    ['YY', () => two(y % 100)],
    ['MM', () => two(mo)],
    ['DD', () => (pattern.includes('DDMMM') ? loose(d) : two(d))],
    ['HH', () => two(h)],
    ['hh', () => loose(h % 13)],
    ['mm', () => two(mi)],
    ['ss', () => two(s)],
    ['M', () => loose(mo)],
    ['D', () => loose(d)],
    ['A', () => (h % 2 ? 'PM' : 'am')],
  ];
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    if (pattern[i] === '[') {
      const end = pattern.indexOf(']', i);
      out += pattern.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    const hit = tokens.find(([t]) => pattern.startsWith(t, i));
    if (hit) {
      out += hit[1]();
      i += hit[0].length;
    } else {
      out += pattern[i];
      i += 1;
    }
  }
  return out;
}

const side: EngineSide = {
  dataSourceId: 1,
  dataTableId: 1,
  table: 'unused',
  stateTable: 'unused',
  columns: new Map([['txt', 'text']]),
};

describe('date patterns in PostgreSQL', () => {
  it.each(DATE_PATTERNS)('read %s values as JavaScript does', async (pattern) => {
    const compiled = compileDatePattern(pattern);
    const fields = fc.tuple(
      fc.integer({ min: 1960, max: 2080 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 25 }),
      fc.integer({ min: 0, max: 60 }),
      fc.integer({ min: 0, max: 60 }),
      fc.integer({ min: 0, max: 999_999_999 }),
    );
    const values = [
      ...fc
        .sample(fc.tuple(fields, fc.boolean()), { numRuns: 400, seed: 4 })
        .map(([f, pad]) => format(pattern, f, pad)),
      ...fc.sample(fc.string({ maxLength: 12 }), { numRuns: 50, seed: 5 }),
      '29/02/2024',
      '29/02/2100',
      '29/02/2000',
    ];
    const params = new Params();
    const transform = { type: 'PARSE_TIMESTAMP', args: { pattern } };
    const expr = columnSql(params, { valueType: 'COLUMN', columnName: 'txt', transforms: [transform] }, side, 't');
    const r = await client.query<{ v: string | null }>(
      `SELECT to_char(${expr.sql}, 'YYYY-MM-DD HH24:MI:SS.US') AS v FROM unnest($${params.values.length + 1}::text[]) WITH ORDINALITY AS t(txt, i) ORDER BY i`,
      [...params.values, values],
    );
    const want = values.map((v) => {
      const read = readDate(v, [compiled]);
      return read ? isoTimestamp(read.parts) : null;
    });
    const got = r.rows.map((row) => {
      if (row.v === null) return null;
      // Same text form on both sides: seconds, then microseconds only when there are any.
      const [stamp, micro] = row.v.split('.') as [string, string];
      return micro === '000000' ? stamp : `${stamp}.${micro}`;
    });
    const differences = values.flatMap((v, i) =>
      got[i] === want[i] ? [] : [`${JSON.stringify(v)}: SQL ${got[i]}, JS ${want[i]}`],
    );
    expect(differences).toEqual([]);
    // Valid values made it through: the check is not vacuous.
    expect(want.filter((w) => w !== null).length).toBeGreaterThan(20);
  });
});
