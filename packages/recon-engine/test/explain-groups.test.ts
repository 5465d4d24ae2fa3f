import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainRow } from '../src/explain.ts';
import { type CompactRule, expandRules, GoldenWorld, parseCsv } from './golden-harness.ts';

// Side A: bank credits, one per settlement. Side B: settlement lines, added up per settlement.
// S1 sums exactly (1000.10), S5 is 0.02 short (partial within 0.05), S2 is 0.10 over (open), S4 has no bank credit,
// A4 (S7) has no lines but its amount equals S2's total.
const BANK = `settlement:text,amount:number
S1,1000.10
S2,50.00
S5,200.00
S7,50.10`;
const LINES = `settlement:text,amount:number
S1,333.37
S1,333.37
S1,333.36
S2,25.00
S2,25.10
S5,100.00
S5,99.98
S4,50.00`;

const sumRule = (name: string, ruleType: CompactRule['ruleType'], aggregation: string, tolerance?: number) => ({
  name,
  ruleType,
  conditions: [
    { type: 'MATCHING' as const, one: 'A.settlement', two: 'B.settlement' },
    { type: 'MATCHING' as const, one: 'A.amount', two: `B.amount|${aggregation}`, tolerance },
  ],
});
const rules = expandRules([
  sumRule('Settlement total', 'RECONCILED', 'SUM'),
  sumRule('Settlement total within 5 paise', 'PARTIAL_RECONCILED', 'SUM', 0.05),
]);
const averageRules = expandRules([sumRule('Average line', 'RECONCILED', 'AVERAGE')]);

let t: TestDatabase;
let client: pg.PoolClient;
let world: GoldenWorld;

beforeAll(async () => {
  t = await createTestDatabase();
  client = await t.pool.connect();
  world = await GoldenWorld.create(client, parseCsv(BANK), parseCsv(LINES));
  await world.run(rules);
});
afterAll(async () => {
  client.release();
  await t.drop();
});

const explain = (side: 'A' | 'B', rowId: number, enabled = rules) =>
  explainRow(
    client,
    { reconId: 1, sideA: world.sides.A, sideB: world.sides.B, rules: enabled },
    side,
    rowId,
    new Map(rules.map((r) => [r.id, r])),
  );
const memberIds = (g: { members: { rowId: number }[] } | undefined) => g?.members.map((m) => m.rowId);

describe('explainRow for rules with Sum or Average', () => {
  it('shows a matched single row its group: total, its amount, the difference and the rows added up', async () => {
    const e = await explain('A', 1);
    expect(e).toMatchObject({ status: 'RECONCILED', matchedBy: { ruleId: 1 } });
    expect(e?.group).toMatchObject({
      dataSourceId: 2,
      rowCount: 3,
      counterpart: { dataSourceId: 1, rowId: 1, rowCount: 1 },
      keys: [{ sequence: 1, valueOne: 'S1', valueTwo: 'S1', holds: true }],
      totals: [
        {
          sequence: 2,
          text: 'A.amount = B.amount |Sum',
          aggregation: 'SUM',
          groupValue: '1000.1000',
          rowValue: '1000.1000',
          difference: '0.0000',
          holds: true,
        },
      ],
      held: 2,
      total: 2,
    });
    expect(e?.group?.members.map((m) => [m.rowId, m.status, m.values])).toEqual([
      [1, 'RECONCILED', ['333.3700']],
      [2, 'RECONCILED', ['333.3700']],
      [3, 'RECONCILED', ['333.3600']],
    ]);
    // Each row of the group is held against the bank credit on the key only: the amount is the group's.
    expect(e?.counterparts.map((c) => [c.rowId, c.held, c.total])).toEqual([
      [1, 1, 1],
      [2, 1, 1],
      [3, 1, 1],
    ]);
  });

  it('shows a row of a partial group the shortfall to the paisa', async () => {
    const e = await explain('B', 6);
    expect(e).toMatchObject({ status: 'PARTIAL_RECONCILED', matchedBy: { ruleId: 2 } });
    expect(e?.group).toMatchObject({
      dataSourceId: 2,
      rowCount: 2,
      counterpart: { dataSourceId: 1, rowId: 3, rowCount: 1 },
      totals: [{ groupValue: '199.9800', rowValue: '200.0000', difference: '-0.0200', holds: true }],
    });
    expect(memberIds(e?.group)).toEqual([6, 7]);
  });

  it('ranks the candidate groups of an open row by conditions met, then by the smallest difference', async () => {
    const e = await explain('A', 2);
    const [exact] = e?.rules ?? [];
    expect(exact).toMatchObject({ ruleId: 1, excludedBy: null, candidates: [] });
    const groups = exact?.groups ?? [];
    expect(groups.map((g) => [memberIds(g), g.held, g.total])).toEqual([
      [[8], 1, 2],
      [[4, 5], 1, 2],
    ]);
    // S4 totals the bank amount but is another settlement; S2 is the settlement but 0.10 over.
    expect(groups[0]).toMatchObject({
      counterpart: { dataSourceId: 1, rowId: 2, rowCount: 1 },
      keys: [{ valueOne: 'S2', valueTwo: 'S4', holds: false }],
      totals: [{ groupValue: '50.0000', rowValue: '50.0000', difference: '0.0000', holds: true }],
    });
    expect(groups[1]).toMatchObject({
      keys: [{ valueOne: 'S2', valueTwo: 'S2', holds: true }],
      totals: [{ groupValue: '50.1000', rowValue: '50.0000', difference: '0.1000', holds: false }],
    });
    expect(groups[1]?.members.map((m) => [m.rowId, m.status, m.values])).toEqual([
      [4, 'UNRECONCILED', ['25.0000']],
      [5, 'UNRECONCILED', ['25.1000']],
    ]);
  });

  it('holds the group of an open row on the adding side against the nearest rows of the other side', async () => {
    const e = await explain('B', 4);
    const groups = e?.rules[0]?.groups ?? [];
    expect(groups.map((g) => [g.counterpart.rowId, memberIds(g), g.held])).toEqual([
      [4, [4, 5], 1],
      [2, [4, 5], 1],
    ]);
    expect(groups[0]?.totals[0]).toMatchObject({ groupValue: '50.1000', rowValue: '50.1000', difference: '0.0000' });
    expect(groups[1]?.totals[0]).toMatchObject({ groupValue: '50.1000', rowValue: '50.0000', difference: '0.1000' });
  });

  it('uses the average when the rule says Average', async () => {
    const e = await explain('A', 2, averageRules);
    const groups = e?.rules[0]?.groups ?? [];
    expect(groups.map((g) => memberIds(g))).toEqual([[8], [4, 5]]);
    expect(groups[1]?.totals[0]).toMatchObject({ aggregation: 'AVERAGE', rowValue: '50.0000', holds: false });
    // (25.00 + 25.10) / 2 = 25.05; 25.05 − 50.00 = −24.95, exact in numeric.
    expect(groups[1]?.totals[0]?.groupValue).toBe('25.0500000000000000');
    expect(groups[1]?.totals[0]?.difference).toBe('-24.9500000000000000');
  });
});
