import { APPROVAL_TEXTS, ROLLBACK_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideWhileAnotherDecides } from '@/testing/approval-race.ts';
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
import {
  addRollbackRecon,
  csv,
  requestRollback,
  runExecution,
  snapshotTables,
  waitForRollback,
} from './rollbacks.fixtures.ts';

// Rollbacks through maker-checker (decision 0010), and PARTIALLY_ROLLEDBACK: a rollback that stopped after some of
// its steps finished.

let t: TestApp;
let admin: Session;
let checker: Session;
let moduleA: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Rollback approvals');
  await addUser(t, { userName: 'ra-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'ra-checker', roles: ['ROLE_CHECKER'], moduleIds: [moduleA] });
  admin = await signIn(t, 'ra-admin');
  checker = await signIn(t, 'ra-checker');
});
afterAll(() => t.close());

const setPolicy = async (rollbacksNeedApproval: boolean) => {
  const res = await call(t, admin, {
    method: 'PUT',
    url: `/web/v2/modules/${moduleA}`,
    payload: { name: 'Rollback approvals', rollbacksNeedApproval },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const detailOf = async (rollbackId: number) =>
  (await call(t, admin, { method: 'GET', url: `/web/v2/executionrollbacks/${rollbackId}`, moduleId: moduleA })).json();
const approvalOfRollback = async (rollbackId: number) =>
  (
    await t.database.db
      .selectFrom('approval_request')
      .select('id')
      .where('rollback_id', '=', rollbackId)
      .executeTakeFirstOrThrow()
  ).id;
const decide = (id: number, operation: string, session: Session, payload: Record<string, unknown> = {}) =>
  call(t, session, {
    method: 'PUT',
    url: `/web/v2/approvals/${id}?Operation=${operation}`,
    moduleId: moduleA,
    payload,
  });
const executionStatus = async (id: number) =>
  (await t.database.db.selectFrom('job_execution').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
const retry = (rollbackId: number) =>
  call(t, admin, {
    method: 'PUT',
    url: `/web/v2/executionrollbacks/executeFailedJob/${rollbackId}`,
    moduleId: moduleA,
  });

describe('a rollback in a module where rollbacks need approval', () => {
  beforeAll(() => setPolicy(true));
  afterAll(() => setPolicy(false));

  it('waits APPROVAL_PENDING with nothing rolled back, then runs as usual once another user approves it', async () => {
    const env = await addRollbackRecon(t, moduleA);
    const before = await snapshotTables(t, moduleA);
    const e = await runExecution(t, env, { A: csv([['R1', '1.00']]), B: csv([['R1', '1.00']]) });
    const loaded = await snapshotTables(t, moduleA);
    const res = await requestRollback(t, admin, moduleA, e.executionId);
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json();
    expect(pending).toMatchObject({ status: 'APPROVAL_PENDING', statusLabel: 'Approval Pending' });
    expect(pending.records.map((r: { status: string }) => r.status)).toEqual([
      'CREATED',
      'CREATED',
      'CREATED',
      'CREATED',
    ]);
    expect(await executionStatus(e.executionId)).toBe('ROLLBACK_CREATED');
    await new Promise((r) => setTimeout(r, 200));
    expect((await detailOf(pending.rollbackId)).status).toBe('APPROVAL_PENDING');
    expect(await snapshotTables(t, moduleA)).toEqual(loaded);
    const again = await requestRollback(t, admin, moduleA, e.executionId);
    expect([again.statusCode, again.json()[0].message]).toEqual([409, ROLLBACK_TEXTS.awaitingApproval]);
    expect((await retry(pending.rollbackId)).statusCode).toBe(400);

    const approvalId = await approvalOfRollback(pending.rollbackId);
    const list = await call(t, checker, {
      method: 'GET',
      url: '/web/v2/approvals?start=0&length=10&status=ACTION_PENDING&kind=ROLLBACK',
      moduleId: moduleA,
    });
    expect(list.json().data[0]).toMatchObject({
      approvalId,
      kind: 'ROLLBACK',
      kindLabel: 'Rollback',
      requestedBy: 'ra-admin',
      summary: expect.stringContaining(`Rollback of run #${e.executionId}`),
    });
    const detail = (
      await call(t, checker, { method: 'GET', url: `/web/v2/approvals/${approvalId}`, moduleId: moduleA })
    ).json();
    expect(detail.rollback).toMatchObject({
      rollbackId: pending.rollbackId,
      rollbackStatus: 'APPROVAL_PENDING',
      impact: { jobExecutionId: e.executionId, canRollBack: true, tables: [{ rows: 1 }, { rows: 1 }] },
    });

    const own = await decide(approvalId, 'Approve', admin);
    expect([own.statusCode, own.json().message]).toEqual([400, APPROVAL_TEXTS.ownRequest]);
    expect((await detailOf(pending.rollbackId)).status).toBe('APPROVAL_PENDING');

    const approved = await decide(approvalId, 'Approve', checker);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', decidedBy: 'ra-checker' });
    const done = await waitForRollback(t, admin, moduleA, pending.rollbackId);
    expect(done.status).toBe('ROLLBACK_FINISHED');
    expect(await executionStatus(e.executionId)).toBe('ROLLED_BACK');
    expect(await snapshotTables(t, moduleA)).toEqual(before);
    expect((await auditRows(t, 'APPROVAL_APPROVED')).at(-1)).toMatchObject({
      outcome: 'SUCCESS',
      user_name: 'ra-checker',
      details: { rollbackId: pending.rollbackId, jobExecutionId: e.executionId },
    });
  });

  it('audits the refused approvals: later executions used the data, another checker decided first', async () => {
    const env = await addRollbackRecon(t, moduleA);
    const e1 = await runExecution(t, env, { A: csv([['R1', '1.00']]) });
    const pending = (await requestRollback(t, admin, moduleA, e1.executionId)).json();
    const approvalId = await approvalOfRollback(pending.rollbackId);
    // Meanwhile a later execution matches R1 of the first one.
    const e2 = await runExecution(t, env, { B: csv([['R1', '1.00']]) });
    const blocked = await decide(approvalId, 'Approve', checker);
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json()[0].message).toContain(`#${e2.executionId}`);
    const secondChecker = await addUser(t, { userName: 'ra-checker-2', roles: ['ROLE_CHECKER'], moduleIds: [moduleA] });
    const lost = await decideWhileAnotherDecides(t, approvalId, secondChecker, () =>
      decide(approvalId, 'Approve', checker),
    );
    expect([lost.statusCode, lost.json()[0].message]).toEqual([409, 'This request was already decided (Rejected)']);
    const refusals = await t.database.db
      .selectFrom('audit_log')
      .select(['event', 'user_name', 'details'])
      .where('entity_type', '=', 'approval')
      .where('entity_id', '=', String(approvalId))
      .where('outcome', '=', 'FAILURE')
      .orderBy('id')
      .execute();
    expect(refusals).toMatchObject([
      {
        event: 'APPROVAL_APPROVED',
        user_name: 'ra-checker',
        details: { kind: 'ROLLBACK', code: 'CONFLICT', message: blocked.json()[0].message },
      },
      {
        event: 'APPROVAL_APPROVED',
        user_name: 'ra-checker',
        details: { kind: 'ROLLBACK', code: 'CONFLICT', message: 'This request was already decided (Rejected)' },
      },
    ]);
  });

  it('ends REJECTED ("Approval rejected") on rejection: the run is as it was and can be asked for again', async () => {
    const env = await addRollbackRecon(t, moduleA);
    const e = await runExecution(t, env, { A: csv([['R1', '1.00']]) });
    const loaded = await snapshotTables(t, moduleA);
    const pending = (await requestRollback(t, admin, moduleA, e.executionId)).json();
    const approvalId = await approvalOfRollback(pending.rollbackId);
    const res = await decide(approvalId, 'Reject', checker, { remark: 'Wrong run: roll back the next one' });
    expect(res.json()).toMatchObject({ status: 'REJECTED', remark: 'Wrong run: roll back the next one' });
    const rejected = await detailOf(pending.rollbackId);
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      statusLabel: 'Approval rejected',
      errorMessage: 'Approval rejected by ra-checker: Wrong run: roll back the next one',
    });
    expect(rejected.records.every((r: { status: string }) => r.status === 'REJECTED')).toBe(true);
    expect(await executionStatus(e.executionId)).toBe('COMPLETED');
    expect(await snapshotTables(t, moduleA)).toEqual(loaded);
    const anew = await requestRollback(t, admin, moduleA, e.executionId);
    expect([anew.statusCode, anew.json().status]).toEqual([200, 'APPROVAL_PENDING']);
  });
});

describe('PARTIALLY_ROLLEDBACK', () => {
  it('a rollback whose first step fails is ROLLBACK_FAILED: nothing of it was undone', async () => {
    const env = await addRollbackRecon(t, moduleA);
    const e = await runExecution(t, env, { A: csv([['R9', '9.00']]), B: csv([['R9', '9.00']]) });
    const loaded = await snapshotTables(t, moduleA);
    // Injected failure: the recon run's state rows cannot be deleted, so step 1 fails.
    // (In recon_data: the tests' role, the app's, may not create in public.)
    await t.database.pool.query(`CREATE FUNCTION recon_data.approvals_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure: state is read-only'; END $$`);
    await t.database.pool.query(
      `CREATE TRIGGER refuse_state BEFORE DELETE ON ${env.f.sides.A.stateTable} FOR EACH STATEMENT EXECUTE FUNCTION recon_data.approvals_test_refuse()`,
    );
    const res = await requestRollback(t, admin, moduleA, e.executionId);
    const failed = await waitForRollback(t, admin, moduleA, res.json().rollbackId);
    expect(failed).toMatchObject({ status: 'ROLLBACK_FAILED', statusLabel: 'Failed' });
    expect(failed.records.map((r: { status: string }) => r.status)).toEqual([
      'ROLLBACK_FAILED',
      'SUBMITTED_FOR_EXECUTION',
      'SUBMITTED_FOR_EXECUTION',
      'SUBMITTED_FOR_EXECUTION',
    ]);
    expect(await snapshotTables(t, moduleA)).toEqual(loaded);
    await t.database.pool.query(`DROP TRIGGER refuse_state ON ${env.f.sides.A.stateTable}`);
    expect((await retry(failed.rollbackId)).statusCode).toBe(200);
    expect((await waitForRollback(t, admin, moduleA, failed.rollbackId)).status).toBe('ROLLBACK_FINISHED');
  });
});
