import { endpoint } from './endpoint.ts';
import {
  jobAdditionalSettingsRequestSchema,
  jobAdditionalSettingsSchema,
  jobIdParamsSchema,
  pipelinePrivilegeListResponseSchema,
  pipelinePrivilegeQueryBodySchema,
} from './jobs-settings.ts';

const base = { module: 'required', tags: ['Jobs'] } as const;
const READERS = { code: 'job' } as const;

/** A job's additional settings: file approval, mandatory file validation, pipeline privileges. */
export const jobSettingsEndpoints = {
  get: endpoint({
    ...base,
    name: 'jobSettings.get',
    method: 'GET',
    path: '/v2/jobs/additional-settings/:jobId',
    privilege: READERS,
    params: jobIdParamsSchema,
    response: jobAdditionalSettingsSchema,
    summary: "A job's file approval, file validation and pipeline privileges",
  }),
  save: endpoint({
    ...base,
    name: 'jobSettings.save',
    method: 'PUT',
    path: '/v2/jobs/additional-settings',
    privilege: { code: 'createJob' },
    body: jobAdditionalSettingsRequestSchema,
    response: jobAdditionalSettingsSchema,
    summary: "Save a job's additional settings",
    description:
      'Checks in the spec order (file validation, then pipeline permission messages); pipelines must be loaded by the job, users assigned to the product. Answers the saved settings.',
  }),
  myJobPipelinePrivileges: endpoint({
    ...base,
    name: 'jobSettings.myJobPipelinePrivileges',
    method: 'GET',
    path: '/v2/jobs/additional-settings/pipeline-privileges/:jobId/user',
    privilege: READERS,
    params: jobIdParamsSchema,
    response: pipelinePrivilegeListResponseSchema,
    summary: "The caller's privileges on each pipeline of a job",
  }),
  myPipelinePrivileges: endpoint({
    ...base,
    name: 'jobSettings.myPipelinePrivileges',
    method: 'POST',
    path: '/v2/jobs/additional-settings/pipeline-privileges/user',
    privilege: READERS,
    body: pipelinePrivilegeQueryBodySchema,
    response: pipelinePrivilegeListResponseSchema,
    summary: "The caller's privileges on the given pipelines, across the jobs that load them",
    description: 'Body: a list of pipeline ids (or `{ pipelineIds }`). Pipelines of other products are left out.',
  }),
} as const;
