import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReconNow } from '@/lib/recon/recon-runner.ts';
import { addReconFixture, addRules, matchOn, type ReconFixture } from '@/testing/recon-fixtures.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

let t: TestApp;
let operator: Session;
let noGrants: Session;
let moduleA: number;
let moduleB: number;
let f: ReconFixture;
let sums: ReconFixture;

const COLUMNS = [
  { name: 'ref', dataType: 'VARCHAR' as const },
  { name: 'value_date', dataType: 'DATE' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
];

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Explain A');
  moduleB = await addModule(t, 'Explain B');
  await addUser(t, { userName: 'ex-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA, moduleB] });
  await t.database.db.insertInto('role').values({ name: 'ROLE_EX_EMPTY' }).execute();
  await addUser(t, { userName: 'ex-empty', roles: ['ROLE_EX_EMPTY'], moduleIds: [moduleA] });
  operator = await signIn(t, 'ex-operator');
  noGrants = await signIn(t, 'ex-empty');
  f = await addReconFixture(t, moduleA, {
    A: {
      columns: COLUMNS,
      rows: [
        { ref: 'R1', value_date: '2026-10-01', amount: '100.00' },
        { ref: 'R2', value_date: '2026-10-02', amount: '250.00' },
      ],
    },
    B: {
      columns: COLUMNS,
      rows: [
        { ref: 'R1', value_date: '2026-10-01', amount: '100.00' },
        { ref: 'R2', value_date: '2026-10-02', amount: '260.00' },
      ],
    },
  });
  await addRules(t, moduleA, f, [
    {
      name: 'Reference and amount',
      ruleType: 'RECONCILED',
      conditions: [matchOn(f, 1, 'ref', 'ref'), matchOn(f, 2, 'amount', 'amount', { tolerance: 1 })],
    },
  ]);
  await runReconNow(t.database.db, { moduleId: moduleA, reconId: f.reconId, startedBy: null, dryRun: false });
  // Many-to-one: a bank credit per settlement (A) against the settlement's lines added up (B).
  const SETTLEMENT = [
    { name: 'settlement', dataType: 'VARCHAR' as const },
    { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
  ];
  sums = await addReconFixture(
    t,
    moduleA,
    {
      A: {
        columns: SETTLEMENT,
        rows: [
          { settlement: 'S1', amount: '1000.10' },
          { settlement: 'S2', amount: '50.00' },
        ],
      },
      B: {
        columns: SETTLEMENT,
        rows: [
          { settlement: 'S1', amount: '500.05' },
          { settlement: 'S1', amount: '500.05' },
          { settlement: 'S2', amount: '25.00' },
          { settlement: 'S2', amount: '25.01' },
        ],
      },
    },
    'sums',
  );
  await addRules(t, moduleA, sums, [
    {
      name: 'Settlement total',
      ruleType: 'RECONCILED',
      conditions: [
        matchOn(sums, 1, 'settlement', 'settlement'),
        matchOn(sums, 2, 'amount', 'amount', { aggregateB: 'SUM' }),
      ],
    },
  ]);
  await runReconNow(t.database.db, { moduleId: moduleA, reconId: sums.reconId, startedBy: null, dryRun: false });
});
afterAll(() => t.close());

const explain = (session: Session, side: 'A' | 'B', rowId: number, moduleId = moduleA, reconId = f.reconId) =>
  call(t, session, {
    method: 'GET',
    url: `/web/v2/transactions/explain?reconId=${reconId}&dataSourceId=${f.sides[side].dataSourceId}&rowId=${rowId}`,
    moduleId,
  });

describe('GET /v2/transactions/explain', () => {
  it('explains a matched row with its counterpart and the condition values', async () => {
    const res = await explain(operator, 'A', 1);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'RECONCILED',
      row: { ref: 'R1', value_date: '2026-10-01', amount: '100.0000' },
      matchedBy: { name: 'Reference and amount', reason: null },
      counterparts: [{ dataSourceId: f.sides.B.dataSourceId, rowId: 1, held: 2, total: 2 }],
    });
    expect(body.counterparts[0].row).toEqual({ ref: 'R1', value_date: '2026-10-01', amount: '100.0000' });
  });

  it('explains an open row: the amount condition kept R2 apart', async () => {
    const res = await explain(operator, 'B', 2);
    expect(res.statusCode).toBe(200);
    const [rule] = res.json().rules;
    expect(rule).toMatchObject({ name: 'Reference and amount', excludedBy: null });
    expect(rule.candidates[0]).toMatchObject({ rowId: 2, held: 1, total: 2 });
    expect(rule.candidates[0].conditions[1]).toMatchObject({ text: 'A.amount = B.amount (± 1)', holds: false });
  });

  it('explains a row matched by a Sum rule with its group total, its amount and the difference', async () => {
    const res = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/transactions/explain?reconId=${sums.reconId}&dataSourceId=${sums.sides.A.dataSourceId}&rowId=1`,
      moduleId: moduleA,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().group).toEqual({
      dataSourceId: sums.sides.B.dataSourceId,
      rowCount: 2,
      members: [
        { rowId: 1, status: 'RECONCILED', values: ['500.0500'], row: { settlement: 'S1', amount: '500.0500' } },
        { rowId: 2, status: 'RECONCILED', values: ['500.0500'], row: { settlement: 'S1', amount: '500.0500' } },
      ],
      counterpart: { dataSourceId: sums.sides.A.dataSourceId, rowId: 1, rowCount: 1 },
      keys: [
        {
          sequence: 1,
          ruleConditionType: 'MATCHING',
          text: 'A.settlement = B.settlement',
          valueOne: 'S1',
          valueTwo: 'S1',
          holds: true,
        },
      ],
      totals: [
        {
          sequence: 2,
          text: 'A.amount = B.amount |Sum',
          aggregation: 'SUM',
          columnName: 'amount',
          groupValue: '1000.1000',
          rowValue: '1000.1000',
          difference: '0.0000',
          holds: true,
        },
      ],
      held: 2,
      total: 2,
    });
  });

  it('explains an open row under a Sum rule with its nearest candidate group', async () => {
    const res = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/transactions/explain?reconId=${sums.reconId}&dataSourceId=${sums.sides.A.dataSourceId}&rowId=2`,
      moduleId: moduleA,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [rule] = res.json().rules;
    expect(rule.candidates).toEqual([]);
    expect(rule.groups).toHaveLength(1);
    expect(rule.groups[0]).toMatchObject({
      rowCount: 2,
      counterpart: { rowId: 2, rowCount: 1 },
      totals: [{ groupValue: '50.0100', rowValue: '50.0000', difference: '0.0100', holds: false }],
      held: 1,
      total: 2,
    });
  });

  it('answers 404 for a row that does not exist, or a recon of another module', async () => {
    expect((await explain(operator, 'A', 99)).statusCode).toBe(404);
    expect((await explain(operator, 'A', 1, moduleB)).statusCode).toBe(404);
  });

  it('answers 403 without a transactions privilege', async () => {
    expect((await explain(noGrants, 'A', 1)).statusCode).toBe(403);
  });
});
