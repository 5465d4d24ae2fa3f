import { endpoint, idParamsSchema } from './endpoint.ts';
import { jobExecutionDetailSchema } from './job-executions.ts';
import {
  jobDetailSchema,
  jobRowSchema,
  jobSaveRequestSchema,
  jobsFromAllModulesResponseSchema,
  jobsListQuerySchema,
} from './jobs.ts';
import {
  botConfigsResponseSchema,
  emailFetchConfigsResponseSchema,
  exportReportConfigsResponseSchema,
  exportReportConfigTypesResponseSchema,
} from './jobs-catalogue.ts';
import { jobCronRequestSchema, jobPostQuerySchema, jobPutQuerySchema, jobRunRequestSchema } from './jobs-run.ts';
import { pagedAnswerSchema } from './paging.ts';

const base = { module: 'required', tags: ['Jobs'] } as const;
const READERS = { code: 'job' } as const;
const WRITERS = { code: 'createJob' } as const;
const JOBS = '/v2/jobs';
const list = { ...base, method: 'GET', path: JOBS, privilege: READERS, query: jobsListQuerySchema } as const;
const post = { ...base, method: 'POST', path: JOBS, privilege: WRITERS, query: jobPostQuerySchema } as const;
const put = { ...base, method: 'PUT', path: JOBS, privilege: WRITERS, query: jobPutQuerySchema } as const;
const CRON_ANSWER = 'Answers the job with its cronState.';

/** Jobs, their activities, runs and schedules (spec 2). Every call is scoped to the caller's module. */
export const jobEndpoints = {
  list: endpoint({
    ...list,
    name: 'jobs.list',
    discriminator: { name: 'Find', value: null },
    response: pagedAnswerSchema(jobRowSchema),
    summary: 'Jobs (DataTables)',
    description: 'Default length 15.',
  }),
  fromAllModules: endpoint({
    ...list,
    name: 'jobs.fromAllModules',
    discriminator: { name: 'Find', value: 'JobsFromAllModules' },
    response: jobsFromAllModulesResponseSchema,
    summary: 'Jobs of every module the caller is assigned to',
  }),
  botConfigs: endpoint({
    ...list,
    name: 'jobs.botConfigs',
    discriminator: { name: 'Find', value: 'BotConfigs' },
    response: botConfigsResponseSchema,
    summary: 'The bot catalogue',
  }),
  exportReportConfigs: endpoint({
    ...list,
    name: 'jobs.exportReportConfigs',
    discriminator: { name: 'Find', value: 'ExportReportConfigs' },
    response: exportReportConfigsResponseSchema,
    summary: 'Export report configs of the module',
    description: 'Optional `exportJobTypeName`.',
  }),
  exportReportConfigTypes: endpoint({
    ...list,
    name: 'jobs.exportReportConfigTypes',
    discriminator: { name: 'Find', value: 'ExportReportConfigTypes' },
    response: exportReportConfigTypesResponseSchema,
    summary: 'Distinct export job type names',
  }),
  emailFetchConfigs: endpoint({
    ...list,
    name: 'jobs.emailFetchConfigs',
    discriminator: { name: 'Find', value: 'EmailFetchConfigs' },
    response: emailFetchConfigsResponseSchema,
    summary: 'Email parsing rules and mail accounts of the module, for an EMAIL_FETCH activity',
  }),
  detail: endpoint({
    ...base,
    name: 'jobs.detail',
    method: 'GET',
    path: `${JOBS}/:id`,
    privilege: READERS,
    params: idParamsSchema,
    response: jobDetailSchema,
    summary: 'One job with its activities (in sequence), filters and settings',
  }),
  create: endpoint({
    ...post,
    name: 'jobs.create',
    discriminator: { name: 'opertionType', value: null },
    body: jobSaveRequestSchema,
    response: jobDetailSchema,
    summary: 'Create a job',
    description: 'Body: the job, its activities and jobFilters; checks in the spec order; answers the saved job.',
  }),
  run: endpoint({
    ...post,
    name: 'jobs.run',
    discriminator: { name: 'opertionType', value: 'MANUAL_JOB_EXEC' },
    body: jobRunRequestSchema,
    response: jobExecutionDetailSchema,
    summary: 'Run a job',
    description:
      'Body `{ id, jobExecutionParam: { batchNumber, cycleNumber, endDate }, fileIds? }`; answers the RUNNABLE execution.',
  }),
  update: endpoint({
    ...put,
    name: 'jobs.update',
    discriminator: { name: 'opertionType', value: 'UPDATE' },
    body: jobSaveRequestSchema,
    response: jobDetailSchema,
    summary: 'Update a job',
    description: 'The job body with its id; answers the saved job.',
  }),
  scheduleCron: endpoint({
    ...put,
    name: 'jobs.scheduleCron',
    discriminator: { name: 'opertionType', value: 'SCHEDULE_CRON_JOB' },
    body: jobCronRequestSchema,
    response: jobDetailSchema,
    summary: "Schedule a job's cron",
    description: `\`{ id, cronExpression }\`. ${CRON_ANSWER}`,
  }),
  pauseCron: endpoint({
    ...put,
    name: 'jobs.pauseCron',
    discriminator: { name: 'opertionType', value: 'PAUSE_CRON_JOB' },
    body: jobCronRequestSchema,
    response: jobDetailSchema,
    summary: "Pause a job's cron",
    description: `\`{ id }\`. ${CRON_ANSWER}`,
  }),
  resumeCron: endpoint({
    ...put,
    name: 'jobs.resumeCron',
    discriminator: { name: 'opertionType', value: 'RESUME_CRON_JOB' },
    body: jobCronRequestSchema,
    response: jobDetailSchema,
    summary: "Resume a job's cron",
    description: `\`{ id }\`. ${CRON_ANSWER}`,
  }),
  terminateCron: endpoint({
    ...put,
    name: 'jobs.terminateCron',
    discriminator: { name: 'opertionType', value: 'TERMINATE_CRON_JOB' },
    body: jobCronRequestSchema,
    response: jobDetailSchema,
    summary: "Terminate a job's cron",
    description: `\`{ id }\`. ${CRON_ANSWER}`,
  }),
} as const;
