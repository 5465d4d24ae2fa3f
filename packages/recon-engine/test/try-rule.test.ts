import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineRule } from '../src/model.ts';
import { tryRule } from '../src/try-rule.ts';
import { type CompactRule, expandRules, GoldenWorld, parseCsv } from './golden-harness.ts';

const A = `ref:text,settlement:text,amount:number,day:date
txn1,S1,1000.10,2026-10-01
TXN2,S2,50.00,2026-10-02`;
const B = `ref:text,settlement:text,amount:number,day:date
TXN1,S1,600.05,2026-10-02
txn2,S1,400.05,2026-10-05
TXN9,S2,50.00,2026-10-02`;

let t: TestDatabase;
let client: pg.PoolClient;
let world: GoldenWorld;

beforeAll(async () => {
  t = await createTestDatabase();
  client = await t.pool.connect();
  world = await GoldenWorld.create(client, parseCsv(A), parseCsv(B));
  // B3 was knocked off by a person: a run would leave it alone.
  await client.query(`INSERT INTO ${world.sides.B.stateTable} (_id, status, run_id) VALUES (3, 'KNOCK_OFF', 1)`);
});
afterAll(async () => {
  client.release();
  await t.drop();
});

const one = (r: CompactRule): EngineRule => expandRules([r])[0] as EngineRule;
const run = (rule: EngineRule, a: number[], b: number[]) =>
  tryRule(client, { reconId: 1, sideA: world.sides.A, sideB: world.sides.B, rules: [] }, rule, a, b);

const oneToOne = one({
  name: 'Reference, amount, day',
  ruleType: 'RECONCILED',
  conditions: [
    { type: 'MATCHING', one: 'A.ref|TRIM|UPPERCASE', two: 'B.ref|TRIM|UPPERCASE' },
    { type: 'MATCHING', one: 'A.amount', two: 'B.amount', tolerance: 0.01 },
    { type: 'MATCHING', one: 'A.day', two: 'B.day', tolerance: 1 },
    { type: 'FILTER', primary: true, one: 'A.amount', op: 'GREATER_THAN', value: '100' },
  ],
});
const settlementSum = one({
  name: 'Settlement total',
  ruleType: 'RECONCILED',
  conditions: [
    { type: 'MATCHING', one: 'A.settlement', two: 'B.settlement' },
    { type: 'MATCHING', one: 'A.amount', two: 'B.amount|SUM' },
  ],
});

describe('tryRule', () => {
  it("shows every element's transformed value per picked row", async () => {
    const r = await run(oneToOne, [2, 1], [1, 3]);
    expect(r.conditions[0]).toMatchObject({
      text: 'A.ref |Trim |Uppercase = B.ref |Trim |Uppercase',
      elementOne: {
        side: 'A',
        values: [
          { rowId: 1, value: 'TXN1' },
          { rowId: 2, value: 'TXN2' },
        ],
      },
      elementSecond: {
        side: 'B',
        values: [
          { rowId: 1, value: 'TXN1' },
          { rowId: 3, value: 'TXN9' },
        ],
      },
    });
    expect(r.conditions[1]?.elementOne.values).toEqual([
      { rowId: 1, value: '1000.1000' },
      { rowId: 2, value: '50.0000' },
    ]);
    expect(r.conditions[3]).toMatchObject({
      ruleConditionType: 'FILTER',
      primaryCondition: true,
      elementSecond: { side: null, text: '100', values: [] },
    });
  });

  it('says which rows are open and which pass their primary filters', async () => {
    const r = await run(oneToOne, [1, 2], [1, 3]);
    expect(r.rows.map((x) => [x.side, x.rowId, x.status, x.isOpen, x.filters])).toEqual([
      ['A', 1, 'UNRECONCILED', true, [{ sequence: 4, holds: true }]],
      ['A', 2, 'UNRECONCILED', true, [{ sequence: 4, holds: false }]],
      ['B', 1, 'UNRECONCILED', true, []],
      ['B', 3, 'KNOCK_OFF', false, []],
    ]);
    expect(r.rows[0]?.row).toMatchObject({ ref: 'txn1', settlement: 'S1', amount: '1000.1000' });
  });

  it('gives each condition its verdict per pair of picked rows', async () => {
    const r = await run(oneToOne, [1, 2], [1, 3]);
    expect(r.pairs.map((p) => [p.first.rowIds[0], p.second.rowIds[0], p.verdicts.map((v) => v.holds), p.held])).toEqual(
      [
        [1, 1, [true, false, true], 2],
        [1, 3, [false, false, true], 1],
        [2, 1, [false, false, true], 1],
        [2, 3, [false, true, true], 2],
      ],
    );
    expect(r.pairs[0]?.verdicts[1]).toMatchObject({ sequence: 2, valueOne: '1000.1000', valueTwo: '600.0500' });
  });

  it('adds the picked rows of the summed side up as one group against each row of the other side', async () => {
    const r = await run(settlementSum, [1], [1, 2]);
    expect(r.aggregatedSides).toEqual(['B']);
    expect(r.pairs).toEqual([
      {
        first: { side: 'A', rowIds: [1] },
        second: { side: 'B', rowIds: [1, 2] },
        verdicts: [
          { sequence: 1, holds: true, valueOne: 'S1', valueTwo: 'S1', difference: null },
          { sequence: 2, holds: true, valueOne: '1000.1000', valueTwo: '1000.1000', difference: '0.0000' },
        ],
        held: 2,
        total: 2,
      },
    ]);
  });

  it('fails the key of a group whose rows do not share it, and keeps the totals exact', async () => {
    const r = await run(settlementSum, [1, 2], [1, 2, 3]);
    expect(
      r.pairs.map((p) => [p.first.rowIds, p.second.rowIds, p.verdicts.map((v) => [v.holds, v.valueTwo, v.difference])]),
    ).toEqual([
      [
        [1],
        [1, 2, 3],
        [
          [false, null, null],
          [false, '1050.1000', '50.0000'],
        ],
      ],
      [
        [2],
        [1, 2, 3],
        [
          [false, null, null],
          [false, '1050.1000', '1000.1000'],
        ],
      ],
    ]);
  });

  it('pairs two rows of one side for a same-side rule and judges a knock off per row', async () => {
    const reversal = one({
      name: 'Same settlement',
      ruleType: 'SAME_SIDE_REVERSAL',
      conditions: [{ type: 'MATCHING', one: 'B.settlement', two: 'B.settlement' }],
    });
    const r = await run(reversal, [1], [1, 2]);
    expect(r.sameSide).toBe('B');
    expect(r.pairs.map((p) => [p.first.side, p.first.rowIds[0], p.second.rowIds[0], p.held])).toEqual([
      ['B', 1, 2, 1],
      ['B', 2, 1, 1],
    ]);
    const knockOff = one({
      name: 'Small amounts',
      ruleType: 'KNOCK_OFF',
      conditions: [{ type: 'FILTER', one: 'A.amount', op: 'LESS_THAN', value: '100' }],
    });
    const k = await run(knockOff, [1, 2], []);
    expect(k.pairs).toEqual([]);
    expect(k.rows.map((x) => [x.rowId, x.filters[0]?.holds])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('names the picked ids that are not rows of their side', async () => {
    const r = await run(oneToOne, [1, 99], [7]);
    expect(r.missing).toEqual({ A: [99], B: [7] });
    expect(r.pairs).toEqual([]);
  });
});
