import { JOB_TEXTS, type JobSaveRequest } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, invalidBody, NOT_ASSIGNED_BODY, notFoundBody } from '@/testing/error-bodies.ts';
import { createJob, jobBody } from '@/testing/job-fixtures.ts';
import { auditRows, call, type Session, type TestApp, uniqueName } from '@/testing/test-app.ts';
import { createJobsWorld } from './jobs.fixtures.ts';

let t: TestApp;
let moduleId: number;
let otherModule: number;
let admin: Session;
let operator: Session;
let support: Session;
let outsider: Session;
let pipelineA: number;
let pipelineB: number;
let foreignPipeline: number;
let reconId: number;

beforeAll(async () => {
  ({ t, moduleId, otherModule, admin, operator, support, outsider, pipelineA, pipelineB, foreignPipeline, reconId } =
    await createJobsWorld());
});
afterAll(() => t.close());

const jobNotFound = notFoundBody('Job not found');

const post = (s: Session | null, payload: object, m = moduleId) =>
  call(t, s, { method: 'POST', url: '/web/v2/jobs', payload, moduleId: m });
const put = (s: Session | null, payload: object, m = moduleId) =>
  call(t, s, { method: 'PUT', url: '/web/v2/jobs?opertionType=UPDATE', payload, moduleId: m });
const get = (s: Session | null, url: string, m = moduleId) => call(t, s, { method: 'GET', url, moduleId: m });

describe('POST /v2/jobs (create)', () => {
  it('creates a job with activities renumbered from 1, the four filters and no cron when MANUAL', async () => {
    const body = jobBody([pipelineA, pipelineB], {
      cronExpression: '0 9 * * *',
      jobFilters: [
        { filterName: { id: 2, dataType: 'BOOLEAN', name: 'SHOULD_RUN_CYCLE_WISE' }, enabled: true },
        { filterName: { id: 4, dataType: 'BOOLEAN', name: 'SHOW_BATCH_NUMBER_TIME_MAPPING' }, enabled: true },
      ],
    });
    body.activities = [
      { sequence: 5, type: 'RECON', activity: { typeId: reconId, name: 'dropped by the client anyway' } },
      { sequence: 2, type: 'PIPE_LINE', enabled: false, activity: { typeId: pipelineA, pipelineSource: 'FILE' } },
      { sequence: 3, type: 'BULK_PROCESSOR', bulkProcessorActivityDetails: { bulkProcessorType: 'BULK_KNOCK_OFF' } },
    ];
    const res = await post(admin, body);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json();
    expect(job).toMatchObject({
      name: body.name,
      moduleId,
      scheduleType: 'MANUAL',
      cronExpression: null,
      cronState: null,
      eventName: null,
      fileApprovalEnabled: false,
      lastExecution: null,
    });
    expect(job.activities).toEqual([
      expect.objectContaining({
        sequence: 1,
        type: 'PIPE_LINE',
        enabled: false,
        activity: expect.objectContaining({ typeId: pipelineA, name: 'Bank statement', pipelineSource: 'FILE' }),
      }),
      expect.objectContaining({
        sequence: 2,
        type: 'BULK_PROCESSOR',
        activity: expect.objectContaining({ typeId: null }),
        bulkProcessorActivityDetails: {
          bulkProcessorType: 'BULK_KNOCK_OFF',
          bulkProcessorApprovalRefEntityName: 'Module',
          bulkProcessorApprovalRefEntityId: moduleId,
        },
      }),
      expect.objectContaining({
        sequence: 3,
        type: 'RECON',
        activity: expect.objectContaining({ typeId: reconId, name: 'Bank vs Gateway', pipelineSource: null }),
      }),
    ]);
    // Batch-wise is off, so the time mapping is off too.
    expect(job.jobFilters).toEqual([
      { filterName: { id: 1, dataType: 'DATE', name: 'SHOW_DATE_RANGE' }, enabled: false },
      { filterName: { id: 2, dataType: 'BOOLEAN', name: 'SHOULD_RUN_BATCH_WISE' }, enabled: false },
      { filterName: { id: 3, dataType: 'BOOLEAN', name: 'SHOULD_RUN_CYCLE_WISE' }, enabled: true },
      { filterName: { id: 4, dataType: 'BOOLEAN', name: 'SHOW_BATCH_NUMBER_TIME_MAPPING' }, enabled: false },
    ]);
    const audit = (await auditRows(t, 'JOB_CREATED')).find((r) => r.entity_id === String(job.id));
    expect(audit).toMatchObject({ user_id: admin.userId, module_id: moduleId, entity_type: 'job', outcome: 'SUCCESS' });
  });

  it('keeps the cron expression of a CRON job and the time mapping when batch-wise is on', async () => {
    const res = await post(
      admin,
      jobBody([pipelineA], {
        scheduleType: 'CRON',
        cronExpression: '0 30 9 ? * MON-FRI',
        jobFilters: [
          { filterName: { name: 'SHOULD_RUN_BATCH_WISE' }, enabled: true },
          { filterName: { name: 'SHOW_BATCH_NUMBER_TIME_MAPPING' }, enabled: true },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ scheduleType: 'CRON', cronExpression: '0 30 9 ? * MON-FRI', cronState: null });
    const enabled = res.json().jobFilters.filter((f: { enabled: boolean }) => f.enabled);
    expect(enabled.map((f: { filterName: { name: string } }) => f.filterName.name)).toEqual([
      'SHOULD_RUN_BATCH_WISE',
      'SHOW_BATCH_NUMBER_TIME_MAPPING',
    ]);
  });

  // Each case fails its own check and every later one: the answer must be the earliest message.
  const long = 'J'.repeat(51);
  const orderCases: [string, JobSaveRequest, string, string][] = [
    [
      'no activity',
      { name: long, activities: [], fileApprovalEnabled: true },
      'activities',
      'Please provide atleast one activity',
    ],
    [
      'an activity without type or target',
      {
        name: long,
        fileApprovalEnabled: true,
        activities: [{ type: 'PIPE_LINE', activity: {} }, { type: 'BULK_PROCESSOR' }],
      },
      'activities',
      'Missing activity name or type',
    ],
    [
      'a bulk activity without its type',
      {
        name: long,
        fileApprovalEnabled: true,
        activities: [{ type: 'BULK_PROCESSOR', bulkProcessorActivityDetails: {} }],
      },
      'activities',
      'Missing bulk processor type ',
    ],
    [
      'a name over 50 characters',
      { name: long, fileApprovalEnabled: true, activities: [{ type: 'RECON', activity: { typeId: 1 } }] },
      'name',
      "Number of characters in Job name can't exceed 50",
    ],
    [
      'file approval without a dashboard',
      { name: 'ok', fileApprovalEnabled: true, activities: [{ type: 'DATA_PRE_PROCESSING' }] },
      'dashboardId',
      'Please select dashboard.',
    ],
  ];
  it.each(orderCases)('answers the spec message for %s, before later checks', async (_label, body, field, message) => {
    const res = await post(admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody(field, message));
  });

  it.each([
    ['no name', { name: '  ' }, 'name', JOB_TEXTS.nameRequired],
    ['retries over 10', { noOfRetrial: 11 }, 'noOfRetrial', 'Number of retries must be between 0 and 10'],
    [
      'a negative interval',
      { retrialInterval: -1 },
      'retrialInterval',
      'Retry interval must be between 0 and 1440 minutes',
    ],
    [
      'a bad cron',
      { scheduleType: 'CRON' as const, cronExpression: '61 * * * *' },
      'cronExpression',
      'Invalid cron expression',
    ],
  ])('refuses a job with %s', async (_label, overrides, field, message) => {
    const res = await post(admin, jobBody([pipelineA], overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody(field, message));
  });

  it('refuses activity targets that are not records of this module, like unknown ones', async () => {
    const foreign = await post(admin, jobBody([pipelineA, foreignPipeline]));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(invalidBody('activities', `Activity 2: pipeline ${foreignPipeline} not found`));
    const unknownRecon = await post(
      admin,
      jobBody([], { activities: [{ type: 'RECON', activity: { typeId: 999_999 } }] }),
    );
    expect(unknownRecon.json()).toEqual(invalidBody('activities', 'Activity 1: recon 999999 not found'));
    const unknownType = await post(admin, jobBody([], { activities: [{ type: 'TELEPORT', activity: { typeId: 1 } }] }));
    expect(unknownType.json()).toEqual(invalidBody('activities', 'Activity 1: unknown activity type TELEPORT'));
    const unknownFilter = await post(
      admin,
      jobBody([pipelineA], { jobFilters: [{ filterName: { name: 'RUN_ON_MARS' } }] }),
    );
    expect(unknownFilter.json()).toEqual(invalidBody('jobFilters', 'Unknown job filter RUN_ON_MARS'));
  });

  it('refuses a name already used in the module, whatever its case, but not in another module', async () => {
    const name = uniqueName('Unique job');
    await createJob(t, admin, moduleId, jobBody([pipelineA], { name }));
    const again = await post(admin, jobBody([pipelineA], { name: name.toUpperCase() }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidBody('name', 'A job with this name already exists'));
    const elsewhere = await post(admin, jobBody([foreignPipeline], { name }), otherModule);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses a body naming another module', async () => {
    const res = await post(admin, jobBody([pipelineA], { moduleId: otherModule }));
    expect(res.json()).toEqual(invalidBody('moduleId', 'The job must belong to the selected product'));
  });

  it('answers 403 without createJob, 403 for a module the user is not in, 401 without a token', async () => {
    expect((await post(operator, jobBody([pipelineA]))).json()).toEqual(FORBIDDEN_BODY);
    const res = await post(outsider, jobBody([pipelineA]));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(NOT_ASSIGNED_BODY);
    expect((await post(null, jobBody([pipelineA]))).statusCode).toBe(401);
  });
});

describe('PUT /v2/jobs?opertionType=UPDATE', () => {
  it('updates the job, keeping the activities sent back with their id and dropping the others', async () => {
    const id = await createJob(t, admin, moduleId, jobBody([pipelineA, pipelineB]));
    const before = (await get(admin, `/web/v2/jobs/${id}`)).json();
    const [first, second] = before.activities;
    const res = await put(admin, {
      ...jobBody([], { id, name: `${before.name} v2`, noOfRetrial: 2, retrialInterval: 15 }),
      activities: [
        { id: second.id, sequence: 1, type: 'PIPE_LINE', activity: { typeId: pipelineB } },
        { sequence: 2, type: 'RECON', activity: { typeId: reconId } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json();
    expect(job).toMatchObject({ id, name: `${before.name} v2`, noOfRetrial: 2, retrialInterval: 15 });
    expect(
      job.activities.map((a: { id: number; sequence: number; type: string }) => [a.id, a.sequence, a.type]),
    ).toEqual([
      [second.id, 1, 'PIPE_LINE'],
      [expect.any(Number), 2, 'RECON'],
    ]);
    expect(job.activities.map((a: { id: number }) => a.id)).not.toContain(first.id);
    const audit = (await auditRows(t, 'JOB_UPDATED')).find((r) => r.entity_id === String(id));
    expect(audit?.details).toMatchObject({ name: `${before.name} v2`, before: { name: before.name } });
  });

  it('terminates the schedule of a job turned MANUAL', async () => {
    const body = jobBody([pipelineA], { scheduleType: 'CRON', cronExpression: '0 6 * * *' });
    const id = await createJob(t, admin, moduleId, body);
    const scheduled = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/jobs?opertionType=SCHEDULE_CRON_JOB',
      payload: { id },
      moduleId,
    });
    expect(scheduled.json()).toMatchObject({ cronState: 'SCHEDULED', cronExpression: '0 6 * * *' });
    const res = await put(admin, { ...body, id, scheduleType: 'MANUAL' });
    expect(res.json()).toMatchObject({ scheduleType: 'MANUAL', cronExpression: null, cronState: 'TERMINATED' });
  });

  it('answers 400 without an id and 404 for a job of another module, like an unknown one', async () => {
    expect((await put(admin, jobBody([pipelineA]))).json()).toEqual(invalidBody('id', JOB_TEXTS.idRequired));
    const foreign = await createJob(t, admin, otherModule, jobBody([foreignPipeline]));
    const res = await put(admin, jobBody([pipelineA], { id: foreign }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(jobNotFound);
    expect((await put(admin, jobBody([pipelineA], { id: 987_654 }))).json()).toEqual(jobNotFound);
  });

  it('answers 400 to a missing or unknown opertionType and 403 without createJob', async () => {
    const missing = await call(t, admin, { method: 'PUT', url: '/web/v2/jobs', payload: {}, moduleId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('opertionType');
    expect((await put(operator, jobBody([pipelineA], { id: 1 }))).json()).toEqual(FORBIDDEN_BODY);
  });
});

describe('GET /v2/jobs/{id}', () => {
  it('answers the job with its activities in sequence and its filters', async () => {
    const id = await createJob(t, admin, moduleId, jobBody([pipelineB, pipelineA]));
    const res = await get(operator, `/web/v2/jobs/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().activities.map((a: { activity: { name: string } }) => a.activity.name)).toEqual([
      'Gateway settlement',
      'Bank statement',
    ]);
    expect(res.json().jobFilters).toHaveLength(4);
  });

  it('answers 404 for a job of another module exactly as for an unknown id', async () => {
    const foreign = await createJob(t, admin, otherModule, jobBody([foreignPipeline]));
    const res = await get(admin, `/web/v2/jobs/${foreign}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(jobNotFound);
    expect((await get(admin, '/web/v2/jobs/99999')).json()).toEqual(jobNotFound);
  });

  it('answers 403 without the job privilege and 401 without a token', async () => {
    expect((await get(support, '/web/v2/jobs/1')).json()).toEqual(FORBIDDEN_BODY);
    expect((await get(null, '/web/v2/jobs/1')).statusCode).toBe(401);
  });
});
