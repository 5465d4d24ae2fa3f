import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, invalidBody } from '@/testing/error-bodies.ts';
import { addReconFixture, matchOn, type ReconFixture } from '@/testing/recon-fixtures.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

let t: TestApp;
let admin: Session;
let operator: Session;
let noGrants: Session;
let moduleA: number;
let moduleB: number;
let f: ReconFixture;

const COLUMNS = [
  { name: 'settlement', dataType: 'VARCHAR' as const },
  { name: 'value_date', dataType: 'DATE' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
];

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Try A');
  moduleB = await addModule(t, 'Try B');
  // ROLE_OPERATOR views rules (viewRule) without editing them.
  await addUser(t, { userName: 'try-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA, moduleB] });
  await t.database.db.insertInto('role').values({ name: 'ROLE_TRY_EMPTY' }).execute();
  await addUser(t, { userName: 'try-empty', roles: ['ROLE_TRY_EMPTY'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'try-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA] });
  admin = await signIn(t, 'try-admin');
  operator = await signIn(t, 'try-operator');
  noGrants = await signIn(t, 'try-empty');
  f = await addReconFixture(t, moduleA, {
    A: { columns: COLUMNS, rows: [{ settlement: 'S1', value_date: '2026-10-01', amount: '1000.10' }] },
    B: {
      columns: COLUMNS,
      rows: [
        { settlement: 's1', value_date: '2026-10-01', amount: '500.00' },
        { settlement: 's1', value_date: '2026-10-02', amount: '500.05' },
      ],
    },
  });
});
afterAll(() => t.close());

const sumRule = () => ({
  name: 'Not saved yet',
  reconId: f.reconId,
  ruleType: 'RECONCILED',
  conditions: [
    matchOn(f, 1, 'settlement', 'settlement', { transforms: ['UPPERCASE'] }),
    matchOn(f, 2, 'amount', 'amount', { aggregateB: 'SUM' }),
  ],
});
const tryIt = (session: Session | null, payload: Record<string, unknown>, moduleId = moduleA) =>
  call(t, session, { method: 'POST', url: '/web/v2/rules/try', moduleId, payload });

describe('POST /v2/rules/try', () => {
  it("answers each element's values per row and the picked group's total against the row, to the paisa", async () => {
    const res = await tryIt(operator, { reconId: f.reconId, rule: sumRule(), rowIdsA: [1], rowIdsB: [1, 2] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.aggregatedSides).toEqual(['B']);
    expect(body.conditions[0]).toMatchObject({
      text: 'A.settlement |Uppercase = B.settlement |Uppercase',
      elementSecond: {
        side: 'B',
        values: [
          { rowId: 1, value: 'S1' },
          { rowId: 2, value: 'S1' },
        ],
      },
    });
    expect(body.rows).toEqual([
      {
        side: 'A',
        dataSourceId: f.sides.A.dataSourceId,
        rowId: 1,
        status: 'UNRECONCILED',
        isOpen: true,
        filters: [],
        values: { settlement: 'S1', value_date: '2026-10-01', amount: '1000.1000' },
      },
      expect.objectContaining({
        side: 'B',
        rowId: 1,
        values: { settlement: 's1', value_date: '2026-10-01', amount: '500.0000' },
      }),
      expect.objectContaining({ side: 'B', rowId: 2 }),
    ]);
    expect(body.pairs).toEqual([
      {
        first: { side: 'A', rowIds: [1] },
        second: { side: 'B', rowIds: [1, 2] },
        verdicts: [
          { sequence: 1, holds: true, valueOne: 'S1', valueTwo: 'S1', difference: null },
          { sequence: 2, holds: false, valueOne: '1000.1000', valueTwo: '1000.0500', difference: '-0.0500' },
        ],
        held: 1,
        total: 2,
      },
    ]);
    // Read-only: nothing of the sides' state changed.
    const state = await t.database.pool.query(`SELECT count(*)::int AS n FROM ${f.sides.B.stateTable}`);
    expect(state.rows[0].n).toBe(0);
  });

  it('refuses a rule with the same message a save gives', async () => {
    const rule = sumRule();
    rule.conditions[0] = matchOn(f, 1, 'settlement', 'settlement', { tolerance: 1 });
    const saved = await call(t, admin, { method: 'POST', url: '/web/v2/rules', moduleId: moduleA, payload: rule });
    const tried = await tryIt(operator, { reconId: f.reconId, rule, rowIdsA: [1], rowIdsB: [1] });
    expect(tried.statusCode).toBe(400);
    const message = 'Condition 1: a tolerance applies to amounts and dates, not text values';
    expect(tried.json()).toEqual(invalidBody('rule.conditions.0', message));
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toEqual(invalidBody('conditions.0', message));
  });

  it('refuses more than 20 rows a side, and no row at all', async () => {
    const many = Array.from({ length: 21 }, (_, i) => i + 1);
    const res = await tryIt(operator, { reconId: f.reconId, rule: sumRule(), rowIdsA: many, rowIdsB: [1] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('rowIdsA', 'Pick at most 20 rows a side'));
    const none = await tryIt(operator, { reconId: f.reconId, rule: sumRule(), rowIdsA: [], rowIdsB: [] });
    expect(none.json()).toEqual(invalidBody('rowIdsA', 'Pick at least one row to try the rule on'));
  });

  it('guards like the rules: a token, the module of the recon, a rules privilege', async () => {
    const body = { reconId: f.reconId, rule: sumRule(), rowIdsA: [1], rowIdsB: [1] };
    expect((await tryIt(null, body)).statusCode).toBe(401);
    const other = await tryIt(operator, body, moduleB);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual([{ message: 'Recon not found', code: 'NOT_FOUND' }]);
    const denied = await tryIt(noGrants, body);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual(FORBIDDEN_BODY);
  });
});
