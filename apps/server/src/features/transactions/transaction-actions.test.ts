import { TRANSACTION_ACTION_TEXTS, TRANSACTION_TEXTS } from '@recon/contract';
import { rollbackRun } from '@recon/recon-engine';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statesOf } from '@/testing/recon-fixtures.ts';
import {
  addModule,
  addUser,
  auditRows,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';
import { addRoleWith, bankVsGateway, putTransactions, type Scenario, setState } from './transactions.fixtures.ts';

let t: TestApp;
let operator: Session;
let support: Session;
let reversalOnly: Session;
let moduleA: number;
let moduleB: number;
let s: Scenario;
let other: Scenario;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Act A');
  moduleB = await addModule(t, 'Act B');
  await addUser(t, { userName: 'act-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'act-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  await addRoleWith(t, 'ROLE_ACT_REVERSAL', ['reversal']);
  await addUser(t, { userName: 'act-reversal', roles: ['ROLE_ACT_REVERSAL'], moduleIds: [moduleA] });
  operator = await signIn(t, 'act-operator');
  support = await signIn(t, 'act-support');
  reversalOnly = await signIn(t, 'act-reversal');
  other = await bankVsGateway(t, moduleB, 'other');
});
afterAll(() => t.close());

// A fresh recon per test: actions change its rows.
beforeEach(async () => {
  s = await bankVsGateway(t, moduleA);
});

const put = (operation: string, payload: unknown, session: Session = operator) =>
  putTransactions(t, session, moduleA, operation, payload);
const statusOf = async (side: 'A' | 'B', id: number) =>
  (await statesOf(t, s.f, side)).find((r) => r.id === id) as { status: string; matchId: number | null };
const runsOf = (reconId: number) =>
  t.database.db.selectFrom('recon_run').selectAll().where('recon_id', '=', reconId).orderBy('id').execute();

describe('PUT /v2/transactions?Operation=ManualMatch', () => {
  it('closes open rows of both sides as one RECONCILED group, as a run of its own, audited', async () => {
    const res = await put('ManualMatch', {
      reconId: s.f.reconId,
      rowsA: [s.ids.A.R4],
      rowsB: [s.ids.B.R700, s.ids.B.R800],
      reason: 'Paid in two parts',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ operation: 'ManualMatch', rows: 3, message: TRANSACTION_ACTION_TEXTS.matched });
    const [matchId] = body.matchIds;
    expect(await statusOf('A', s.ids.A.R4 as number)).toMatchObject({ status: 'RECONCILED', matchId });
    expect(await statusOf('B', s.ids.B.R800 as number)).toMatchObject({ status: 'RECONCILED', matchId });
    const run = (await runsOf(s.f.reconId)).at(-1);
    expect(run).toMatchObject({
      id: body.runId,
      kind: 'MANUAL_MATCH',
      status: 'COMPLETED',
      reason: 'Paid in two parts',
    });
    const audit = (await auditRows(t, 'TRANSACTIONS_MATCHED')).at(-1);
    expect(audit).toMatchObject({ user_name: 'act-operator', module_id: moduleA, entity_id: String(s.f.reconId) });
    expect(audit?.details).toMatchObject({ runId: body.runId, rowsA: [s.ids.A.R4], reason: 'Paid in two parts' });
  });

  it('answers 400 for a row that is not open any more, is not a row of the side, or an empty side, changing nothing', async () => {
    const before = await runsOf(s.f.reconId);
    const closed = await put('ManualMatch', {
      reconId: s.f.reconId,
      rowsA: [s.ids.A.R4, s.ids.A.R1],
      rowsB: [s.ids.B.R700],
    });
    expect([closed.statusCode, closed.json().message]).toEqual([
      400,
      `Row ${s.ids.A.R1} is not open any more (RECONCILED)`,
    ]);
    const duplicate = await put('ManualMatch', { reconId: s.f.reconId, rowsA: [s.ids.A.DUP], rowsB: [s.ids.B.R700] });
    expect(duplicate.json().message).toBe(`Row ${s.ids.A.DUP} is not open any more (DUPLICATE)`);
    const foreign = await put('ManualMatch', { reconId: s.f.reconId, rowsA: [s.ids.A.R4], rowsB: [99_999] });
    expect(foreign.json().message).toMatch(/^Row 99999 is not a row of /);
    const empty = await put('ManualMatch', { reconId: s.f.reconId, rowsA: [s.ids.A.R4], rowsB: [] });
    expect([empty.statusCode, empty.json().message]).toEqual([400, TRANSACTION_ACTION_TEXTS.selectBothSides]);
    expect(await statusOf('A', s.ids.A.R4 as number)).toMatchObject({ status: 'UNRECONCILED', matchId: null });
    expect(await runsOf(s.f.reconId)).toHaveLength(before.length);
  });

  it('answers 404 for a recon of another module and 403 without unReconciledTransaction', async () => {
    const foreign = await put('ManualMatch', {
      reconId: other.f.reconId,
      rowsA: [other.ids.A.R4],
      rowsB: [other.ids.B.R700],
    });
    expect([foreign.statusCode, foreign.json()[0].message]).toEqual([404, TRANSACTION_TEXTS.reconNotFound]);
    const denied = await put(
      'ManualMatch',
      { reconId: s.f.reconId, rowsA: [s.ids.A.R4], rowsB: [s.ids.B.R700] },
      support,
    );
    expect(denied.statusCode).toBe(403);
    const unknownOperation = await put('Merge', { reconId: s.f.reconId });
    expect(unknownOperation.statusCode).toBe(400);
  });
});

describe('PUT /v2/transactions?Operation=KnockOff', () => {
  it('knocks off one open row or many with the reason', async () => {
    const one = await put('KnockOff', {
      reconId: s.f.reconId,
      dataSourceId: s.f.sides.A.dataSourceId,
      rowIds: [s.ids.A.R4],
      reason: 'Bank charge, booked to expenses',
    });
    expect([one.statusCode, one.json().rows]).toEqual([200, 1]);
    const state = await t.database.pool.query(
      `SELECT status, reason, match_id FROM ${s.f.sides.A.stateTable} WHERE _id = $1`,
      [s.ids.A.R4],
    );
    expect(state.rows[0]).toEqual({ status: 'KNOCK_OFF', reason: 'Bank charge, booked to expenses', match_id: null });
    const bulk = await put('KnockOff', {
      reconId: s.f.reconId,
      dataSourceId: s.f.sides.B.dataSourceId,
      rowIds: [s.ids.B.R700, s.ids.B.R800, s.ids.B.R700],
      reason: 'Gateway test transactions',
    });
    expect(bulk.json()).toMatchObject({ rows: 2, message: TRANSACTION_ACTION_TEXTS.knockedOff });
    expect((await auditRows(t, 'TRANSACTIONS_KNOCKED_OFF')).at(-1)?.details).toMatchObject({
      dataSourceId: s.f.sides.B.dataSourceId,
      reason: 'Gateway test transactions',
    });
  });

  it('answers 400 without a reason, for an empty selection or a closed row; 404 / 400 for data sources', async () => {
    const base = { reconId: s.f.reconId, dataSourceId: s.f.sides.A.dataSourceId, rowIds: [s.ids.A.R4], reason: 'x' };
    const noReason = await put('KnockOff', { ...base, reason: '  ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, TRANSACTION_ACTION_TEXTS.reasonRequired]);
    const missingReason = await put('KnockOff', { ...base, reason: undefined });
    expect(missingReason.json().message).toBe(TRANSACTION_ACTION_TEXTS.reasonRequired);
    const empty = await put('KnockOff', { ...base, rowIds: [] });
    expect(empty.json().message).toBe(TRANSACTION_ACTION_TEXTS.selectRows);
    const closed = await put('KnockOff', { ...base, rowIds: [s.ids.A.R2] });
    expect(closed.json().message).toBe(`Row ${s.ids.A.R2} is not open any more (RECONCILED)`);
    const foreign = await put('KnockOff', { ...base, dataSourceId: other.f.sides.A.dataSourceId });
    expect([foreign.statusCode, foreign.json()[0].message]).toEqual([404, TRANSACTION_TEXTS.dataSourceNotFound]);
    const third = await bankVsGateway(t, moduleA, 'third');
    const otherRecon = await put('KnockOff', { ...base, dataSourceId: third.f.sides.A.dataSourceId });
    expect([otherRecon.statusCode, otherRecon.json().message]).toEqual([400, TRANSACTION_TEXTS.dataSourceNotInRecon]);
    expect((await put('KnockOff', base, support)).statusCode).toBe(403);
    expect(await statusOf('A', s.ids.A.R4 as number)).toMatchObject({ status: 'UNRECONCILED' });
  });
});

describe('PUT /v2/transactions?Operation=Unmatch', () => {
  it('re-opens every row of the groups, and a rollback of the run restores them exactly', async () => {
    const r1 = await statusOf('A', s.ids.A.R1 as number);
    const r2 = await statusOf('A', s.ids.A.R2 as number);
    const res = await put('Unmatch', { reconId: s.f.reconId, matchIds: [r1.matchId, r2.matchId] });
    expect(res.json()).toMatchObject({ rows: 4, message: TRANSACTION_ACTION_TEXTS.unmatched });
    for (const [side, ref] of [
      ['A', 'R1'],
      ['B', 'R1'],
      ['A', 'R2'],
      ['B', 'R2'],
    ] as const) {
      expect(await statusOf(side, s.ids[side][ref] as number)).toMatchObject({ status: 'UNRECONCILED', matchId: null });
    }
    const tables = (['A', 'B'] as const).map((side) => ({
      dataSourceId: s.f.sides[side].dataSourceId,
      stateTable: s.f.sides[side].stateTable,
    }));
    const client = await t.database.pool.connect();
    try {
      await rollbackRun(client as never, res.json().runId, tables);
    } finally {
      client.release();
    }
    expect(await statusOf('B', s.ids.B.R1 as number)).toEqual({
      id: s.ids.B.R1,
      status: 'RECONCILED',
      matchId: r1.matchId,
    });
  });

  it('needs the privilege of the tab of every status in the group', async () => {
    const reversal = await setState(t, s.f.sides.A.stateTable, [s.ids.A.R5 as number, s.ids.A.R6 as number], {
      status: 'SAME_SIDE_REVERSAL',
    });
    const r1 = await statusOf('A', s.ids.A.R1 as number);
    const denied = await put('Unmatch', { reconId: s.f.reconId, matchIds: [reversal, r1.matchId] }, reversalOnly);
    expect(denied.statusCode).toBe(403);
    expect(await statusOf('A', s.ids.A.R5 as number)).toMatchObject({ status: 'SAME_SIDE_REVERSAL' });
    const allowed = await put('Unmatch', { reconId: s.f.reconId, matchIds: [reversal] }, reversalOnly);
    expect([allowed.statusCode, allowed.json().rows]).toEqual([200, 2]);
  });

  it('answers 400 for a match id that is not a group of the recon, changing nothing', async () => {
    const r1 = await statusOf('A', s.ids.A.R1 as number);
    const otherGroup = (await statesOf(t, other.f, 'A')).find((r) => r.matchId !== null)?.matchId as number;
    const res = await put('Unmatch', { reconId: s.f.reconId, matchIds: [r1.matchId, otherGroup] });
    expect([res.statusCode, res.json().message]).toEqual([400, `${otherGroup} is not a matched group of this recon`]);
    expect(await statusOf('A', s.ids.A.R1 as number)).toMatchObject({ status: 'RECONCILED' });
    const empty = await put('Unmatch', { reconId: s.f.reconId, matchIds: [] });
    expect(empty.json().message).toBe(TRANSACTION_ACTION_TEXTS.selectGroups);
  });
});

describe('PUT /v2/transactions?Operation=AcceptProposed | RejectProposed', () => {
  it('accepts a proposed group as RECONCILED, keeping its match id', async () => {
    const proposed = await statusOf('A', s.ids.A.R3 as number);
    expect(proposed.status).toBe('PROPOSE_MATCH');
    const res = await put('AcceptProposed', { reconId: s.f.reconId, matchIds: [proposed.matchId] });
    expect(res.json()).toMatchObject({ rows: 2, message: TRANSACTION_ACTION_TEXTS.accepted });
    expect(await statusOf('B', s.ids.B.R3 as number)).toMatchObject({
      status: 'RECONCILED',
      matchId: proposed.matchId,
    });
    const run = (await runsOf(s.f.reconId)).at(-1);
    expect(run).toMatchObject({ kind: 'ACCEPT_PROPOSED', status: 'COMPLETED' });
    expect((await auditRows(t, 'PROPOSED_MATCHES_ACCEPTED')).length).toBeGreaterThan(0);
  });

  it('rejects a proposed group: its rows are open again', async () => {
    const proposed = await statusOf('A', s.ids.A.R3 as number);
    const res = await put('RejectProposed', { reconId: s.f.reconId, matchIds: [proposed.matchId] });
    expect(res.json()).toMatchObject({ rows: 2, message: TRANSACTION_ACTION_TEXTS.rejected });
    expect(await statusOf('A', s.ids.A.R3 as number)).toMatchObject({ status: 'UNRECONCILED', matchId: null });
    const journal = await t.database.db
      .selectFrom('recon_journal')
      .select(['row_id', 'new_state'])
      .where('run_id', '=', res.json().runId)
      .execute();
    expect(journal).toHaveLength(2);
  });

  it('answers 400 for a group that is not proposed and 403 without reconciledTransaction', async () => {
    const reconciled = await statusOf('A', s.ids.A.R1 as number);
    const res = await put('AcceptProposed', { reconId: s.f.reconId, matchIds: [reconciled.matchId] });
    expect([res.statusCode, res.json().message]).toEqual([400, `Group ${reconciled.matchId} is not a proposed match`]);
    const proposed = await statusOf('A', s.ids.A.R3 as number);
    expect(
      (await put('RejectProposed', { reconId: s.f.reconId, matchIds: [proposed.matchId] }, reversalOnly)).statusCode,
    ).toBe(403);
  });
});

describe('actions and the recon lock', () => {
  it('takes one action at a time per recon: concurrent knock offs of one row close it once', async () => {
    const body = {
      reconId: s.f.reconId,
      dataSourceId: s.f.sides.B.dataSourceId,
      rowIds: [s.ids.B.R700],
      reason: 'Duplicate settlement',
    };
    const results = await Promise.all([put('KnockOff', body), put('KnockOff', body), put('KnockOff', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const runs = await runsOf(s.f.reconId);
    expect(runs.filter((r) => r.kind === 'KNOCK_OFF').map((r) => r.status)).toEqual(['COMPLETED']);
  });
});
