import { activityCannotRunYet, JOB_EXECUTION_TEXTS } from '@recon/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityFailedWithCounts } from '@/jobs/activity.ts';
import { addPipeline, createJob, jobBody, waitForStatus } from '@/testing/job-fixtures.ts';
import { createRunnerHarness } from '@/testing/runner-harness.ts';
import { call, createTestApp, type TestApp } from '@/testing/test-app.ts';

let t: TestApp;
let h: ReturnType<typeof createRunnerHarness>;

beforeAll(async () => {
  t = await createTestApp();
  h = createRunnerHarness(t);
  await h.startWorker();
});
afterAll(async () => {
  await h.worker.stop();
  await t.close();
});

describe('the runner', () => {
  it('runs the enabled activities in sequence and completes the run', async () => {
    const moduleId = await h.freshModule();
    const [a, b, c] = [await addPipeline(t, moduleId), await addPipeline(t, moduleId), await addPipeline(t, moduleId)];
    const body = jobBody([a.id, b.id, c.id]);
    const activities = body.activities ?? [];
    if (activities[1]) activities[1].enabled = false;
    const jobId = await createJob(t, h.admin, moduleId, body);
    const order: number[] = [];
    for (const p of [a, c]) {
      h.fakes.behaviours.set(p.id, async (r) => {
        order.push(r.typeId as number);
        return { status: 'COMPLETED', counts: { rowsLoaded: p.id } };
      });
    }
    const started = await h.run(moduleId, jobId);
    expect(started.status).toBe('RUNNABLE');
    expect(await waitForStatus(t, started.id, ['COMPLETED', 'FAILED'])).toBe('COMPLETED');
    expect(order).toEqual([a.id, c.id]);
    const rows = await h.activitiesOf(started.id);
    expect(rows.map((r) => [r.sequence, r.type_id, r.status, r.attempt, r.counts])).toEqual([
      [1, a.id, 'COMPLETED', 1, { rowsLoaded: a.id }],
      [3, c.id, 'COMPLETED', 1, { rowsLoaded: c.id }],
    ]);
    const e = await h.executionOf(started.id);
    expect(e.started_at).not.toBeNull();
    expect(e.finished_at).not.toBeNull();
  });

  it('ends PARTIALLY_COMPLETED when an activity completes partially', async () => {
    const moduleId = await h.freshModule();
    const p = await addPipeline(t, moduleId);
    h.fakes.behaviours.set(p.id, async () => ({
      status: 'PARTIALLY_COMPLETED',
      counts: { rowsLoaded: 3, rowsInvalid: 1 },
    }));
    const jobId = await createJob(t, h.admin, moduleId, jobBody([p.id]));
    const started = await h.run(moduleId, jobId);
    expect(await waitForStatus(t, started.id, ['PARTIALLY_COMPLETED', 'COMPLETED', 'FAILED'])).toBe(
      'PARTIALLY_COMPLETED',
    );
  });

  it('hands the activity its run parameters and configuration', async () => {
    const moduleId = await h.freshModule();
    const p = await addPipeline(t, moduleId);
    const body = jobBody([p.id], {
      jobFilters: [{ filterName: { name: 'SHOULD_RUN_BATCH_WISE' }, enabled: true }],
    });
    const jobId = await createJob(t, h.admin, moduleId, body);
    const started = await h.run(moduleId, jobId, {
      jobExecutionParam: { batchNumber: 7, cycleNumber: '1C', endDate: '2026-11-20' },
    });
    await waitForStatus(t, started.id, ['COMPLETED']);
    const seen = h.fakes.calls.find((c) => c.jobExecutionId === started.id);
    expect(seen).toMatchObject({
      moduleId,
      jobId,
      type: 'PIPE_LINE',
      typeId: p.id,
      attempt: 1,
      params: { batchNumber: 7, cycleNumber: 9, endDate: '2026-11-20' },
      configuration: { pipelineSource: 'FILE' },
    });
  });

  it('fails an activity of a type with no runner yet, with a clear message and no retries', async () => {
    const moduleId = await h.freshModule();
    const jobId = await createJob(
      t,
      h.admin,
      moduleId,
      jobBody([], {
        noOfRetrial: 3,
        activities: [{ sequence: 1, type: 'DATA_MIGRATION', activity: { typeId: 5 } }],
      }),
    );
    const started = await h.run(moduleId, jobId);
    expect(await waitForStatus(t, started.id, ['FAILED', 'COMPLETED'])).toBe('FAILED');
    const [activity] = await h.activitiesOf(started.id);
    expect(activity).toMatchObject({
      status: 'FAILED',
      attempt: 1,
      error_message: activityCannotRunYet('DATA_MIGRATION'),
    });
    expect((await h.executionOf(started.id)).error_message).toBe(
      'Activity type DATA_MIGRATION cannot run yet in this version',
    );
    // Whoever started it is told, in that module, with the way to the run (decision 0033).
    const told = await t.database.db
      .selectFrom('notification')
      .select(['user_id', 'module_id', 'kind', 'title', 'link'])
      .where('link', 'like', `%executionId=${started.id}`)
      .execute();
    expect(told).toEqual([
      {
        user_id: h.admin.userId,
        module_id: moduleId,
        kind: 'EXECUTION_FAILED',
        title: expect.stringContaining(`Run #${started.id} of`),
        link: `/operations/history/execution-history?executionId=${started.id}`,
      },
    ]);
  });
});

describe('retries', () => {
  it('retries a failing activity noOfRetrial times, then fails the run with its message', async () => {
    const moduleId = await h.freshModule();
    const p = await addPipeline(t, moduleId);
    let attempts = 0;
    h.fakes.behaviours.set(p.id, async () => {
      attempts += 1;
      throw new Error(`Bank file unreadable (attempt ${attempts})`);
    });
    const jobId = await createJob(t, h.admin, moduleId, jobBody([p.id], { noOfRetrial: 2, retrialInterval: 0 }));
    const started = await h.run(moduleId, jobId);
    expect(await waitForStatus(t, started.id, ['FAILED', 'COMPLETED'])).toBe('FAILED');
    expect(attempts).toBe(3);
    const [activity] = await h.activitiesOf(started.id);
    expect(activity).toMatchObject({ status: 'FAILED', attempt: 3, error_message: 'Bank file unreadable (attempt 3)' });
    expect((await h.executionOf(started.id)).error_message).toBe('Bank file unreadable (attempt 3)');
  });

  it('keeps the counts a failing activity reports, so a failed run still shows the files that loaded', async () => {
    const moduleId = await h.freshModule();
    const p = await addPipeline(t, moduleId);
    h.fakes.behaviours.set(p.id, async () => {
      throw new ActivityFailedWithCounts('1 of 2 files were not loaded', {
        files: 2,
        loadedRows: 40,
        rejectedFiles: 1,
      });
    });
    const jobId = await createJob(t, h.admin, moduleId, jobBody([p.id], { noOfRetrial: 0, retrialInterval: 0 }));
    const started = await h.run(moduleId, jobId);
    expect(await waitForStatus(t, started.id, ['FAILED', 'COMPLETED'])).toBe('FAILED');
    const [activity] = await h.activitiesOf(started.id);
    expect(activity).toMatchObject({
      status: 'FAILED',
      error_message: '1 of 2 files were not loaded',
      counts: { files: 2, loadedRows: 40, rejectedFiles: 1 },
    });
  });

  it('completes the run when a retry succeeds', async () => {
    const moduleId = await h.freshModule();
    const p = await addPipeline(t, moduleId);
    let attempts = 0;
    h.fakes.behaviours.set(p.id, async () => {
      attempts += 1;
      if (attempts < 2) throw new Error('Gateway timeout');
      return { status: 'COMPLETED', counts: { rowsLoaded: 10 } };
    });
    const jobId = await createJob(t, h.admin, moduleId, jobBody([p.id], { noOfRetrial: 3 }));
    const started = await h.run(moduleId, jobId);
    expect(await waitForStatus(t, started.id, ['COMPLETED', 'FAILED'])).toBe('COMPLETED');
    const [activity] = await h.activitiesOf(started.id);
    expect(activity).toMatchObject({ status: 'COMPLETED', attempt: 2, error_message: null });
  });

  it('waits retrialInterval minutes between attempts with a delayed message, holding the run RUNNING', async () => {
    const moduleId = await h.freshModule();
    const p = await addPipeline(t, moduleId);
    let attempts = 0;
    h.fakes.behaviours.set(p.id, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('SFTP down');
      return { status: 'COMPLETED', counts: {} };
    });
    const jobId = await createJob(t, h.admin, moduleId, jobBody([p.id], { noOfRetrial: 1, retrialInterval: 5 }));
    const started = await h.run(moduleId, jobId);
    const e = await h.waitFor(async () => {
      const row = await h.executionOf(started.id);
      return row.next_attempt_at ? row : undefined;
    });
    expect(e.status).toBe('RUNNING');
    expect(e.next_attempt_at).not.toBeNull();
    const waitMs = (e.next_attempt_at as Date).getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(4 * 60_000);
    expect(waitMs).toBeLessThanOrEqual(5 * 60_000);
    const [activity] = await h.activitiesOf(started.id);
    expect(activity).toMatchObject({ status: 'RUNNABLE', attempt: 1, error_message: 'SFTP down' });
    const delayed = await sql<{ seconds: number }>`
      SELECT extract(epoch FROM start_after - now())::int AS seconds FROM pgboss.job
      WHERE name = 'job-execution-run' AND data->>'executionId' = ${String(started.id)} AND state = 'created'`.execute(
      t.database.db,
    );
    expect(delayed.rows).toHaveLength(1);
    expect(delayed.rows[0]?.seconds).toBeGreaterThan(240);
    // Time passes: the delayed message comes due.
    await sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'job-execution-run' AND state = 'created'
      AND data->>'executionId' = ${String(started.id)}`.execute(t.database.db);
    expect(await waitForStatus(t, started.id, ['COMPLETED', 'FAILED'])).toBe('COMPLETED');
    expect(attempts).toBe(2);
  });
});

describe('resume and recovery', () => {
  it('resumes a FAILED run from its failed activity without re-running completed ones', async () => {
    const moduleId = await h.freshModule();
    const [a, b] = [await addPipeline(t, moduleId), await addPipeline(t, moduleId)];
    let isBroken = true;
    h.fakes.behaviours.set(b.id, async () => {
      if (isBroken) throw new Error('Mapping missing for column amount');
      return { status: 'COMPLETED', counts: { rowsLoaded: 2 } };
    });
    const jobId = await createJob(t, h.admin, moduleId, jobBody([a.id, b.id]));
    const started = await h.run(moduleId, jobId);
    expect(await waitForStatus(t, started.id, ['FAILED', 'COMPLETED'])).toBe('FAILED');
    isBroken = false;
    const res = await call(t, h.admin, {
      method: 'PUT',
      url: `/web/v2/jobexecutions/executeFailedJob/${started.id}`,
      moduleId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: started.id, status: 'RUNNABLE', errorMessage: null });
    expect(await waitForStatus(t, started.id, ['COMPLETED', 'FAILED'])).toBe('COMPLETED');
    const runsOfA = h.fakes.calls.filter((c) => c.jobExecutionId === started.id && c.typeId === a.id);
    const runsOfB = h.fakes.calls.filter((c) => c.jobExecutionId === started.id && c.typeId === b.id);
    expect(runsOfA).toHaveLength(1);
    expect(runsOfB).toHaveLength(2);
    expect((await h.activitiesOf(started.id)).map((r) => [r.status, r.attempt])).toEqual([
      ['COMPLETED', 1],
      ['COMPLETED', 1],
    ]);
  });

  it('marks a run cut off by a stop FAILED at the next start, and the run can be resumed', async () => {
    const moduleId = await h.freshModule();
    const p = await addPipeline(t, moduleId);
    const jobId = await createJob(t, h.admin, moduleId, jobBody([p.id]));
    await h.worker.stop();
    const started = await h.run(moduleId, jobId);
    // What a crash mid-activity leaves behind: the run and its activity RUNNING, its message gone.
    await t.database.db
      .updateTable('job_execution')
      .set({ status: 'RUNNING', started_at: new Date() })
      .where('id', '=', started.id)
      .execute();
    await t.database.db
      .updateTable('activity_execution')
      .set({ status: 'RUNNING', attempt: 1, started_at: new Date() })
      .where('job_execution_id', '=', started.id)
      .execute();
    await sql`DELETE FROM pgboss.job WHERE data->>'executionId' = ${String(started.id)}`.execute(t.database.db);
    await h.startWorker();
    const e = await h.executionOf(started.id);
    expect(e).toMatchObject({ status: 'FAILED', error_message: JOB_EXECUTION_TEXTS.serverStopped });
    expect(e.finished_at).not.toBeNull();
    expect(await h.activitiesOf(started.id)).toMatchObject([
      { status: 'FAILED', error_message: 'The server stopped during the run' },
    ]);
    const res = await call(t, h.admin, {
      method: 'PUT',
      url: `/web/v2/jobexecutions/executeFailedJob/${started.id}`,
      moduleId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await waitForStatus(t, started.id, ['COMPLETED', 'FAILED'])).toBe('COMPLETED');
  });

  it('picks up runs queued while no worker was running', async () => {
    const moduleId = await h.freshModule();
    const p = await addPipeline(t, moduleId);
    const jobId = await createJob(t, h.admin, moduleId, jobBody([p.id]));
    await h.worker.stop();
    const started = await h.run(moduleId, jobId);
    await sql`DELETE FROM pgboss.job WHERE data->>'executionId' = ${String(started.id)}`.execute(t.database.db);
    await h.startWorker();
    expect(await waitForStatus(t, started.id, ['COMPLETED', 'FAILED'])).toBe('COMPLETED');
  });
});
