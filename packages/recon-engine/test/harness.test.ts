import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@recon/db/testing';
import { describe, expect, it } from 'vitest';
import { InvalidIdentifierError, loadGoldenCases, quoteIdent } from '../src/index.ts';
import { element } from './golden-harness.ts';

describe('engine harness', () => {
  it('runs against a real migrated PostgreSQL', async () => {
    const t = await createTestDatabase();
    try {
      const r = await t.pool.query<{ v: string }>(
        "SELECT (current_setting('server_version_num')::int / 10000)::text AS v",
      );
      expect(Number.parseInt(r.rows[0]?.v ?? '0', 10)).toBeGreaterThanOrEqual(15);
      const m = await t.pool.query('SELECT count(*)::int AS n FROM schema_migration');
      expect(m.rows[0].n).toBeGreaterThan(0);
    } finally {
      await t.drop();
    }
  });

  it('loads golden cases and refuses a case with a missing file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'golden-'));
    mkdirSync(join(dir, 'one'));
    for (const f of ['a.csv', 'b.csv']) writeFileSync(join(dir, 'one', f), 'ref,amount\nX,1.00\n');
    writeFileSync(join(dir, 'one', 'rules.json'), '[]');
    writeFileSync(join(dir, 'one', 'expected.json'), '{"pairs":[]}');
    expect(loadGoldenCases(dir)).toMatchObject([{ name: 'one', expected: { pairs: [] } }]);
    mkdirSync(join(dir, 'two'));
    expect(() => loadGoldenCases(dir)).toThrow('golden case two is missing a.csv, b.csv, rules.json, expected.json');
  });
});

describe('quoteIdent', () => {
  it('quotes a valid snake_case name', () => {
    expect(quoteIdent('bank_statement_2026')).toBe('"bank_statement_2026"');
  });

  it.each(['Robert"; DROP TABLE x; --', 'UPPER', '1abc', '', 'a'.repeat(64), 'with space'])('refuses %j', (name) => {
    expect(() => quoteIdent(name)).toThrow(InvalidIdentifierError);
  });
});

describe('compact rule elements', () => {
  it('reads named arguments as JSON, with | and : inside them as plain text', () => {
    expect(
      element('A.narration|TRIM|REGEX_EXTRACT{"pattern":"(NEFT|RTGS):([A-Z0-9]+)\\\\}","group":2}|MULTIPLY:-1|SUM'),
    ).toEqual({
      valueType: 'COLUMN',
      dataSourceId: 1,
      columnName: 'narration',
      transforms: [
        { type: 'TRIM', argument: null },
        { type: 'REGEX_EXTRACT', argument: null, args: { pattern: '(NEFT|RTGS):([A-Z0-9]+)\\}', group: 2 } },
        { type: 'MULTIPLY', argument: -1 },
      ],
      aggregation: 'SUM',
    });
  });
});
