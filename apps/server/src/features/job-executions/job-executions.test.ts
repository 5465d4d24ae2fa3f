import { JOB_EXECUTION_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, invalidBody, notFoundBody } from '@/testing/error-bodies.ts';
import { addPipeline, addRecon, addUploadedFile, createJob, jobBody } from '@/testing/job-fixtures.ts';
import { addModuleWorld } from '@/testing/module-world.ts';
import { auditRows, call, createTestApp, type Session, type TestApp } from '@/testing/test-app.ts';

let t: TestApp;
let moduleId: number;
let otherModule: number;
let admin: Session;
let operator: Session;
let checker: Session;
let support: Session;
let pipelineA: number;
let pipelineB: number;
let foreignPipeline: number;
let jobA: number;
let jobB: number;
let foreignJob: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ moduleId, otherModule, admin, operator, checker, support } = await addModuleWorld(t, 'history', [
    'operator',
    'checker',
    'support',
  ]));
  pipelineA = (await addPipeline(t, moduleId, 'History bank')).id;
  pipelineB = (await addPipeline(t, moduleId, 'History gateway')).id;
  foreignPipeline = (await addPipeline(t, otherModule)).id;
  jobA = await createJob(t, admin, moduleId, jobBody([pipelineA], { name: 'Bank load' }));
  jobB = await createJob(t, admin, moduleId, jobBody([pipelineB], { name: 'Gateway load' }));
  foreignJob = await createJob(t, admin, otherModule, jobBody([foreignPipeline]));
});
afterAll(() => t.close());

const executionNotFound = notFoundBody('Job execution not found');

/** Starts a run through the API (no worker here: it stays RUNNABLE unless the test moves it). */
async function startRun(jobId: number, s = admin, m = moduleId, payload: Record<string, unknown> = {}) {
  const res = await call(t, s, {
    method: 'POST',
    url: '/web/v2/jobs?opertionType=MANUAL_JOB_EXEC',
    payload: { id: jobId, jobExecutionParam: {}, ...payload },
    moduleId: m,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().id as number;
}
const setRun = (id: number, values: Record<string, unknown>) =>
  t.database.db.updateTable('job_execution').set(values).where('id', '=', id).execute();
const setActivities = (id: number, values: Record<string, unknown>) =>
  t.database.db.updateTable('activity_execution').set(values).where('job_execution_id', '=', id).execute();
const get = (s: Session | null, url: string, m = moduleId) => call(t, s, { method: 'GET', url, moduleId: m });

describe('GET /v2/jobexecutions', () => {
  it('answers the module’s runs newest first with labels, and filters by job, status and day', async () => {
    const first = await startRun(jobA);
    const second = await startRun(jobB);
    const failed = await startRun(jobA);
    await setRun(failed, {
      status: 'FAILED',
      error_message: 'Bank file unreadable',
      started_at: new Date('2026-11-20T10:00:00Z'),
      finished_at: new Date('2026-11-20T10:01:30Z'),
    });
    await startRun(foreignJob, admin, otherModule);
    const res = await get(operator, '/web/v2/jobexecutions?draw=2&length=10');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ draw: 2, recordsTotal: 3, recordsFiltered: 3 });
    expect(page.data.map((r: { id: number }) => r.id)).toEqual([failed, second, first]);
    expect(page.data[0]).toMatchObject({
      jobId: jobA,
      jobName: 'Bank load',
      status: 'FAILED',
      statusLabel: 'Failed',
      trigger: 'MANUAL',
      errorMessage: 'Bank file unreadable',
      startedBy: 'history-admin',
      durationSeconds: 90,
    });
    expect(page.data[1]).toMatchObject({ status: 'RUNNABLE', statusLabel: 'Queued', durationSeconds: null });
    const byJob = await get(operator, `/web/v2/jobexecutions?jobId=${jobA}`);
    expect(byJob.json().data.map((r: { id: number }) => r.id)).toEqual([failed, first]);
    const byStatus = await get(operator, '/web/v2/jobexecutions?status=FAILED');
    expect(byStatus.json().data.map((r: { id: number }) => r.id)).toEqual([failed]);
    const day = t.clock.now.toISOString().slice(0, 10);
    const today = await get(operator, `/web/v2/jobexecutions?fromDate=${day}&toDate=${day}`);
    expect(today.json().recordsFiltered).toBe(3);
    const later = await get(operator, '/web/v2/jobexecutions?fromDate=2999-01-01');
    expect(later.json()).toMatchObject({ recordsTotal: 3, recordsFiltered: 0, data: [] });
    const searched = await get(
      operator,
      '/web/v2/jobexecutions?columns[0][data]=jobName&columns[0][search][value]=gateway',
    );
    expect(searched.json().data.map((r: { id: number }) => r.id)).toEqual([second]);
  });

  it('answers the last run of a job, or null when it never ran', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA]));
    const never = await get(operator, `/web/v2/jobexecutions?Find=LastJobExecutionByJobId&jobId=${jobId}`);
    expect(never.statusCode).toBe(200);
    expect(never.json()).toBeNull();
    await startRun(jobId);
    const last = await startRun(jobId);
    const res = await get(operator, `/web/v2/jobexecutions?Find=LastJobExecutionByJobId&jobId=${jobId}`);
    expect(res.json()).toMatchObject({ id: last, jobId, activities: [{ type: 'PIPE_LINE', typeId: pipelineA }] });
    const foreign = await get(operator, `/web/v2/jobexecutions?Find=LastJobExecutionByJobId&jobId=${foreignJob}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual([{ message: 'Job not found', code: 'NOT_FOUND' }]);
  });

  it('answers the last run that loaded a data source’s pipeline', async () => {
    const reconId = await addRecon(t, moduleId);
    const dataTableId = (
      await t.database.db
        .selectFrom('pipeline')
        .select('data_table_id')
        .where('id', '=', pipelineB)
        .executeTakeFirstOrThrow()
    ).data_table_id;
    const source = await t.database.db
      .insertInto('data_source')
      .values({
        module_id: moduleId,
        name: 'Gateway source',
        recon_id: reconId,
        pipeline_id: pipelineB,
        invalid_pipeline_id: pipelineB,
        data_table_id: dataTableId,
        max_invalid_record: '0',
        max_invalid_unit: null,
        max_duplicate_record: '0',
        max_duplicate_unit: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await startRun(jobA);
    const last = await startRun(jobB);
    await startRun(jobA);
    const res = await get(
      operator,
      `/web/v2/jobexecutions?Find=LastJobExecutionByDataSourceId&dataSourceId=${source.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: last, jobId: jobB });
    const unknown = await get(
      operator,
      '/web/v2/jobexecutions?Find=LastJobExecutionByDataSourceId&dataSourceId=987654',
    );
    expect(unknown.json()).toEqual([{ message: 'Data source not found', code: 'NOT_FOUND' }]);
  });

  it('answers 403 without jobExecutions, 403 for another module, 401 without a token', async () => {
    expect((await get(support, '/web/v2/jobexecutions')).json()).toEqual(FORBIDDEN_BODY);
    expect((await get(operator, '/web/v2/jobexecutions', otherModule)).statusCode).toBe(403);
    expect((await get(null, '/web/v2/jobexecutions')).statusCode).toBe(401);
  });
});

describe('GET /v2/jobexecutions/{id}', () => {
  it('answers the run with its activity executions and files', async () => {
    const fileId = await addUploadedFile(t, { moduleId, pipelineId: pipelineA, uploadedBy: admin.userId });
    const id = await startRun(jobA, admin, moduleId, { fileIds: [fileId] });
    await setActivities(id, {
      status: 'FAILED',
      attempt: 2,
      error_message: 'Columns Deleted',
      counts: JSON.stringify({ rowsRead: 5 }),
    });
    const res = await get(operator, `/web/v2/jobexecutions/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      trigger: 'UPLOAD',
      activities: [
        {
          sequence: 1,
          type: 'PIPE_LINE',
          typeId: pipelineA,
          name: 'History bank',
          status: 'FAILED',
          statusLabel: 'Failed',
          attempt: 2,
          counts: { rowsRead: 5 },
          errorMessage: 'Columns Deleted',
        },
      ],
      files: [{ id: fileId, pipelineId: pipelineA, status: 'UPLOADED' }],
    });
  });

  it('answers 404 for a run of another module exactly as for an unknown id', async () => {
    const foreign = await startRun(foreignJob, admin, otherModule);
    const res = await get(admin, `/web/v2/jobexecutions/${foreign}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(executionNotFound);
    expect((await get(admin, '/web/v2/jobexecutions/123456')).json()).toEqual(executionNotFound);
  });
});

describe('PUT /v2/jobexecutions/executeFailedJob/{id}', () => {
  const retry = (s: Session | null, id: number, m = moduleId) =>
    call(t, s, { method: 'PUT', url: `/web/v2/jobexecutions/executeFailedJob/${id}`, moduleId: m });

  it('queues a FAILED run again from its failed activity and audits it', async () => {
    const id = await startRun(jobA);
    await setRun(id, { status: 'FAILED', error_message: 'boom', finished_at: new Date() });
    await setActivities(id, { status: 'FAILED', attempt: 1, error_message: 'boom' });
    const res = await retry(admin, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'RUNNABLE', errorMessage: null, finishedAt: null });
    expect(res.json().activities[0]).toMatchObject({ status: 'RUNNABLE', attempt: 0, errorMessage: null });
    const audit = (await auditRows(t, 'JOB_EXECUTION_RETRIED')).find((r) => r.entity_id === String(id));
    expect(audit?.details).toMatchObject({ jobId: jobA, fromSequence: 1, error: 'boom' });
  });

  it('refuses a run that has not failed', async () => {
    const id = await startRun(jobA);
    const res = await retry(admin, id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('body', JOB_EXECUTION_TEXTS.onlyFailedRetry));
  });

  it('answers 404 for another module’s run, 403 without createJob, 401 without a token', async () => {
    const foreign = await startRun(foreignJob, admin, otherModule);
    expect((await retry(admin, foreign)).json()).toEqual(executionNotFound);
    expect((await retry(operator, foreign)).json()).toEqual(FORBIDDEN_BODY);
    expect((await retry(null, foreign)).statusCode).toBe(401);
  });
});

describe('file approval decisions', () => {
  const decide = (s: Session | null, id: number, approvalStatus: string, m = moduleId) =>
    call(t, s, {
      method: 'PUT',
      url: `/web/v2/jobexecutions/${id}/update_data_ingestion_status?approvalStatus=${approvalStatus}`,
      moduleId: m,
    });
  const validate = (s: Session | null, id: number, payload: object, m = moduleId) =>
    call(t, s, {
      method: 'POST',
      url: `/web/v2/jobexecutions/${id}/file-approval-validate-maker-checker`,
      payload,
      moduleId: m,
    });
  async function pendingRun(startedBy = admin) {
    const id = await startRun(jobA, startedBy);
    await setRun(id, { status: 'FILE_APPROVAL_PENDING', approval_status: 'ACTION_PENDING', needs_file_approval: true });
    return id;
  }

  it('approves a pending run for a checker and audits the decision', async () => {
    const id = await pendingRun();
    const res = await decide(checker, id, 'APPROVED');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'RUNNABLE', approvalStatus: 'APPROVED', approvedBy: 'history-checker' });
    const audit = (await auditRows(t, 'FILE_APPROVAL_DECIDED')).find((r) => r.entity_id === String(id));
    expect(audit?.details).toMatchObject({ decision: 'APPROVED', startedBy: admin.userId });
  });

  it('refuses a decision on a run that is not waiting for approval', async () => {
    const id = await startRun(jobA);
    const res = await decide(checker, id, 'REJECTED');
    expect(res.json()).toEqual(invalidBody('approvalStatus', JOB_EXECUTION_TEXTS.notPendingApproval));
    expect((await validate(checker, id, {})).json()).toEqual({
      canApprove: false,
      message: JOB_EXECUTION_TEXTS.notPendingApproval,
    });
  });

  it('refuses the uploader of a run’s file as checker', async () => {
    const fileId = await addUploadedFile(t, { moduleId, pipelineId: pipelineA, uploadedBy: checker.userId });
    const id = await startRun(jobA, admin, moduleId, { fileIds: [fileId] });
    await setRun(id, { status: 'FILE_APPROVAL_PENDING', approval_status: 'ACTION_PENDING' });
    expect((await validate(checker, id, { jobExecutionId: id })).json()).toEqual({
      canApprove: false,
      message: JOB_EXECUTION_TEXTS.uploaderCannotApprove,
    });
    expect((await decide(checker, id, 'APPROVED')).json()).toEqual(
      invalidBody('approvalStatus', JOB_EXECUTION_TEXTS.uploaderCannotApprove),
    );
  });

  it('checks the selected activities and the execution id of the validation body', async () => {
    const id = await pendingRun();
    const detail = (await get(admin, `/web/v2/jobexecutions/${id}`)).json();
    const ok = await validate(checker, id, {
      jobExecutionId: id,
      selectedExecutionActivities: [{ id: detail.activities[0].id }],
    });
    expect(ok.json()).toEqual({ canApprove: true, message: null });
    const unknown = await validate(checker, id, { selectedExecutionActivities: [detail.activities[0].id, 99_999] });
    expect(unknown.json()).toEqual(invalidBody('selectedExecutionActivities', 'Unknown execution activities: 99999'));
    const mismatch = await validate(checker, id, { jobExecutionId: id + 1000 });
    expect(mismatch.json()).toEqual(invalidBody('jobExecutionId', 'jobExecutionId must be the execution of the path'));
  });

  it('answers 400 to an unknown approvalStatus', async () => {
    const id = await pendingRun();
    const res = await decide(checker, id, 'MAYBE');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      field: 'approvalStatus',
      defaultMessage: 'approvalStatus must be APPROVED or REJECTED',
    });
  });

  it('answers 404 for another module’s run, 403 without fileApproval, 401 without a token', async () => {
    const foreign = await startRun(foreignJob, admin, otherModule);
    expect((await decide(admin, foreign, 'APPROVED')).json()).toEqual(executionNotFound);
    expect((await validate(admin, foreign, {})).json()).toEqual(executionNotFound);
    const id = await pendingRun();
    expect((await decide(operator, id, 'APPROVED')).json()).toEqual(FORBIDDEN_BODY);
    expect((await validate(operator, id, {})).json()).toEqual(FORBIDDEN_BODY);
    expect((await decide(null, id, 'APPROVED')).statusCode).toBe(401);
  });
});
