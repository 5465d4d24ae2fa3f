import { RECON_RUN_TEXTS, RECON_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/config.ts';
import { addExecution, workerContext } from '@/ingest/test-fixtures.ts';
import { runReconActivity } from '@/jobs/activities/recon.ts';
import { PermanentActivityError } from '@/jobs/activity.ts';
import { failInterruptedRuns } from '@/lib/recon/recon-runner.ts';
import { addReconFixture, addRules, matchOn, type ReconFixture, statesOf } from '@/testing/recon-fixtures.ts';
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

let t: TestApp;
let admin: Session;
let support: Session;
let moduleA: number;
let moduleB: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Runs A');
  moduleB = await addModule(t, 'Runs B');
  await addUser(t, { userName: 'run-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'run-support', roles: ['ROLE_SUPPORT'], moduleIds: [moduleA] });
  admin = await signIn(t, 'run-admin');
  support = await signIn(t, 'run-support');
});
afterAll(() => t.close());

const COLUMNS = [
  { name: 'ref', dataType: 'VARCHAR' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
];

/** Bank (A) and gateway (B): two pairs by reference and amount ±0.01, one row open on each side. */
async function bankVsGateway(moduleId = moduleA): Promise<ReconFixture> {
  const f = await addReconFixture(t, moduleId, {
    A: {
      columns: COLUMNS,
      rows: [
        { ref: 'R1', amount: '100.00' },
        { ref: 'R2', amount: '200.00' },
        { ref: 'R3', amount: '300.00' },
      ],
    },
    B: {
      columns: COLUMNS,
      rows: [
        { ref: 'r1 ', amount: '100.01' },
        { ref: 'R2', amount: '200.00' },
        { ref: 'R4', amount: '400.00' },
      ],
    },
  });
  await addRules(t, moduleId, f, [
    {
      name: 'Reference and amount',
      ruleType: 'RECONCILED',
      conditions: [
        matchOn(f, 1, 'ref', 'ref', { transforms: ['TRIM', 'UPPERCASE'] }),
        matchOn(f, 2, 'amount', 'amount', { tolerance: 0.01 }),
      ],
    },
  ]);
  return f;
}

async function startRun(reconId: number, dryRun = false, session = admin, moduleId = moduleA) {
  return call(t, session, { method: 'POST', url: '/web/v2/reconruns', payload: { reconId, dryRun }, moduleId });
}

async function waitForRun(id: number, moduleId = moduleA) {
  for (let i = 0; i < 100; i++) {
    const res = await call(t, admin, { method: 'GET', url: `/web/v2/reconruns/${id}`, moduleId });
    const run = res.json();
    if (run.status !== 'RUNNING') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`run ${id} still running`);
}

describe('POST /v2/reconruns', () => {
  it('runs the rules, closes the matched rows and reports per rule', async () => {
    const f = await bankVsGateway();
    const res = await startRun(f.reconId);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ id: expect.any(Number), status: 'RUNNING' });
    const run = await waitForRun(res.json().id);
    expect(run).toMatchObject({
      reconId: f.reconId,
      kind: 'ENGINE',
      status: 'COMPLETED',
      startedBy: 'run-admin',
      rowsA: 2,
      rowsB: 2,
      rules: [{ name: 'Reference and amount', ruleType: 'RECONCILED', candidates: 2, groups: 2, rowsA: 2, rowsB: 2 }],
      error: null,
    });
    const a = await statesOf(t, f, 'A');
    const b = await statesOf(t, f, 'B');
    expect(a.map((r) => r.status)).toEqual(['RECONCILED', 'RECONCILED', 'UNRECONCILED']);
    expect(b.map((r) => r.status)).toEqual(['RECONCILED', 'RECONCILED', 'UNRECONCILED']);
    expect(a[0]?.matchId).toBe(b[0]?.matchId);
    expect(a[1]?.matchId).toBe(b[1]?.matchId);
    expect(a[0]?.matchId).not.toBe(a[1]?.matchId);
    const audit = (await auditRows(t, 'RECON_RUN_STARTED')).filter((r) => r.entity_id === String(f.reconId));
    expect(audit[0]).toMatchObject({ user_id: admin.userId, module_id: moduleA, details: { dryRun: false } });
  });

  it('a re-run touches only the rows still open', async () => {
    const f = await bankVsGateway();
    await waitForRun((await startRun(f.reconId)).json().id);
    const before = await statesOf(t, f, 'A');
    const again = await waitForRun((await startRun(f.reconId)).json().id);
    expect(again).toMatchObject({ status: 'COMPLETED', rowsA: 0, rowsB: 0 });
    expect(await statesOf(t, f, 'A')).toEqual(before);
  });

  it('a dry run reports what would match and changes nothing', async () => {
    const f = await bankVsGateway();
    const run = await waitForRun((await startRun(f.reconId, true)).json().id);
    expect(run).toMatchObject({ kind: 'DRY_RUN', status: 'COMPLETED', rowsA: 2, rowsB: 2 });
    expect((await statesOf(t, f, 'A')).map((r) => r.status)).toEqual(['UNRECONCILED', 'UNRECONCILED', 'UNRECONCILED']);
  });

  it('a rule that does not compile fails the run with a message naming the rule and the condition', async () => {
    const f = await bankVsGateway();
    await addRules(t, moduleA, f, [
      { name: 'Broken', ruleType: 'RECONCILED', conditions: [matchOn(f, 1, 'ref', 'no_such_column')] },
    ]);
    const run = await waitForRun((await startRun(f.reconId)).json().id);
    expect(run.status).toBe('FAILED');
    expect(run.error).toBe('Rule "Broken", condition 1: column "no_such_column" is not in its data source');
    // The whole run rolled back: the first rule's matches are not kept either.
    expect((await statesOf(t, f, 'A')).every((r) => r.status === 'UNRECONCILED')).toBe(true);
  });

  it('refuses a second run while one is running', async () => {
    const f = await bankVsGateway();
    await t.database.db
      .insertInto('recon_run')
      .values({ module_id: moduleA, recon_id: f.reconId, kind: 'ENGINE', summary: '{}' })
      .execute();
    const res = await startRun(f.reconId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject([{ message: RECON_RUN_TEXTS.alreadyRunning }]);
    expect(await failInterruptedRuns(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await startRun(f.reconId)).statusCode).toBe(202);
  });

  it('answers 404 for a recon of another module, and 403 without a runner privilege', async () => {
    const other = await bankVsGateway(moduleB);
    const res = await startRun(other.reconId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject([{ message: RECON_TEXTS.notFound }]);
    const f = await bankVsGateway();
    expect((await startRun(f.reconId, false, support)).statusCode).toBe(403);
    expect(await statesOf(t, other, 'A')).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'UNRECONCILED' })]),
    );
  });
});

describe('GET /v2/reconruns', () => {
  it('lists the runs of a recon newest first, and hides other modules', async () => {
    const f = await bankVsGateway();
    const first = (await startRun(f.reconId, true)).json().id;
    await waitForRun(first);
    const second = (await startRun(f.reconId)).json().id;
    await waitForRun(second);
    const res = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/reconruns?reconId=${f.reconId}`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recordsTotal: 2, recordsFiltered: 2, data: [{ id: second }, { id: first }] });
    const elsewhere = await call(t, admin, { method: 'GET', url: `/web/v2/reconruns/${first}`, moduleId: moduleB });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('RECON activity', () => {
  it('runs the recon of the activity, links the run to the execution and reports counts per status', async () => {
    const f = await bankVsGateway();
    const ids = await addExecution(t.database.db, moduleA, f.sides.A.pipelineId, 'recon activity job');
    const ctx = workerContext(t.database.db, testConfig());
    const result = await runReconActivity(ctx, {
      ...ids,
      moduleId: moduleA,
      type: 'RECON',
      typeId: f.reconId,
      attempt: 1,
      params: {},
      configuration: null,
    });
    expect(result).toEqual({
      status: 'COMPLETED',
      counts: { reconRun: expect.any(Number), rowsA: 2, rowsB: 2, groups: 2, RECONCILED: 4 },
    });
    const run = await t.database.db
      .selectFrom('recon_run')
      .selectAll()
      .where('id', '=', result.counts.reconRun as number)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({
      job_execution_id: ids.jobExecutionId,
      activity_execution_id: ids.activityExecutionId,
      status: 'COMPLETED',
    });
  });

  it('fails at once, without retries, when the recon has no enabled rule', async () => {
    const f = await addReconFixture(t, moduleA, {
      A: { columns: COLUMNS, rows: [] },
      B: { columns: COLUMNS, rows: [] },
    });
    const ids = await addExecution(t.database.db, moduleA, f.sides.A.pipelineId, 'recon without rules');
    const ctx = workerContext(t.database.db, testConfig());
    const run = runReconActivity(ctx, {
      ...ids,
      moduleId: moduleA,
      type: 'RECON',
      typeId: f.reconId,
      attempt: 1,
      params: {},
      configuration: null,
    });
    await expect(run).rejects.toThrow(PermanentActivityError);
    await expect(run).rejects.toThrow('The recon has no enabled rules');
  });
});
