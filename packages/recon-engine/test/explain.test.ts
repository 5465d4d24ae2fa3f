import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainRow } from '../src/explain.ts';
import { type CompactRule, expandRules, GoldenWorld, parseCsv } from './golden-harness.ts';

const dir = join(import.meta.dirname, 'golden', '01-exact-one-to-one');
const read = (f: string) => readFileSync(join(dir, f), 'utf8');

let t: TestDatabase;
let client: pg.PoolClient;
let world: GoldenWorld;
const rules = expandRules(JSON.parse(read('rules.json')) as CompactRule[]);

beforeAll(async () => {
  t = await createTestDatabase();
  client = await t.pool.connect();
  world = await GoldenWorld.create(client, parseCsv(read('a.csv')), parseCsv(read('b.csv')));
  await world.run(rules);
});
afterAll(async () => {
  client.release();
  await t.drop();
});

const input = () => ({ reconId: 1, sideA: world.sides.A, sideB: world.sides.B, rules });
const byId = () => new Map(rules.map((r) => [r.id, r]));

describe('explainRow', () => {
  it('a matched row: the rule that matched it and every condition against its counterpart', async () => {
    const e = await explainRow(client, input(), 'A', 2, byId());
    expect(e).toMatchObject({ status: 'RECONCILED', matchedBy: { ruleId: 1, name: rules[0]?.name, runId: 1 } });
    expect(e?.row).toEqual({ ref: 'txn2', amount: '250.5000', day: expect.any(Date) });
    expect(e?.counterparts).toHaveLength(1);
    expect(e?.counterparts[0]).toMatchObject({ dataSourceId: 2, rowId: 1, status: 'RECONCILED', held: 3, total: 3 });
    expect(e?.counterparts[0]?.conditions).toEqual([
      {
        sequence: 1,
        ruleConditionType: 'MATCHING',
        text: 'A.ref |Trim |Uppercase = B.ref |Trim |Uppercase',
        valueOne: 'TXN2',
        valueTwo: 'TXN2',
        holds: true,
      },
      {
        sequence: 2,
        ruleConditionType: 'MATCHING',
        text: 'A.amount = B.amount (± 0.01)',
        valueOne: '250.5000',
        valueTwo: '250.5100',
        holds: true,
      },
      {
        sequence: 3,
        ruleConditionType: 'MATCHING',
        text: 'A.day = B.day (± 1)',
        valueOne: '2026-10-02',
        valueTwo: '2026-10-03',
        holds: true,
      },
    ]);
  });

  it('an open row: the nearest candidate and the condition that failed', async () => {
    const e = await explainRow(client, input(), 'A', 3, byId());
    expect(e).toMatchObject({ status: 'UNRECONCILED', matchId: null, matchedBy: null, counterparts: [] });
    const [rule] = e?.rules ?? [];
    expect(rule).toMatchObject({ ruleId: 1, excludedBy: null });
    // B3 (TXN3, 75.02) meets the reference and the date but not the amount: 0.02 is over the tolerance.
    expect(rule?.candidates[0]).toMatchObject({ rowId: 3, held: 2, total: 3 });
    expect(rule?.candidates[0]?.conditions.map((c) => [c.sequence, c.holds, c.valueOne, c.valueTwo])).toEqual([
      [1, true, 'TXN3', 'TXN3'],
      [2, false, '75.0000', '75.0200'],
      [3, true, '2026-10-03', '2026-10-03'],
    ]);
  });

  it('answers null for a row that does not exist', async () => {
    expect(await explainRow(client, input(), 'B', 999, byId())).toBeNull();
  });
});
