import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../src/model.ts';
import { committedStatements, dedent, StatementRecorder } from './statement-recorder.ts';

/** A connection that answers `recon_match_ids` with the given blocks and anything else with one empty row. */
const fakeDb = (blocks: number[]): Queryable => ({
  query: async (text) => ({ rowCount: 1, rows: [/recon_match_ids/.test(text) ? { ids: blocks } : {}] }),
});

async function record(blocks: number[]): Promise<string> {
  const recorder = new StatementRecorder();
  const db = recorder.wrap(fakeDb(blocks));
  recorder.section('step 1', 'run the rules');
  await db.query('SELECT recon_match_ids($1) AS ids', [2]);
  await db.query('INSERT INTO rc_pairs SELECT ($1::bigint[])[1], $2', [blocks, 'RECONCILED']);
  return recorder.text();
}

describe('statement recorder', () => {
  it('writes each statement with its parameters, and match-id blocks as placeholders', async () => {
    expect(await record([65_537, 131_073])).toBe(
      [
        '-- ==== step 1: run the rules ====',
        '',
        '-- step 1, statement 1',
        '-- $1 = 2',
        'SELECT recon_match_ids($1) AS ids;',
        '',
        '-- step 1, statement 2',
        '-- $1 = <match-id blocks 1>',
        '-- $2 = "RECONCILED"',
        'INSERT INTO rc_pairs SELECT ($1::bigint[])[1], $2;',
        '',
      ].join('\n'),
    );
  });

  it('records the same text whatever block bases the database hands out', async () => {
    expect(await record([1, 65_537])).toBe(await record([983_041, 1_048_577]));
  });

  it('drops the indentation of continuation lines', () => {
    expect(dedent('SELECT a\n       FROM t\n         WHERE x  \n')).toBe('SELECT a\n  FROM t\n    WHERE x');
  });

  it('answers no committed text for a case without statements.sql (the golden test then fails)', () => {
    expect(committedStatements(join(import.meta.dirname, 'golden', 'no-such-case.sql'), 'SELECT 1;\n', false)).toBe(
      null,
    );
  });
});
