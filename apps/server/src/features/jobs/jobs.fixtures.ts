import type { JobAdditionalSettingsRequest } from '@recon/contract';
import { addPipeline, addRecon } from '@/testing/job-fixtures.ts';
import { addModuleWorld } from '@/testing/module-world.ts';
import { addUser, createTestApp, type Session, signIn } from '@/testing/test-app.ts';

export type JobsWorld = Awaited<ReturnType<typeof createJobsWorld>>;
export type SettingsWorld = Awaited<ReturnType<typeof createSettingsWorld>>;

/**
 * The jobs API tests' world: "Jobs module" with an operator and a support user, an admin outside it
 * (`jobs-outsider`), two pipelines and a recon in it, and a pipeline of the other module.
 */
export async function createJobsWorld() {
  const t = await createTestApp();
  const world = await addModuleWorld(t, 'jobs', ['operator', 'support']);
  await addUser(t, { userName: 'jobs-outsider', roles: ['ROLE_ADMIN'], moduleIds: [world.otherModule] });
  return {
    t,
    ...world,
    outsider: await signIn(t, 'jobs-outsider'),
    pipelineA: (await addPipeline(t, world.moduleId, 'Bank statement')).id,
    pipelineB: (await addPipeline(t, world.moduleId, 'Gateway settlement')).id,
    foreignPipeline: (await addPipeline(t, world.otherModule)).id,
    reconId: await addRecon(t, world.moduleId, 'Bank vs Gateway'),
  };
}

/**
 * The job additional settings tests' world: "Settings module" with an operator and a support user, an operator of
 * the other module only (`outsiderId`), pipelines A and B (named), a stray pipeline and a foreign one.
 */
export async function createSettingsWorld() {
  const t = await createTestApp();
  const world = await addModuleWorld(t, 'settings', ['operator', 'support']);
  const outsiderId = await addUser(t, {
    userName: 'settings-outsider',
    roles: ['ROLE_OPERATOR'],
    moduleIds: [world.otherModule],
  });
  return {
    t,
    ...world,
    outsiderId,
    pipelineA: (await addPipeline(t, world.moduleId, 'Settings bank')).id,
    pipelineB: (await addPipeline(t, world.moduleId, 'Settings gateway')).id,
    strayPipeline: (await addPipeline(t, world.moduleId)).id,
    foreignPipeline: (await addPipeline(t, world.otherModule)).id,
  };
}

/** Settings with everything on and valid, for pipelines A and B of the settings world. */
export function allSettingsOn(
  world: { pipelineA: number; pipelineB: number; operator: Session; admin: Session },
  jobId: number,
): JobAdditionalSettingsRequest {
  const { pipelineA, pipelineB, operator, admin } = world;
  return {
    jobId,
    isFileApprovalEnabled: true,
    jobFileApprovalVo: { dashboardId: 4, fileApprovalVoPipelineDashlets: [{ pipelineId: pipelineA, dashletId: 11 }] },
    jobValidation: {
      isActiveJobValidation: true,
      dateWiseValidation: false,
      dateAndCycleWiseValidation: true,
      fileRegexList: [
        {
          pipelineId: pipelineA,
          fileNameRegex: '^BANK_.*\\.csv$',
          datePattern: 'yyyyMMdd',
          dataCycleRegex: '_C(\\d)_',
        },
        { pipelineId: pipelineB, fileNameRegex: '^PG_.*', datePattern: 'ddMMyyyy', dataCycleRegex: 'C\\d' },
      ],
    },
    pipelinePrivilegesVo: {
      privilegesEnabled: true,
      allPipelinePrivilegeVoList: [
        {
          pipelineId: pipelineA,
          userPrivileges: [
            { userId: operator.userId, userName: 'ignored', privileges: { FILE_UPLOAD: true, RUN_JOB: true } },
          ],
        },
        {
          isAllPipelines: true,
          userPrivileges: [{ userId: admin.userId, privileges: { RUN_JOB: true, FILE_APPROVAL: true } }],
        },
      ],
    },
  };
}
