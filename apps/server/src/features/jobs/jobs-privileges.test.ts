import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, notFoundBody } from '@/testing/error-bodies.ts';
import { createJob, jobBody } from '@/testing/job-fixtures.ts';
import { call, type Session, type TestApp } from '@/testing/test-app.ts';
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

beforeAll(async () => {
  ({ t, moduleId, otherModule, admin, operator, support, pipelineA, pipelineB, strayPipeline, foreignPipeline } =
    await createSettingsWorld());
});
afterAll(() => t.close());

const jobNotFound = notFoundBody('Job not found');

const putSettings = (s: Session | null, payload: object, m = moduleId) =>
  call(t, s, { method: 'PUT', url: '/web/v2/jobs/additional-settings', payload, moduleId: m });
const fullSettings = (jobId: number) => allSettingsOn({ pipelineA, pipelineB, operator, admin }, jobId);

describe('pipeline privileges of the caller', () => {
  const mine = (s: Session, jobId: number) =>
    call(t, s, { method: 'GET', url: `/web/v2/jobs/additional-settings/pipeline-privileges/${jobId}/user`, moduleId });
  const enabled = (list: { privilegeCode: string; isEnabled: boolean }[]) =>
    list.filter((p) => p.isEnabled).map((p) => p.privilegeCode);

  it('answers every privilege on every pipeline while pipeline privileges are off', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA]));
    const res = await mine(operator, jobId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        pipelineId: pipelineA,
        pipelineName: 'Settings bank',
        privilegeList: [
          { privilegeCode: 'FILE_UPLOAD', isEnabled: true },
          { privilegeCode: 'RUN_JOB', isEnabled: true },
          { privilegeCode: 'FILE_APPROVAL', isEnabled: true },
          { privilegeCode: 'VIEW_FILES', isEnabled: true },
        ],
      },
    ]);
  });

  it('answers what the entries grant the caller, per pipeline and for all pipelines', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA, pipelineB]));
    await putSettings(admin, fullSettings(jobId));
    const operatorView = (await mine(operator, jobId)).json().data;
    expect(
      operatorView.map((p: { pipelineId: number; privilegeList: never[] }) => [p.pipelineId, enabled(p.privilegeList)]),
    ).toEqual([
      [pipelineA, ['FILE_UPLOAD', 'RUN_JOB']],
      [pipelineB, []],
    ]);
    const adminView = (await mine(admin, jobId)).json().data;
    expect(adminView.map((p: { privilegeList: never[] }) => enabled(p.privilegeList))).toEqual([
      ['RUN_JOB', 'FILE_APPROVAL'],
      ['RUN_JOB', 'FILE_APPROVAL'],
    ]);
    const byPipelines = await call(t, operator, {
      method: 'POST',
      url: '/web/v2/jobs/additional-settings/pipeline-privileges/user',
      payload: [pipelineA, strayPipeline, foreignPipeline],
      moduleId,
    });
    expect(byPipelines.statusCode).toBe(200);
    expect(
      byPipelines
        .json()
        .data.map((p: { pipelineId: number; privilegeList: never[] }) => [p.pipelineId, enabled(p.privilegeList)]),
    ).toEqual([
      [pipelineA, ['FILE_UPLOAD', 'RUN_JOB']],
      [strayPipeline, ['FILE_UPLOAD', 'RUN_JOB', 'FILE_APPROVAL', 'VIEW_FILES']],
    ]);
  });

  it('refuses a run to a user without "Run job" on a pipeline of the job', async () => {
    const jobId = await createJob(t, admin, moduleId, jobBody([pipelineA, pipelineB]));
    const settings = fullSettings(jobId);
    settings.pipelinePrivilegesVo = {
      privilegesEnabled: true,
      allPipelinePrivilegeVoList: [
        { pipelineId: pipelineA, userPrivileges: [{ userId: admin.userId, privileges: { RUN_JOB: true } }] },
      ],
    };
    await putSettings(admin, settings);
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/jobs?opertionType=MANUAL_JOB_EXEC',
      payload: { id: jobId },
      moduleId,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual([
      { message: `You do not have the "Run job" privilege for pipeline ${pipelineB} of this job`, code: 'FORBIDDEN' },
    ]);
  });

  it('answers 404 for a job of another module, 403 without the job privilege', async () => {
    const foreign = await createJob(t, admin, otherModule, jobBody([foreignPipeline]));
    expect((await mine(admin, foreign)).json()).toEqual(jobNotFound);
    expect((await mine(support, foreign)).json()).toEqual(FORBIDDEN_BODY);
    const res = await call(t, support, {
      method: 'POST',
      url: '/web/v2/jobs/additional-settings/pipeline-privileges/user',
      payload: [pipelineA],
      moduleId,
    });
    expect(res.json()).toEqual(FORBIDDEN_BODY);
    expect(
      (
        await call(t, null, {
          method: 'GET',
          url: `/web/v2/jobs/additional-settings/pipeline-privileges/${foreign}/user`,
        })
      ).statusCode,
    ).toBe(401);
  });
});
