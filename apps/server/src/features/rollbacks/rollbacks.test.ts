import { ROLLBACK_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failInterruptedRollbacks } from '@/lib/rollback/executor.ts';
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
  rollBack,
  runExecution,
  snapshotTables,
  waitForRollback,
} from './rollbacks.fixtures.ts';

let t: TestApp;
let admin: Session;
let operator: Session;
let support: Session;
let outsider: Session;
let moduleA: number;
let moduleB: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Rollbacks A');
  moduleB = await addModule(t, 'Rollbacks B');
  await addUser(t, { userName: 'rb-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'rb-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'rb-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  await addUser(t, { userName: 'rb-outsider', roles: ['ROLE_ADMIN'], moduleIds: [moduleB] });
  admin = await signIn(t, 'rb-admin');
  operator = await signIn(t, 'rb-operator');
  support = await signIn(t, 'rb-support');
  outsider = await signIn(t, 'rb-outsider');
});
afterAll(() => t.close());

const impactOf = (executionId: number, session = admin, moduleId = moduleA) =>
  call(t, session, { method: 'GET', url: `/web/v2/jobexecutions/${executionId}/rollback_impact`, moduleId });
const list = (query = '', session = admin, moduleId = moduleA) =>
  call(t, session, { method: 'GET', url: `/web/v2/executionrollbacks?start=0&length=50${query}`, moduleId });
const retry = (rollbackId: number, session = admin, moduleId = moduleA) =>
  call(t, session, { method: 'PUT', url: `/web/v2/executionrollbacks/executeFailedJob/${rollbackId}`, moduleId });
const executionStatus = async (id: number) =>
  (await t.database.db.selectFrom('job_execution').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

describe('GET /v2/jobexecutions/{id}/rollback_impact', () => {
  it('answers 404 for an execution of another module and 403 outside the module or without a privilege', async () => {
    const env = await addRollbackRecon(t, moduleA);
    const e = await runExecution(t, env, { A: csv([['R1', '1.00']]) });
    expect((await impactOf(e.executionId, admin, moduleB)).statusCode).toBe(404);
    expect((await impactOf(e.executionId, outsider, moduleA)).statusCode).toBe(403);
    expect((await impactOf(e.executionId, support)).statusCode).toBe(403);
    expect((await impactOf(e.executionId, operator)).statusCode).toBe(200);
  });

  it('says why a run that is not over cannot be rolled back', async () => {
    const env = await addRollbackRecon(t, moduleA);
    const e = await runExecution(t, env, { A: csv([['R1', '1.00']]), recon: false });
    await t.database.db
      .updateTable('job_execution')
      .set({ status: 'RUNNING' })
      .where('id', '=', e.executionId)
      .execute();
    const res = await impactOf(e.executionId);
    expect(res.json()).toMatchObject({
      canRollBack: false,
      blockedReason:
        'A job execution that is Processing... cannot be rolled back (only a completed, partially completed or failed run)',
      tables: [{ rows: 1 }],
    });
    const refused = await requestRollback(t, admin, moduleA, e.executionId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('cannot be rolled back');
  });
});

describe('PUT /v2/executionrollbacks?Operation=RetryFailedJob', () => {
  it('needs rollbackHistory, jobExecutions and createJob, and the module', async () => {
    const env = await addRollbackRecon(t, moduleA);
    const e = await runExecution(t, env, { A: csv([['R1', '1.00']]) });
    expect((await requestRollback(t, operator, moduleA, e.executionId)).statusCode).toBe(403);
    expect((await requestRollback(t, support, moduleA, e.executionId)).statusCode).toBe(403);
    expect((await requestRollback(t, outsider, moduleA, e.executionId)).statusCode).toBe(403);
    expect((await requestRollback(t, admin, moduleB, e.executionId)).statusCode).toBe(404);
    const bad = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/executionrollbacks?Operation=Other&jobExecution=${e.executionId}`,
      moduleId: moduleA,
    });
    expect(bad.statusCode).toBe(400);
    const tooLong = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/executionrollbacks?Operation=RetryFailedJob&jobExecution=${e.executionId}`,
      moduleId: moduleA,
      payload: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Reason must be at most 500 characters');
    expect(await executionStatus(e.executionId)).toBe('COMPLETED');
  });

  it('queues the request with its records, runs it and answers 409 to a second request', async () => {
    const env = await addRollbackRecon(t, moduleA);
    const e = await runExecution(t, env, { A: csv([['R1', '1.00']]), B: csv([['R1', '1.00']]) }, admin.userId);
    // The reason (not in the spec's call: an optional body) goes to the audit entry.
    const res = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/executionrollbacks?Operation=RetryFailedJob&jobExecution=${e.executionId}`,
      moduleId: moduleA,
      payload: { reason: '  Loaded the wrong day’s statement  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      jobExecutionId: e.executionId,
      executionStatus: 'COMPLETED',
      executionStatusLabel: 'Completed',
      executedBy: 'rb-admin',
      attempt: 1,
      records: [
        { sequence: 1, entityKind: 'recon', entityKindLabel: 'Recon', status: 'SUBMITTED_FOR_EXECUTION' },
        { sequence: 2, entityKind: 'pipeline', entityId: env.f.sides.B.pipelineId, fileIds: [e.fileIds.B] },
        { sequence: 3, entityKind: 'pipeline', entityId: env.f.sides.A.pipelineId, fileIds: [e.fileIds.A] },
        { sequence: 4, entityKind: 'job_history', entityId: e.executionId },
      ],
    });
    expect(['QUEUED', 'ONGOING', 'ROLLBACK_FINISHED']).toContain(created.status);
    const again = await requestRollback(t, admin, moduleA, e.executionId);
    expect(again.statusCode).toBe(409);
    const done = await waitForRollback(t, admin, moduleA, created.rollbackId);
    expect(done.status).toBe('ROLLBACK_FINISHED');
    expect(done.endTime).not.toBeNull();
    expect(await executionStatus(e.executionId)).toBe('ROLLED_BACK');
    // The run keeps the spec's label; each activity it ran reads "Rolled back" (its status stays).
    const run = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/jobexecutions/${e.executionId}`,
      moduleId: moduleA,
    });
    expect(run.json()).toMatchObject({ status: 'ROLLED_BACK', statusLabel: 'Rollback' });
    const activities = run.json().activities as { status: string; statusLabel: string }[];
    expect(activities.length).toBeGreaterThan(0);
    for (const a of activities) expect(a).toMatchObject({ status: 'COMPLETED', statusLabel: 'Rolled back' });
    const rolledBack = await requestRollback(t, admin, moduleA, e.executionId);
    expect(rolledBack.statusCode).toBe(409);
    expect(rolledBack.json()[0].message).toBe(ROLLBACK_TEXTS.alreadyRequested);

    const requested = (await auditRows(t, 'ROLLBACK_REQUESTED')).filter((a) => a.entity_id === String(e.executionId));
    expect(requested.map((a) => a.outcome)).toEqual(['SUCCESS', 'FAILURE', 'FAILURE']);
    expect(requested[0]).toMatchObject({
      user_id: admin.userId,
      module_id: moduleA,
      details: { rollbackId: created.rollbackId, reason: 'Loaded the wrong day’s statement' },
    });
    // A request sent as the spec's call (no body) records no reason.
    expect(requested[1]?.details).not.toHaveProperty('reason');
  });

  it('refuses, naming them, while later executions used the data; goes once they are rolled back', async () => {
    const env = await addRollbackRecon(t, moduleA, { duplicateKeyA: true });
    const before = await snapshotTables(t, moduleA);
    const e1 = await runExecution(t, env, {
      A: csv([
        ['R1', '10.00'],
        ['R2', '20.00'],
      ]),
    });
    // A later execution matches R1 of the first one; another one loads R2 again (marked DUPLICATE of it).
    const e2 = await runExecution(t, env, { B: csv([['R1', '10.00']]) });
    const e3 = await runExecution(t, env, { A: csv([['R2', '20.00']]), recon: false });
    const jobOf = async (id: number) =>
      (
        await t.database.db
          .selectFrom('job_execution as e')
          .innerJoin('job as j', 'j.id', 'e.job_id')
          .select('j.name')
          .where('e.id', '=', id)
          .executeTakeFirstOrThrow()
      ).name;

    const impact = (await impactOf(e1.executionId)).json();
    expect(impact.canRollBack).toBe(false);
    expect(impact.blockingExecutions).toEqual([
      {
        jobExecutionId: e3.executionId,
        jobName: await jobOf(e3.executionId),
        status: 'COMPLETED',
        reasons: ['DUPLICATE_OF_LOADED_ROWS'],
      },
      {
        jobExecutionId: e2.executionId,
        jobName: await jobOf(e2.executionId),
        status: 'COMPLETED',
        reasons: ['CLOSED_LOADED_ROWS'],
      },
    ]);
    expect(impact.dependencies).toEqual([
      expect.objectContaining({ jobExecutionId: e2.executionId, isBlocking: true, reason: 'CLOSED_LOADED_ROWS' }),
    ]);
    const refused = await requestRollback(t, admin, moduleA, e1.executionId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()[0].message).toBe(
      `Later job executions used the data of this run: roll them back first — #${e3.executionId} (${await jobOf(e3.executionId)}), #${e2.executionId} (${await jobOf(e2.executionId)})`,
    );
    expect(await executionStatus(e1.executionId)).toBe('COMPLETED');
    const audit = (await auditRows(t, 'ROLLBACK_REQUESTED')).filter((a) => a.entity_id === String(e1.executionId));
    expect(audit).toMatchObject([{ outcome: 'FAILURE', details: { blockedBy: impact.blockingExecutions } }]);

    expect((await rollBack(t, admin, moduleA, e3.executionId)).status).toBe('ROLLBACK_FINISHED');
    expect((await rollBack(t, admin, moduleA, e2.executionId)).status).toBe('ROLLBACK_FINISHED');
    expect((await rollBack(t, admin, moduleA, e1.executionId)).status).toBe('ROLLBACK_FINISHED');
    expect(await snapshotTables(t, moduleA)).toEqual(before);
  });
});

describe('PUT /v2/executionrollbacks/executeFailedJob/{rollbackId}', () => {
  it('retries a rollback that failed mid-way from the failed step; done steps stay done', async () => {
    const env = await addRollbackRecon(t, moduleA);
    const { f } = env;
    const before = await snapshotTables(t, moduleA);
    const e = await runExecution(t, env, {
      A: csv([['R1', '5.00']]),
      B: csv([
        ['R1', '5.00'],
        ['R2', '6.00'],
      ]),
    });
    // Injected failure: side B's rows cannot be deleted (a trigger raises), so the second step fails.
    // (In recon_data: the tests' role, the app's, may not create in public.)
    await t.database.pool.query(`CREATE FUNCTION recon_data.rollback_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure: table is read-only'; END $$`);
    await t.database.pool.query(
      `CREATE TRIGGER refuse_delete BEFORE DELETE ON ${f.sides.B.table} FOR EACH STATEMENT EXECUTE FUNCTION recon_data.rollback_test_refuse()`,
    );
    const failed = await rollBack(t, admin, moduleA, e.executionId);
    // Some steps finished before one failed: the spec's PARTIALLY_ROLLEDBACK (decision 0010), retried the same way.
    expect(failed).toMatchObject({ status: 'PARTIALLY_ROLLEDBACK', statusLabel: 'Partially Rolled Back' });
    expect(failed.errorMessage).toBe(
      `Step 2 (Pipeline ${failed.records[1].entityName}): injected failure: table is read-only`,
    );
    // The two pipelines' deletes run side by side: side A's finished, side B's failed, the run was not marked.
    expect(failed.records.map((r: { status: string }) => r.status)).toEqual([
      'ROLLBACK_FINISHED',
      'ROLLBACK_FAILED',
      'ROLLBACK_FINISHED',
      'SUBMITTED_FOR_EXECUTION',
    ]);
    expect(failed.records[1].errorMessage).toBe('injected failure: table is read-only');
    expect(await executionStatus(e.executionId)).toBe('ROLLBACK_FAILED');
    const run = await t.database.db
      .selectFrom('recon_run')
      .select('status')
      .where('job_execution_id', '=', e.executionId)
      .executeTakeFirstOrThrow();
    expect(run.status).toBe('ROLLED_BACK');
    const rowsB = await t.database.pool.query(`SELECT count(*)::int AS n FROM ${f.sides.B.table}`);
    expect(rowsB.rows[0].n).toBe(2);

    const asNew = await requestRollback(t, admin, moduleA, e.executionId);
    expect(asNew.statusCode).toBe(409);
    expect(asNew.json()[0].message).toBe(ROLLBACK_TEXTS.failedUseRetry);
    expect((await retry(failed.rollbackId, operator)).statusCode).toBe(403);

    await t.database.pool.query(`DROP TRIGGER refuse_delete ON ${f.sides.B.table}`);
    const res = await retry(failed.rollbackId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attempt).toBe(2);
    const done = await waitForRollback(t, admin, moduleA, failed.rollbackId);
    expect(done.status).toBe('ROLLBACK_FINISHED');
    expect(done.errorMessage).toBeNull();
    expect(done.records.map((r: { entityKind: string; status: string }) => [r.entityKind, r.status])).toEqual([
      ['recon', 'ROLLBACK_FINISHED'],
      ['pipeline', 'ROLLBACK_FINISHED'],
      ['pipeline', 'ROLLBACK_FINISHED'],
      ['job_history', 'ROLLBACK_FINISHED'],
    ]);
    expect(await snapshotTables(t, moduleA)).toEqual(before);
    expect((await retry(failed.rollbackId)).statusCode).toBe(400);
    const retried = (await auditRows(t, 'ROLLBACK_RETRIED')).filter((a) => a.entity_id === String(e.executionId));
    expect(retried.map((a) => a.outcome)).toEqual(['SUCCESS', 'FAILURE']);
    const failures = (await auditRows(t, 'ROLLBACK_FAILED')).filter((a) => a.entity_id === String(failed.rollbackId));
    expect(failures).toHaveLength(1);
  });

  it('a rollback cut off by a stop fails at start-up and a retry finishes it', async () => {
    const env = await addRollbackRecon(t, moduleA);
    const before = await snapshotTables(t, moduleA);
    const e = await runExecution(t, env, { A: csv([['R1', '5.00']]) });
    // The request exists but its process died before working it (its in-memory queue is gone).
    const { id } = await t.database.db
      .insertInto('rollback_request')
      .values({
        module_id: moduleA,
        job_execution_id: e.executionId,
        execution_status: 'COMPLETED',
        status: 'ONGOING',
        requested_by: admin.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await failInterruptedRollbacks(t.database.db, new Date())).toEqual([id]);
    const failed = (
      await call(t, admin, { method: 'GET', url: `/web/v2/executionrollbacks/${id}`, moduleId: moduleA })
    ).json();
    expect(failed).toMatchObject({
      status: 'ROLLBACK_FAILED',
      errorMessage: ROLLBACK_TEXTS.serverStopped,
      records: [],
    });
    expect(await executionStatus(e.executionId)).toBe('ROLLBACK_FAILED');
    expect((await retry(id)).statusCode).toBe(200);
    expect((await waitForRollback(t, admin, moduleA, id)).status).toBe('ROLLBACK_FINISHED');
    expect(await snapshotTables(t, moduleA)).toEqual(before);
  });
});

describe('GET /v2/executionrollbacks', () => {
  it("lists the module's rollbacks newest first with the spec's columns, filters and searches", async () => {
    const env = await addRollbackRecon(t, moduleB);
    const e = await runExecution(t, { ...env, moduleId: moduleB }, { A: csv([['R1', '1.00']]) });
    const done = await rollBack(t, admin, moduleB, e.executionId);
    const res = await list('', admin, moduleB);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.recordsTotal).toBe(1);
    expect(body.data).toEqual([
      {
        rollbackId: done.rollbackId,
        jobExecutionId: e.executionId,
        jobName: done.jobName,
        startTime: expect.any(String),
        endTime: expect.any(String),
        executedBy: 'rb-admin',
        status: 'ROLLBACK_FINISHED',
        statusLabel: 'Rollback Finished',
      },
    ]);
    expect((await list('&status=ROLLBACK_FAILED', admin, moduleB)).json().recordsFiltered).toBe(0);
    expect(
      (
        await list(
          '&columns[0][data]=executedBy&columns[0][searchable]=true&columns[0][search][value]=nobody',
          admin,
          moduleB,
        )
      ).json().recordsFiltered,
    ).toBe(0);
    const inA = (await list()).json();
    expect(inA.data.every((r: { rollbackId: number }) => r.rollbackId !== done.rollbackId)).toBe(true);
    expect(
      (await call(t, admin, { method: 'GET', url: `/web/v2/executionrollbacks/${done.rollbackId}`, moduleId: moduleA }))
        .statusCode,
    ).toBe(404);
  });

  it('needs rollbackHistory', async () => {
    expect((await list('', support)).statusCode).toBe(403);
    expect((await list('', operator)).statusCode).toBe(200);
    expect((await list('', outsider, moduleA)).statusCode).toBe(403);
  });
});
