import { APPROVAL_TEXTS, TRANSACTION_ACTION_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decideWhileAnotherDecides } from '@/testing/approval-race.ts';
import { statesOf } from '@/testing/recon-fixtures.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';
import { bankVsGateway, putTransactions, type Scenario } from './transactions.fixtures.ts';

// Bulk knock-off through maker-checker (decision 0010), end to end through the API: the module's switch, the
// request, and its approval, rejection or failure in My Jobs › Approvals.

let t: TestApp;
let admin: Session;
let maker: Session;
let checker: Session;
let moduleA: number;
let s: Scenario;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Knock-off approvals');
  await addUser(t, { userName: 'ko-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'ko-maker', roles: ['ROLE_MAKER'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'ko-checker', roles: ['ROLE_CHECKER'], moduleIds: [moduleA] });
  admin = await signIn(t, 'ko-admin');
  maker = await signIn(t, 'ko-maker');
  checker = await signIn(t, 'ko-checker');
});
afterAll(() => t.close());

beforeEach(async () => {
  s = await bankVsGateway(t, moduleA);
});

const setPolicy = async (bulkKnockOffNeedsApproval: boolean) => {
  const res = await call(t, admin, {
    method: 'PUT',
    url: `/web/v2/modules/${moduleA}`,
    payload: { name: 'Knock-off approvals', bulkKnockOffNeedsApproval },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().bulkKnockOffNeedsApproval).toBe(bulkKnockOffNeedsApproval);
};
const knockOff = (rowIds: number[], session = maker, reason = 'Gateway test transactions') =>
  putTransactions(t, session, moduleA, 'KnockOff', {
    reconId: s.f.reconId,
    dataSourceId: s.f.sides.B.dataSourceId,
    rowIds,
    reason,
  });
const decide = (id: number, operation: string, session: Session, payload: Record<string, unknown> = {}) =>
  call(t, session, {
    method: 'PUT',
    url: `/web/v2/approvals/${id}?Operation=${operation}`,
    moduleId: moduleA,
    payload,
  });
const statusB = async (id: number) => (await statesOf(t, s.f, 'B')).find((r) => r.id === id)?.status;
const knockOffRuns = () =>
  t.database.db
    .selectFrom('recon_run')
    .selectAll()
    .where('recon_id', '=', s.f.reconId)
    .where('kind', '=', 'KNOCK_OFF')
    .execute();
const bulk = () => [s.ids.B.R700 as number, s.ids.B.R800 as number];

describe('bulk knock-off with the module switch off', () => {
  it('knocks the rows off at once, as before', async () => {
    await setPolicy(false);
    const res = await knockOff(bulk());
    expect(res.json()).toMatchObject({ rows: 2, approvalId: null, message: TRANSACTION_ACTION_TEXTS.knockedOff });
    expect(await statusB(s.ids.B.R700 as number)).toBe('KNOCK_OFF');
  });
});

describe('bulk knock-off with the module switch on', () => {
  beforeAll(() => setPolicy(true));
  afterAll(() => setPolicy(false));

  it('sends more than one row for approval and changes nothing; one row stays direct', async () => {
    const res = await knockOff(bulk());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ runId: null, rows: 0, message: APPROVAL_TEXTS.sentForApproval });
    expect(body.approvalId).toEqual(expect.any(Number));
    expect(await statusB(s.ids.B.R700 as number)).toBe('UNRECONCILED');
    expect(await knockOffRuns()).toHaveLength(0);
    const detail = (
      await call(t, checker, { method: 'GET', url: `/web/v2/approvals/${body.approvalId}`, moduleId: moduleA })
    ).json();
    expect(detail).toMatchObject({
      kind: 'BULK_KNOCK_OFF',
      status: 'ACTION_PENDING',
      statusLabel: 'Action Pending',
      requestedBy: 'ko-maker',
      canDecide: true,
      knockOff: { dataSourceId: s.f.sides.B.dataSourceId, reason: 'Gateway test transactions', rowCount: 2 },
    });
    expect((await auditRows(t, 'APPROVAL_REQUESTED')).at(-1)).toMatchObject({
      user_name: 'ko-maker',
      entity_id: String(body.approvalId),
      details: { kind: 'BULK_KNOCK_OFF', rows: 2 },
    });
    const rows = await call(t, checker, {
      method: 'GET',
      url: `/web/v2/approvals/${body.approvalId}/rows?start=1&length=1`,
      moduleId: moduleA,
    });
    expect(rows.json()).toMatchObject({ recordsTotal: 2, data: [{ id: s.ids.B.R800, status: 'UNRECONCILED' }] });

    const single = await knockOff([s.ids.B.R700 as number]);
    expect(single.json()).toMatchObject({ rows: 1, approvalId: null });
    expect(await statusB(s.ids.B.R700 as number)).toBe('KNOCK_OFF');
  });

  it('answers 400 for a row that is not open and records no request', async () => {
    const before = await t.database.db.selectFrom('approval_request').select('id').execute();
    const res = await knockOff([s.ids.B.R700 as number, s.ids.B.R1 as number]);
    expect([res.statusCode, res.json().message]).toEqual([400, `Row ${s.ids.B.R1} is not open any more (RECONCILED)`]);
    expect(await t.database.db.selectFrom('approval_request').select('id').execute()).toHaveLength(before.length);
  });

  it('runs the knock-off when another user approves it: one journaled run by the requester, audited', async () => {
    const { approvalId } = (await knockOff(bulk())).json();
    const res = await decide(approvalId, 'Approve', checker, { remark: 'Checked with the gateway' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      status: 'APPROVED',
      decidedBy: 'ko-checker',
      remark: 'Checked with the gateway',
      canDecide: false,
    });
    for (const id of bulk()) expect(await statusB(id)).toBe('KNOCK_OFF');
    const [run] = await knockOffRuns();
    expect(run).toMatchObject({
      id: detail.knockOff.runId,
      started_by: maker.userId,
      reason: 'Gateway test transactions',
    });
    expect((await auditRows(t, 'TRANSACTIONS_KNOCKED_OFF')).at(-1)).toMatchObject({
      user_name: 'ko-checker',
      details: { runId: run?.id, rows: 2, approvalId, requestedBy: maker.userId },
    });
    expect((await auditRows(t, 'APPROVAL_APPROVED')).at(-1)).toMatchObject({
      outcome: 'SUCCESS',
      user_name: 'ko-checker',
      entity_id: String(approvalId),
    });
    const again = await decide(approvalId, 'Reject', admin, { remark: 'late' });
    expect([again.statusCode, again.json()[0].message]).toEqual([409, 'This request was already decided (Approved)']);
  });

  it('never lets the requester decide, whatever their privileges', async () => {
    const { approvalId } = (await knockOff(bulk(), admin)).json();
    const own = await decide(approvalId, 'Approve', admin);
    expect([own.statusCode, own.json().message]).toEqual([400, APPROVAL_TEXTS.ownRequest]);
    const ownReject = await decide(approvalId, 'Reject', admin, { remark: 'changed my mind' });
    expect([ownReject.statusCode, ownReject.json().message]).toEqual([400, APPROVAL_TEXTS.ownRequest]);
    const detail = (
      await call(t, admin, { method: 'GET', url: `/web/v2/approvals/${approvalId}`, moduleId: moduleA })
    ).json();
    expect(detail).toMatchObject({
      status: 'ACTION_PENDING',
      canDecide: false,
      cannotDecideReason: APPROVAL_TEXTS.ownRequest,
    });
    expect(await statusB(s.ids.B.R700 as number)).toBe('UNRECONCILED');
    expect((await auditRows(t, 'APPROVAL_APPROVED')).at(-1)).toMatchObject({
      outcome: 'FAILURE',
      user_name: 'ko-admin',
      details: { message: APPROVAL_TEXTS.ownRequest },
    });
  });

  it('rejects with a required remark and changes nothing', async () => {
    const { approvalId } = (await knockOff(bulk())).json();
    const noRemark = await decide(approvalId, 'Reject', checker, { remark: '  ' });
    expect([noRemark.statusCode, noRemark.json().message]).toEqual([400, APPROVAL_TEXTS.remarkRequired]);
    const res = await decide(approvalId, 'Reject', checker, { remark: 'Not test transactions: ask the gateway' });
    expect(res.json()).toMatchObject({ status: 'REJECTED', remark: 'Not test transactions: ask the gateway' });
    for (const id of bulk()) expect(await statusB(id)).toBe('UNRECONCILED');
    expect(await knockOffRuns()).toHaveLength(0);
    expect((await auditRows(t, 'APPROVAL_REJECTED')).at(-1)).toMatchObject({
      outcome: 'SUCCESS',
      details: { remark: 'Not test transactions: ask the gateway' },
    });
  });

  it('audits every refused decision as a FAILURE, the ones that lose the race for the request included', async () => {
    const refusalsOf = async (approvalId: number) =>
      (await t.database.db
        .selectFrom('audit_log')
        .select(['event', 'user_name', 'details'])
        .where('entity_type', '=', 'approval')
        .where('entity_id', '=', String(approvalId))
        .where('outcome', '=', 'FAILURE')
        .orderBy('id')
        .execute()) as { event: string; user_name: string; details: { code: string; message: string } }[];
    const decided = 'This request was already decided (Rejected)';

    // Not in the caller's module (404): the id is all there is to record.
    const missing = 987_654;
    expect((await decide(missing, 'Approve', checker)).statusCode).toBe(404);
    expect(await refusalsOf(missing)).toMatchObject([
      { event: 'APPROVAL_APPROVED', user_name: 'ko-checker', details: { code: 'NOT_FOUND' } },
    ]);

    // A rejection without a remark (400).
    const first = (await knockOff(bulk())).json().approvalId as number;
    expect((await decide(first, 'Reject', checker, { remark: ' ' })).statusCode).toBe(400);
    // Lost races: the request was decided while this call waited for its lock (409; the decision's transaction
    // rolled back, the refusal's record stays).
    const lostReject = await decideWhileAnotherDecides(t, first, admin.userId, () =>
      decide(first, 'Reject', checker, { remark: 'too late' }),
    );
    expect([lostReject.statusCode, lostReject.json()[0].message]).toEqual([409, decided]);
    // Decided already when the call came (409).
    expect((await decide(first, 'Approve', checker)).statusCode).toBe(409);
    expect((await refusalsOf(first)).map((r) => [r.event, r.details.code, r.details.message])).toEqual([
      ['APPROVAL_REJECTED', 'VALIDATION', APPROVAL_TEXTS.remarkRequired],
      ['APPROVAL_REJECTED', 'CONFLICT', decided],
      ['APPROVAL_APPROVED', 'CONFLICT', decided],
    ]);

    const second = (await knockOff(bulk())).json().approvalId as number;
    const lostApprove = await decideWhileAnotherDecides(t, second, admin.userId, () =>
      decide(second, 'Approve', checker),
    );
    expect([lostApprove.statusCode, lostApprove.json()[0].message]).toEqual([409, decided]);
    expect(await statusB(s.ids.B.R700 as number)).toBe('UNRECONCILED');
    expect((await refusalsOf(second)).map((r) => [r.event, r.details.code, r.details.message])).toEqual([
      ['APPROVAL_APPROVED', 'CONFLICT', decided],
    ]);
  });

  it('fails the approval, naming the rows, when some are not open any more; nothing is knocked off', async () => {
    const { approvalId } = (await knockOff(bulk())).json();
    // Meanwhile one of the rows is matched by hand.
    const matched = await putTransactions(t, admin, moduleA, 'ManualMatch', {
      reconId: s.f.reconId,
      rowsA: [s.ids.A.R4],
      rowsB: [s.ids.B.R800],
    });
    expect(matched.statusCode).toBe(200);
    const res = await decide(approvalId, 'Approve', checker);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'FAILED',
      statusLabel: 'Failed',
      failureReason: `Nothing was knocked off: row ${s.ids.B.R800} (RECONCILED) is not open any more`,
    });
    expect(await statusB(s.ids.B.R700 as number)).toBe('UNRECONCILED');
    expect(await knockOffRuns()).toHaveLength(0);
    expect((await auditRows(t, 'APPROVAL_FAILED')).at(-1)).toMatchObject({ details: { rowsNotOpen: [s.ids.B.R800] } });
  });
});
