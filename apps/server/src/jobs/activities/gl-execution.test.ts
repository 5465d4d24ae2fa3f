import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '@/jobs/worker.ts';
import { createJob, jobBody, startTestWorker, waitForStatus } from '@/testing/job-fixtures.ts';
import { addReconFixture, addRules, matchOn, type ReconFixture } from '@/testing/recon-fixtures.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

/**
 * The general ledger through the job runner (decisions 0034, 0035): a real worker with the real RECON and
 * GL_EXECUTION handlers runs jobs made through the API. A RECON run leaves the rows of closed books open and says how
 * many; a GL_EXECUTION run keeps a snapshot as on its day, which the run shows.
 */

const DAY_MS = 86_400_000;
const TODAY = new Date().toISOString().slice(0, 10);
const dated = (age: number) => new Date(Date.parse(TODAY) - age * DAY_MS).toISOString().slice(0, 10);

// Each key is on both sides with the same amount: a run matches every one of them unless the books stop it.
const ROWS = [
  { key: 'OLD1', age: 40, amount: '100.00' },
  { key: 'OLD2', age: 35, amount: '250.50' },
  { key: 'NEW1', age: 10, amount: '75.25' },
  { key: 'NEW2', age: 2, amount: '12.00' },
];
const CLOSED_UNTIL = dated(30);

let t: TestApp;
let worker: Worker;
let admin: Session;
let moduleId: number;
let f: ReconFixture;
let glId: number;

beforeAll(async () => {
  t = await createTestApp();
  worker = await startTestWorker(t);
  moduleId = await addModule(t, 'GL runs module');
  await addUser(t, { userName: 'gl-runs-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'gl-runs-admin');
  f = await addReconFixture(
    t,
    moduleId,
    {
      A: {
        columns: [
          { name: 'reference', dataType: 'VARCHAR' },
          { name: 'value_date', dataType: 'DATE' },
          { name: 'amount', dataType: 'DOUBLE', isMoney: true },
        ],
        rows: ROWS.map((r) => ({ reference: r.key, value_date: dated(r.age), amount: r.amount })),
      },
      B: {
        columns: [
          { name: 'ref', dataType: 'VARCHAR' },
          { name: 'txn_date', dataType: 'DATE' },
          { name: 'amount', dataType: 'DOUBLE', isMoney: true },
        ],
        rows: ROWS.map((r) => ({ ref: r.key, txn_date: dated(r.age), amount: r.amount })),
      },
    },
    'glruns',
  );
  await addRules(t, moduleId, f, [
    {
      name: 'Reference and amount',
      ruleType: 'RECONCILED',
      conditions: [matchOn(f, 1, 'reference', 'ref'), matchOn(f, 2, 'amount', 'amount')],
    },
  ]);
  const created = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/glconfigurations',
    moduleId,
    payload: {
      glName: 'Bank suspense ledger',
      items: [
        {
          name: 'Bank suspense',
          side: 'DEBIT',
          sign: 1,
          sources: [{ dataSourceId: f.sides.A.dataSourceId, amountColumn: 'amount' }],
        },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  glId = created.json().id;
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

/** Makes a job of one activity through the API, runs it by hand and waits for its end; answers the run as shown. */
async function runJob(type: 'RECON' | 'GL_EXECUTION', typeId: number) {
  const body = jobBody([]);
  body.activities = [
    {
      sequence: 1,
      enabled: true,
      type,
      activity: { typeId },
      bulkProcessorActivityDetails: null,
      disputeActivity: null,
    },
  ];
  const jobId = await createJob(t, admin, moduleId, body);
  const started = await call(t, admin, {
    method: 'POST',
    url: '/web/v2/jobs?opertionType=MANUAL_JOB_EXEC',
    payload: { id: jobId, jobExecutionParam: {} },
    moduleId,
  });
  expect(started.statusCode, started.body).toBe(200);
  const id = started.json().id as number;
  expect(await waitForStatus(t, id, ['COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED'])).toBe('COMPLETED');
  const shown = await call(t, admin, { method: 'GET', url: `/web/v2/jobexecutions/${id}`, moduleId });
  expect(shown.statusCode).toBe(200);
  return { id, shown: shown.json() };
}

const matchedKeys = async () => {
  const r = await t.database.pool.query(
    `SELECT a.reference FROM ${f.sides.A.table} a JOIN ${f.sides.A.stateTable} s ON s._id = a._id ORDER BY 1`,
  );
  return r.rows.map((row) => row.reference as string);
};

describe('a RECON run over closed books', () => {
  it('leaves the rows dated inside the period open and says how many it left out and why', async () => {
    const closed = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/glconfigurations/${glId}?Operation=CloseBooks`,
      moduleId,
      payload: { closeDate: CLOSED_UNTIL },
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const { shown } = await runJob('RECON', f.reconId);
    // Side A is closed to the day: its two old rows stay open, so their side B partners find no one either.
    expect(await matchedKeys()).toEqual(['NEW1', 'NEW2']);
    const counts = shown.activities[0].counts;
    expect(counts).toMatchObject({ rowsA: 2, rowsB: 2, leftOutA: 2 });
    expect(counts.leftOutB).toBeUndefined();
    const run = await t.database.db
      .selectFrom('recon_run')
      .select(['summary', 'status'])
      .where('id', '=', counts.reconRun)
      .executeTakeFirstOrThrow();
    const dataSourceName = (
      await call(t, admin, { method: 'GET', url: `/web/v2/glconfigurations/${glId}`, moduleId })
    ).json().items[0].sources[0].dataSourceName;
    expect(run.summary).toMatchObject({
      leftOut: [{ side: 'A', dataSourceId: f.sides.A.dataSourceId, dataSourceName, until: CLOSED_UNTIL, rows: 2 }],
    });
  });
});

describe('a GL_EXECUTION run', () => {
  it('keeps a snapshot as on its day, which the run and the configuration show', async () => {
    const { id, shown } = await runJob('GL_EXECUTION', glId);
    const snapshot = await t.database.db
      .selectFrom('gl_snapshot')
      .select(['id', 'trigger', 'job_execution_id', 'report'])
      .select((eb) => eb.fn<string>('to_char', ['as_on_date', eb.val('YYYY-MM-DD')]).as('as_on'))
      .where('gl_config_id', '=', glId)
      .executeTakeFirstOrThrow();
    expect(snapshot).toMatchObject({ trigger: 'JOB', job_execution_id: id, as_on: TODAY });
    // The two old rows the closed books kept open: 100.00 + 250.50 on the debit side.
    expect(snapshot.report).toMatchObject({ totals: { debit: '350.50' } });
    expect(shown.activities[0]).toMatchObject({
      type: 'GL_EXECUTION',
      status: 'COMPLETED',
      counts: { glSnapshot: snapshot.id, items: 1, openRows: 2 },
    });
    const config = await call(t, admin, { method: 'GET', url: `/web/v2/glconfigurations/${glId}`, moduleId });
    expect(config.json().lastRefresh).toMatchObject({ asOnDate: TODAY });
  });
});
