import { JOB_RUN_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, invalidBody, notFoundBody } from '@/testing/error-bodies.ts';
import { addPipeline, addUploadedFile, createJob, jobBody } from '@/testing/job-fixtures.ts';
import { addModuleWorld } from '@/testing/module-world.ts';
import { auditRows, call, createTestApp, type Session, type TestApp } from '@/testing/test-app.ts';

let t: TestApp;
let moduleId: number;
let otherModule: number;
let admin: Session;
let operator: Session;
let pipelineA: number;
let pipelineB: number;
let unusedPipeline: number;
let foreignPipeline: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ moduleId, otherModule, admin, operator } = await addModuleWorld(t, 'run', ['operator']));
  pipelineA = (await addPipeline(t, moduleId)).id;
  pipelineB = (await addPipeline(t, moduleId)).id;
  unusedPipeline = (await addPipeline(t, moduleId)).id;
  foreignPipeline = (await addPipeline(t, otherModule)).id;
});
afterAll(() => t.close());

const jobNotFound = notFoundBody('Job not found');

const runJob = (s: Session | null, payload: object, m = moduleId) =>
  call(t, s, { method: 'POST', url: '/web/v2/jobs?opertionType=MANUAL_JOB_EXEC', payload, moduleId: m });
const filters = (...names: string[]) => names.map((name) => ({ filterName: { name }, enabled: true }));

describe('POST /v2/jobs?opertionType=MANUAL_JOB_EXEC', () => {
  it('creates a RUNNABLE run with one activity execution per enabled activity and answers it', async () => {
    const body = jobBody([pipelineA, pipelineB]);
    if (body.activities?.[1]) body.activities[1].enabled = false;
    const jobId = await createJob(t, admin, moduleId, body);
    const res = await runJob(admin, {
      id: jobId,
      jobExecutionParam: { batchNumber: null, cycleNumber: null, endDate: '2026-11-20' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json();
    expect(run).toMatchObject({
      jobId,
      jobName: body.name,
      status: 'RUNNABLE',
      statusLabel: 'Queued',
      trigger: 'MANUAL',
      endDate: '2026-11-20',
      startedBy: 'run-admin',
      startedAt: null,
      needsFileApproval: false,
      files: [],
    });
    expect(run.activities).toEqual([
      expect.objectContaining({ sequence: 1, type: 'PIPE_LINE', typeId: pipelineA, status: 'RUNNABLE', attempt: 0 }),
    ]);
    const audit = (await auditRows(t, 'JOB_RUN_REQUESTED')).find((r) => r.entity_id === String(run.id));
    expect(audit).toMatchObject({ user_id: admin.userId, module_id: moduleId, entity_type: 'job_execution' });
  });

  it('needs a batch number when the job runs batch-wise, even with cycle-wise on', async () => {
    const jobId = await createJob(
      t,
      admin,
      moduleId,
      jobBody([pipelineA], { jobFilters: filters('SHOULD_RUN_BATCH_WISE', 'SHOULD_RUN_CYCLE_WISE') }),
    );
    const res = await runJob(admin, { id: jobId, jobExecutionParam: { cycleNumber: 3 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('jobExecutionParam.batchNumber', 'Batch Number is required'));
    const outOfRange = await runJob(admin, { id: jobId, jobExecutionParam: { batchNumber: 97 } });
    expect(outOfRange.json()).toEqual(invalidBody('jobExecutionParam.batchNumber', JOB_RUN_TEXTS.batchRange));
    const ok = await runJob(admin, { id: jobId, jobExecutionParam: { batchNumber: 96 } });
    expect(ok.json()).toMatchObject({ batchNumber: 96, cycleNumber: null });
  });

  it('needs a cycle number when the job runs cycle-wise only, and stores option 1C as cycle 9', async () => {
    const jobId = await createJob(
      t,
      admin,
      moduleId,
      jobBody([pipelineA], { jobFilters: filters('SHOULD_RUN_CYCLE_WISE') }),
    );
    const res = await runJob(admin, { id: jobId, jobExecutionParam: { batchNumber: null } });
    expect(res.json()).toEqual(invalidBody('jobExecutionParam.cycleNumber', 'Cycle Number is required'));
    const bad = await runJob(admin, { id: jobId, jobExecutionParam: { cycleNumber: '9C' } });
    expect(bad.json()).toEqual(invalidBody('jobExecutionParam.cycleNumber', JOB_RUN_TEXTS.cycleInvalid));
    expect((await runJob(admin, { id: jobId, jobExecutionParam: { cycleNumber: '1C' } })).json().cycleNumber).toBe(9);
    expect((await runJob(admin, { id: jobId, jobExecutionParam: { cycleNumber: '4C' } })).json().cycleNumber).toBe(4);
  });

  it('refuses an end date that is not a day', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA]));
    const res = await runJob(admin, { id: jobId, jobExecutionParam: { endDate: '20-11-2026' } });
    expect(res.json()).toEqual(invalidBody('jobExecutionParam.endDate', JOB_RUN_TEXTS.endDateInvalid));
  });

  it('attaches uploaded files of the job’s pipelines to the run (upload-file-and-run-job)', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA, pipelineB]));
    const fileA = await addUploadedFile(t, { moduleId, pipelineId: pipelineA, uploadedBy: admin.userId });
    const fileB = await addUploadedFile(t, { moduleId, pipelineId: pipelineB, uploadedBy: admin.userId });
    const res = await runJob(admin, { id: jobId, jobExecutionParam: {}, fileIds: [fileA, fileB] });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json();
    expect(run.trigger).toBe('UPLOAD');
    expect(run.files.map((f: { id: number; pipelineId: number }) => [f.id, f.pipelineId])).toEqual([
      [fileA, pipelineA],
      [fileB, pipelineB],
    ]);
    const rows = await t.database.db
      .selectFrom('uploaded_file')
      .select(['id', 'job_execution_id', 'activity_execution_id'])
      .where('id', 'in', [fileA, fileB])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.job_execution_id, r.activity_execution_id])).toEqual([
      [run.id, run.activities[0].id],
      [run.id, run.activities[1].id],
    ]);
  });

  it('refuses files that are already in a run, not uploaded, of another pipeline or of another module', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA]));
    const used = await addUploadedFile(t, { moduleId, pipelineId: pipelineA });
    await runJob(admin, { id: jobId, fileIds: [used] });
    const cases = [
      used,
      await addUploadedFile(t, { moduleId, pipelineId: pipelineA, status: 'FINISHED' }),
      await addUploadedFile(t, { moduleId, pipelineId: unusedPipeline }),
      await addUploadedFile(t, { moduleId: otherModule, pipelineId: foreignPipeline }),
      424_242,
    ];
    for (const fileId of cases) {
      const fresh = await addUploadedFile(t, { moduleId, pipelineId: pipelineA });
      const before = await t.database.db.selectFrom('job_execution').select('id').where('job_id', '=', jobId).execute();
      const res = await runJob(admin, { id: jobId, fileIds: [fresh, fileId] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(
        invalidBody(
          'fileIds',
          `File ${fileId} cannot be run: it must be an uploaded file of a pipeline this job loads, not yet run`,
        ),
      );
      // Nothing of the refused run stays: no run, the good file still free.
      const after = await t.database.db.selectFrom('job_execution').select('id').where('job_id', '=', jobId).execute();
      expect(after).toHaveLength(before.length);
      const freshRow = await t.database.db
        .selectFrom('uploaded_file')
        .select('job_execution_id')
        .where('id', '=', fresh)
        .executeTakeFirstOrThrow();
      expect(freshRow.job_execution_id).toBeNull();
    }
  });

  it('refuses to run a job without an enabled activity', async () => {
    const body = jobBody([pipelineA]);
    if (body.activities?.[0]) body.activities[0].enabled = false;
    const jobId = await createJob(t, admin, moduleId, body);
    const res = await runJob(admin, { id: jobId });
    expect(res.json()).toEqual(invalidBody('body', JOB_RUN_TEXTS.noEnabledActivity));
  });

  it('answers 400 without a job id, 404 for a job of another module like an unknown one', async () => {
    const missing = await runJob(admin, { jobExecutionParam: {} });
    expect(missing.json()).toEqual(invalidBody('id', 'Job id is required'));
    const foreign = await createJob(t, admin, otherModule, jobBody([foreignPipeline]));
    const res = await runJob(admin, { id: foreign });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(jobNotFound);
    expect((await runJob(admin, { id: 555_555 })).json()).toEqual(jobNotFound);
  });

  it('answers 403 without createJob and 401 without a token', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA]));
    expect((await runJob(operator, { id: jobId })).json()).toEqual(FORBIDDEN_BODY);
    expect((await runJob(null, { id: jobId })).statusCode).toBe(401);
  });
});

describe('PUT /v2/jobs?opertionType=…_CRON_JOB', () => {
  const cron = (s: Session | null, op: string, payload: object, m = moduleId) =>
    call(t, s, { method: 'PUT', url: `/web/v2/jobs?opertionType=${op}`, payload, moduleId: m });

  it('schedules, pauses, resumes and terminates a job', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA]));
    const scheduled = await cron(admin, 'SCHEDULE_CRON_JOB', { id: jobId, cronExpression: '0 */2 * * *' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({
      scheduleType: 'CRON',
      cronExpression: '0 */2 * * *',
      cronState: 'SCHEDULED',
    });
    const fired = await t.database.db
      .selectFrom('job')
      .select('cron_fired_until')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(fired.cron_fired_until?.getTime()).toBe(t.clock.now.getTime());
    expect((await cron(admin, 'PAUSE_CRON_JOB', { id: jobId })).json().cronState).toBe('PAUSED');
    expect((await cron(admin, 'RESUME_CRON_JOB', { id: jobId })).json().cronState).toBe('SCHEDULED');
    expect((await cron(admin, 'TERMINATE_CRON_JOB', { id: jobId })).json()).toMatchObject({
      cronState: 'TERMINATED',
      cronExpression: '0 */2 * * *',
    });
    const audits = (await auditRows(t, 'JOB_SCHEDULE_CHANGED')).filter((r) => r.entity_id === String(jobId));
    expect(audits.map((a) => (a.details as { operation: string }).operation)).toEqual([
      'SCHEDULE_CRON_JOB',
      'PAUSE_CRON_JOB',
      'RESUME_CRON_JOB',
      'TERMINATE_CRON_JOB',
    ]);
  });

  it('needs a valid cron expression to schedule', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA]));
    expect((await cron(admin, 'SCHEDULE_CRON_JOB', { id: jobId })).json()).toEqual(
      invalidBody('cronExpression', 'Cron expression is required'),
    );
    for (const bad of ['every day', '* * * *', '0 0 12 * * ? 2026', '0 25 * * *']) {
      const res = await cron(admin, 'SCHEDULE_CRON_JOB', { id: jobId, cronExpression: bad });
      expect(res.json(), bad).toEqual(invalidBody('cronExpression', 'Invalid cron expression'));
    }
  });

  it('refuses transitions that do not apply to the job’s schedule state', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA]));
    expect((await cron(admin, 'PAUSE_CRON_JOB', { id: jobId })).json()).toEqual(
      invalidBody('body', 'Only a scheduled job can be paused'),
    );
    expect((await cron(admin, 'RESUME_CRON_JOB', { id: jobId })).json()).toEqual(
      invalidBody('body', 'Only a paused job can be resumed'),
    );
    expect((await cron(admin, 'TERMINATE_CRON_JOB', { id: jobId })).json()).toEqual(
      invalidBody('body', 'The job has no schedule to terminate'),
    );
  });

  it('answers 404 for a job of another module, 403 without createJob, 401 without a token', async () => {
    const foreign = await createJob(t, admin, otherModule, jobBody([foreignPipeline]));
    const res = await cron(admin, 'SCHEDULE_CRON_JOB', { id: foreign, cronExpression: '* * * * *' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(jobNotFound);
    expect((await cron(operator, 'PAUSE_CRON_JOB', { id: foreign })).json()).toEqual(FORBIDDEN_BODY);
    expect((await cron(null, 'PAUSE_CRON_JOB', { id: foreign })).statusCode).toBe(401);
  });
});
