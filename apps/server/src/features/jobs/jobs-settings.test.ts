import { JOB_SETTINGS_TEXTS, type JobAdditionalSettingsRequest } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, invalidBody, notFoundBody } from '@/testing/error-bodies.ts';
import { createJob, jobBody } from '@/testing/job-fixtures.ts';
import { auditRows, call, type Session, type TestApp } from '@/testing/test-app.ts';
import { allSettingsOn, createSettingsWorld } from './jobs.fixtures.ts';

let t: TestApp;
let moduleId: number;
let otherModule: number;
let admin: Session;
let operator: Session;
let support: Session;
let pipelineA: number;
let pipelineB: number;
let strayPipeline: number;
let foreignPipeline: number;
let outsiderId: number;

beforeAll(async () => {
  const world = await createSettingsWorld();
  ({ t, moduleId, otherModule, admin, operator, support, pipelineA, pipelineB, strayPipeline, foreignPipeline } =
    world);
  outsiderId = world.outsiderId;
});
afterAll(() => t.close());

const jobNotFound = notFoundBody('Job not found');

const getSettings = (s: Session | null, jobId: number, m = moduleId) =>
  call(t, s, { method: 'GET', url: `/web/v2/jobs/additional-settings/${jobId}`, moduleId: m });
const putSettings = (s: Session | null, payload: object, m = moduleId) =>
  call(t, s, { method: 'PUT', url: '/web/v2/jobs/additional-settings', payload, moduleId: m });
const fullSettings = (jobId: number) => allSettingsOn({ pipelineA, pipelineB, operator, admin }, jobId);

describe('GET /v2/jobs/additional-settings/{jobId}', () => {
  it('answers everything off for a job never configured', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA]));
    const res = await getSettings(operator, jobId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      jobId,
      isFileApprovalEnabled: false,
      jobFileApprovalVo: { dashboardId: null, fileApprovalVoPipelineDashlets: [] },
      jobValidation: {
        isActiveJobValidation: false,
        dateWiseValidation: false,
        dateAndCycleWiseValidation: false,
        fileRegexList: [],
      },
      pipelinePrivilegesVo: { privilegesEnabled: false, allPipelinePrivilegeVoList: [] },
    });
  });

  it('answers 404 for a job of another module, 403 without the job privilege, 401 without a token', async () => {
    const foreign = await createJob(t, admin, otherModule, jobBody([foreignPipeline]));
    expect((await getSettings(admin, foreign)).json()).toEqual(jobNotFound);
    expect((await getSettings(support, foreign)).json()).toEqual(FORBIDDEN_BODY);
    expect((await getSettings(null, foreign)).statusCode).toBe(401);
  });
});

describe('PUT /v2/jobs/additional-settings', () => {
  it('saves file approval, validation and privileges, and answers them with the users’ real names', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA, pipelineB]));
    const res = await putSettings(admin, fullSettings(jobId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      jobId,
      isFileApprovalEnabled: true,
      jobFileApprovalVo: { dashboardId: 4, fileApprovalVoPipelineDashlets: [{ pipelineId: pipelineA, dashletId: 11 }] },
      jobValidation: { isActiveJobValidation: true, dateWiseValidation: false, dateAndCycleWiseValidation: true },
    });
    expect(res.json().pipelinePrivilegesVo.allPipelinePrivilegeVoList).toEqual([
      {
        pipelineId: pipelineA,
        isAllPipelines: false,
        userPrivileges: [
          {
            userId: operator.userId,
            userName: 'settings-operator',
            privileges: { FILE_UPLOAD: true, RUN_JOB: true, FILE_APPROVAL: false, VIEW_FILES: false },
          },
        ],
      },
      {
        pipelineId: null,
        isAllPipelines: true,
        userPrivileges: [
          {
            userId: admin.userId,
            userName: 'settings-admin',
            privileges: { FILE_UPLOAD: false, RUN_JOB: true, FILE_APPROVAL: true, VIEW_FILES: false },
          },
        ],
      },
    ]);
    expect((await getSettings(operator, jobId)).json()).toEqual(res.json());
    const job = (await call(t, admin, { method: 'GET', url: `/web/v2/jobs/${jobId}`, moduleId })).json();
    expect(job).toMatchObject({ fileApprovalEnabled: true, dashboardId: 4 });
    expect((await auditRows(t, 'JOB_SETTINGS_UPDATED')).some((r) => r.entity_id === String(jobId))).toBe(true);
  });

  // Each case breaks its own rule and the later ones: the first message in the spec's order must answer.
  type Settings = JobAdditionalSettingsRequest;
  const validation = (v: Partial<NonNullable<Settings['jobValidation']>>): Partial<Settings> => ({
    jobValidation: { isActiveJobValidation: true, dateAndCycleWiseValidation: true, ...v },
  });
  const privileges = (
    list: NonNullable<NonNullable<Settings['pipelinePrivilegesVo']>['allPipelinePrivilegeVoList']>,
  ) => ({
    pipelinePrivilegesVo: { privilegesEnabled: true, allPipelinePrivilegeVoList: list },
  });
  const row = (r: Record<string, unknown>) => ({
    pipelineId: 1,
    fileNameRegex: 'x',
    datePattern: 'd',
    dataCycleRegex: 'c',
    ...r,
  });
  const cases: [string, Partial<Settings>, string][] = [
    [
      'approval without a dashboard',
      { isFileApprovalEnabled: true, jobFileApprovalVo: { dashboardId: null } },
      'Please select dashboard.',
    ],
    ['validation without rows', validation({ fileRegexList: [] }), JOB_SETTINGS_TEXTS.validationSelectPipelines],
    [
      'a row without pipeline',
      validation({ fileRegexList: [row({ pipelineId: null, fileNameRegex: '' })] }),
      'Pipelines should be selected if file validation enabled.',
    ],
    [
      'a row without regex',
      validation({ fileRegexList: [row({ fileNameRegex: ' ', datePattern: null })] }),
      'Every line item should have file name regex.',
    ],
    [
      'a broken regex',
      validation({ fileRegexList: [row({ fileNameRegex: '([a-z', datePattern: null })] }),
      'Invalid Regex',
    ],
    [
      'a row without date pattern',
      validation({ fileRegexList: [row({ datePattern: null, dataCycleRegex: null })] }),
      'Every line item should have data pattern.',
    ],
    [
      'a row without cycle regex',
      validation({ fileRegexList: [row({ dataCycleRegex: null })] }),
      'Every line item should have data cycle regex.',
    ],
    ['a broken cycle regex', validation({ fileRegexList: [row({ dataCycleRegex: '(' })] }), 'Invalid Regex'],
    [
      'two validation modes',
      validation({ dateWiseValidation: true, fileRegexList: [row({})] }),
      'Choose only one file validation mode',
    ],
    [
      'a permission without users',
      privileges([{ pipelineId: null, userPrivileges: [] }, { userPrivileges: [{ userId: null }] }]),
      "Pipeline permission can't be saved without adding users",
    ],
    [
      'a permission without a chosen user',
      privileges([{ pipelineId: null, userPrivileges: [{ userId: null }] }]),
      'Select user in every permission',
    ],
    ['no permission at all', privileges([]), 'Atleast add one permission if pipeline permission enabled.'],
    [
      'a permission without pipeline',
      privileges([{ pipelineId: null, userPrivileges: [{ userId: 1 }] }]),
      'Select pipeline in every permission',
    ],
  ];
  it.each(cases)('answers the spec message for %s', async (_label, settings, message) => {
    const res = await putSettings(admin, { jobId: 1, ...settings });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('body', message));
  });

  it('refuses pipelines the job does not load and users outside the module', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA, pipelineB]));
    const stray = fullSettings(jobId);
    stray.jobFileApprovalVo = { dashboardId: 4, fileApprovalVoPipelineDashlets: [{ pipelineId: strayPipeline }] };
    expect((await putSettings(admin, stray)).json()).toEqual(
      invalidBody('pipelineId', `Pipeline ${strayPipeline} is not loaded by this job`),
    );
    const outsider = fullSettings(jobId);
    outsider.pipelinePrivilegesVo = {
      privilegesEnabled: true,
      allPipelinePrivilegeVoList: [{ pipelineId: pipelineA, userPrivileges: [{ userId: outsiderId, privileges: {} }] }],
    };
    expect((await putSettings(admin, outsider)).json()).toEqual(
      invalidBody('userId', `User ${outsiderId} is not assigned to this product`),
    );
    const badCode = fullSettings(jobId);
    badCode.pipelinePrivilegesVo = {
      privilegesEnabled: true,
      allPipelinePrivilegeVoList: [
        { pipelineId: pipelineA, userPrivileges: [{ userId: operator.userId, privileges: { FLY: true } }] },
      ],
    };
    expect((await putSettings(admin, badCode)).json()).toEqual(
      invalidBody('privileges', 'Unknown pipeline privilege FLY'),
    );
  });

  it('answers 404 for a job of another module, 403 without createJob, 401 without a token', async () => {
    const foreign = await createJob(t, admin, otherModule, jobBody([foreignPipeline]));
    expect((await putSettings(admin, { jobId: foreign })).json()).toEqual(jobNotFound);
    expect((await putSettings(operator, { jobId: foreign })).json()).toEqual(FORBIDDEN_BODY);
    expect((await putSettings(null, { jobId: foreign })).statusCode).toBe(401);
  });
});

describe('settings after a job save', () => {
  it('keeps only the pipelines still in the job', async () => {
    const body = jobBody([pipelineA, pipelineB]);
    const jobId = await createJob(t, admin, moduleId, body);
    await putSettings(admin, fullSettings(jobId));
    const saved = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/jobs?opertionType=UPDATE',
      payload: { ...jobBody([pipelineB], { name: body.name, fileApprovalEnabled: true, dashboardId: 4 }), id: jobId },
      moduleId,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = (await getSettings(admin, jobId)).json();
    expect(settings.isFileApprovalEnabled).toBe(true);
    expect(settings.jobFileApprovalVo.fileApprovalVoPipelineDashlets).toEqual([]);
    expect(settings.jobValidation.fileRegexList.map((r: { pipelineId: number }) => r.pipelineId)).toEqual([pipelineB]);
    expect(
      settings.pipelinePrivilegesVo.allPipelinePrivilegeVoList.map(
        (e: { isAllPipelines: boolean }) => e.isAllPipelines,
      ),
    ).toEqual([true]);
  });

  it('turns approval and privileges off and clears validation when no pipeline remains', async () => {
    const body = jobBody([pipelineA, pipelineB]);
    const jobId = await createJob(t, admin, moduleId, body);
    await putSettings(admin, fullSettings(jobId));
    await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/jobs?opertionType=UPDATE',
      payload: { ...jobBody([], { name: body.name, activities: [{ type: 'DATA_PRE_PROCESSING' }] }), id: jobId },
      moduleId,
    });
    const settings = (await getSettings(admin, jobId)).json();
    expect(settings).toMatchObject({
      isFileApprovalEnabled: false,
      jobFileApprovalVo: { fileApprovalVoPipelineDashlets: [] },
      jobValidation: { isActiveJobValidation: false, fileRegexList: [] },
      pipelinePrivilegesVo: { privilegesEnabled: false, allPipelinePrivilegeVoList: [] },
    });
  });
});
