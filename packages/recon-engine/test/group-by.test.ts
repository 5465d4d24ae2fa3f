import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainRow } from '../src/explain.ts';
import type { EngineRule } from '../src/model.ts';
import { tryRule } from '../src/try-rule.ts';
import { type CompactRule, expandRules, GoldenWorld, parseCsv } from './golden-harness.ts';

// Group by without an Equal key, on golden case 17's files (settlement components on side A, bank credits on
// side B; see its README for the verdicts): explain and "try this rule" group as the run does, and the rules the
// engine cannot run that way are refused with a message.

const CASE = join(import.meta.dirname, 'golden', '17-group-by-settlement-no-key');
const read = (name: string) => parseCsv(readFileSync(join(CASE, name), 'utf8'));
const [settlementRule] = expandRules(JSON.parse(readFileSync(join(CASE, 'rules.json'), 'utf8'))) as EngineRule[];
const rule = settlementRule as EngineRule;

let t: TestDatabase;
let client: pg.PoolClient;
let world: GoldenWorld;

beforeAll(async () => {
  t = await createTestDatabase();
  client = await t.pool.connect();
  world = await GoldenWorld.create(client, read('a.csv'), read('b.csv'));
  await world.run([rule]);
});
afterAll(async () => {
  client.release();
  await t.drop();
});

const input = (rules: EngineRule[]) => ({ reconId: 1, sideA: world.sides.A, sideB: world.sides.B, rules });
const explain = (side: 'A' | 'B', rowId: number) =>
  explainRow(client, input([rule]), side, rowId, new Map([[1, rule]]));
const memberIds = (g: { members: { rowId: number }[] } | undefined) => g?.members.map((m) => m.rowId);

describe('explain and try this rule under a Group by rule', () => {
  it('shows a matched row its whole settlement (grouped case-insensitively) and the bank credit', async () => {
    const e = await explain('A', 3);
    expect(e).toMatchObject({ status: 'RECONCILED', matchedBy: { ruleId: 1 } });
    expect(memberIds(e?.group)).toEqual([1, 2, 3]);
    expect(e?.group).toMatchObject({
      dataSourceId: 1,
      counterpart: { dataSourceId: 2, rowId: 1, rowCount: 1 },
      keys: [],
      totals: [
        { sequence: 2, groupValue: '900.0000', rowValue: '900.0000', difference: '0.0000', holds: true },
        // A window shows the group's earliest date; its verdict tests the group's whole range.
        { sequence: 3, groupValue: '2026-03-10', rowValue: '2026-03-12', holds: true },
      ],
    });
  });

  it('shows an open component its own settlement against the nearest bank rows', async () => {
    const e = await explain('A', 6);
    const groups = e?.rules[0]?.groups ?? [];
    expect(groups.length).toBeGreaterThan(0);
    // S3 adds up to 300.01: the 300.00 credit on its deposit date is one paisa away.
    expect(groups.every((g) => String(memberIds(g)) === '6,7')).toBe(true);
    expect(groups[0]).toMatchObject({
      counterpart: { dataSourceId: 2, rowId: 3 },
      totals: [{ groupValue: '300.0100', rowValue: '300.0000', difference: '0.0100', holds: false }, { holds: true }],
    });
  });

  it('fails the window of a settlement whose credit came 6 days after its deposit date, as the run does', async () => {
    const e = await explain('A', 4);
    const [s2] = e?.rules[0]?.groups ?? [];
    expect(memberIds(s2)).toEqual([4, 5]);
    expect(s2).toMatchObject({
      counterpart: { dataSourceId: 2, rowId: 2 },
      totals: [
        { groupValue: '480.0000', rowValue: '480.0000', holds: true },
        { groupValue: '2026-03-15', rowValue: '2026-03-21', holds: false },
      ],
      held: 1,
      total: 2,
    });
  });

  it('shows an open bank credit the settlements it could be, each with its own rows only', async () => {
    const e = await explain('B', 2);
    const groups = e?.rules[0]?.groups ?? [];
    const s2 = groups.find((g) => g.totals[0]?.holds);
    expect(memberIds(s2)).toEqual([4, 5]);
    expect(s2?.totals[1]?.holds).toBe(false);
  });

  it('tries the rule on picked rows: the picked components as one group against each bank row', async () => {
    const r = await tryRule(client, input([]), rule, [1, 2, 3], [1, 2]);
    expect(r.conditions[0]).toMatchObject({
      ruleConditionType: 'GROUP_BY',
      text: 'Group A by A.settlement |Uppercase',
    });
    expect(r.pairs.map((p) => [p.second.rowIds, p.verdicts[0]?.holds])).toEqual([
      [[1], true],
      [[2], false],
    ]);
  });
});

describe('try this rule with picked rows of two settlements', () => {
  it('forms one group per settlement, as the run does, each against each picked bank row', async () => {
    const r = await tryRule(client, input([]), rule, [1, 2, 3, 4, 5], [1, 2]);
    const seen = r.pairs.map((p) => [p.first.rowIds, p.second.rowIds, p.verdicts.map((v) => v.holds)]);
    expect(seen).toEqual(
      expect.arrayContaining([
        [[1, 2, 3], [1], [true, true]],
        [[4, 5], [2], [true, false]],
        [[1, 2, 3], [2], [false, false]],
        // 480.00 is not 900.00, but S2's deposit date is 3 days after B1's value date: within the window.
        [[4, 5], [1], [false, true]],
      ]),
    );
    expect(seen).toHaveLength(4);
  });
});

describe('rules the engine refuses with Group by', () => {
  const refused = async (compact: CompactRule) => {
    const rules = expandRules([compact]);
    await expect(world.run(rules)).rejects.toThrow(`Rule "${compact.name}"`);
    return world.run(rules).catch((err: Error) => err.message);
  };

  it('refuses Group by in a rule without an aggregate', async () => {
    const message = await refused({
      name: 'One to one',
      ruleType: 'RECONCILED',
      conditions: [
        { type: 'GROUP_BY', one: 'A.settlement' },
        { type: 'MATCHING', one: 'A.amount', two: 'B.credit' },
      ],
    });
    expect(message).toContain('condition 1: Group by applies to rules with Sum, Average, Minimum or Maximum');
  });

  it('refuses Group by on the side that is not added up', async () => {
    const message = await refused({
      name: 'Grouping the bank',
      ruleType: 'RECONCILED',
      conditions: [
        { type: 'GROUP_BY', one: 'B.ref' },
        { type: 'MATCHING', one: 'A.amount|SUM', two: 'B.credit' },
      ],
    });
    expect(message).toContain('condition 1: Group by takes a column of the side that is added up');
  });
});

describe('the guard of a join without an Equal key', () => {
  let g: TestDatabase;
  let c: pg.PoolClient;
  let w: GoldenWorld;
  // 40 settlements of one row each, every one 100.00, against 40 credits of 100.00: 1,600 unit pairs.
  const same = (header: string, row: (i: number) => string) =>
    parseCsv([header, ...Array.from({ length: 40 }, (_, i) => row(i + 1))].join('\n'));
  const limits = { smallProduct: 0, floor: 100, perRow: 1 };
  const groupRule = (tolerance?: number): CompactRule => ({
    name: 'Settlement total',
    ruleType: 'RECONCILED',
    conditions: [
      { type: 'GROUP_BY', one: 'A.settlement' },
      { type: 'MATCHING', one: 'A.amount|SUM', two: 'B.credit', tolerance },
    ],
  });

  beforeAll(async () => {
    g = await createTestDatabase();
    c = await g.pool.connect();
    w = await GoldenWorld.create(
      c,
      same('settlement:text,amount:number', (i) => `S${i},100.00`),
      same('ref:text,credit:number', (i) => `R${i},100.00`),
    );
  });
  afterAll(async () => {
    c.release();
    await g.drop();
  });

  it('counts the pairs of an exact total and refuses above the limit, closing nothing', async () => {
    await expect(w.run(expandRules([groupRule()]), { candidateLimits: limits })).rejects.toThrow(
      'Rule "Settlement total": with no Equal key, its groups meet the other side on the compared conditions alone: ' +
        'about 1,600 combinations (the limit is 100)',
    );
    expect((await w.state()).filter((r) => r.status !== 'UNRECONCILED')).toEqual([]);
  });

  it('counts every unit pair when the total has a tolerance', async () => {
    await expect(w.run(expandRules([groupRule(0.01)]), { candidateLimits: limits })).rejects.toThrow(
      /about 1,600 combinations/,
    );
  });

  it('runs under a limit that allows it, pairing every settlement with one credit', async () => {
    await w.run(expandRules([groupRule()]), { candidateLimits: { ...limits, floor: 2_000 } });
    expect((await w.state()).filter((r) => r.status === 'RECONCILED')).toHaveLength(80);
  });
});

describe('explain of a window over a group (case 11 shape: key, Σ, every posting within ± 3 days)', () => {
  let g: TestDatabase;
  let c: pg.PoolClient;
  let w: GoldenWorld;
  const windowRule = expandRules([
    {
      name: 'Settlement within 3 days',
      ruleType: 'RECONCILED',
      conditions: [
        { type: 'MATCHING', one: 'A.settlement', two: 'B.settlement' },
        { type: 'MATCHING', one: 'A.amount', two: 'B.amount|SUM' },
        { type: 'MATCHING', one: 'A.bank_date', two: 'B.posted_date', tolerance: 3 },
      ],
    },
  ]) as EngineRule[];

  beforeAll(async () => {
    g = await createTestDatabase();
    c = await g.pool.connect();
    // The earliest posting is 1 day from the credit, the latest 6: the group is outside the window.
    w = await GoldenWorld.create(
      c,
      parseCsv('settlement:text,amount:number,bank_date:date\nS1,1500.00,2026-03-06'),
      parseCsv('settlement:text,amount:number,posted_date:date\nS1,1000.00,2026-03-05\nS1,500.00,2026-03-12'),
    );
    await w.run(windowRule);
  });
  afterAll(async () => {
    c.release();
    await g.drop();
  });

  it('tests every row of the group, not only its earliest date', async () => {
    const [r] = windowRule;
    const e = await explainRow(
      c,
      { reconId: 1, sideA: w.sides.A, sideB: w.sides.B, rules: windowRule },
      'A',
      1,
      new Map([[1, r as EngineRule]]),
    );
    expect(e?.status).toBe('UNRECONCILED');
    const [group] = e?.rules[0]?.groups ?? [];
    expect(memberIds(group)).toEqual([1, 2]);
    expect(group?.totals.map((t) => t.holds)).toEqual([true, false]);
  });
});
