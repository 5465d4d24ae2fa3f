import { endpoint, idParamsSchema } from './endpoint.ts';
import {
  fileApprovalQuerySchema,
  jobExecutionDetailSchema,
  jobExecutionRowSchema,
  jobExecutionsListQuerySchema,
  makerCheckerRequestSchema,
  makerCheckerResponseSchema,
} from './job-executions.ts';
import { pagedAnswerSchema } from './paging.ts';

const base = { module: 'required', tags: ['Job executions'] } as const;
const READERS = { code: 'jobExecutions' } as const;
const FILE_APPROVERS = { code: 'fileApproval' } as const;
const LIST = '/v2/jobexecutions';
const lastRunSchema = jobExecutionDetailSchema.nullable();

/** Job executions and their activity executions (spec 2). Every call is scoped to the caller's module. */
export const jobExecutionEndpoints = {
  list: endpoint({
    ...base,
    name: 'jobExecutions.list',
    method: 'GET',
    path: LIST,
    discriminator: { name: 'Find', value: null },
    privilege: READERS,
    query: jobExecutionsListQuerySchema,
    response: pagedAnswerSchema(jobExecutionRowSchema),
    summary: 'Runs (DataTables)',
    description: 'Filters jobId, status, fromDate, toDate.',
  }),
  lastByJob: endpoint({
    ...base,
    name: 'jobExecutions.lastByJob',
    method: 'GET',
    path: LIST,
    discriminator: { name: 'Find', value: 'LastJobExecutionByJobId' },
    privilege: READERS,
    query: jobExecutionsListQuerySchema,
    response: lastRunSchema,
    summary: 'The last run of a job',
    description: '`jobId`: the run with its activities, or null.',
  }),
  lastByDataSource: endpoint({
    ...base,
    name: 'jobExecutions.lastByDataSource',
    method: 'GET',
    path: LIST,
    discriminator: { name: 'Find', value: 'LastJobExecutionByDataSourceId' },
    privilege: READERS,
    query: jobExecutionsListQuerySchema,
    response: lastRunSchema,
    summary: 'The last run of a data source',
    description: '`dataSourceId`: the run with its activities, or null.',
  }),
  detail: endpoint({
    ...base,
    name: 'jobExecutions.detail',
    method: 'GET',
    path: `${LIST}/:id`,
    privilege: READERS,
    params: idParamsSchema,
    response: jobExecutionDetailSchema,
    summary: 'One run with its activity executions (sequence, type, status, attempt, counts, error, times)',
  }),
  retryFailed: endpoint({
    ...base,
    name: 'jobExecutions.retryFailed',
    method: 'PUT',
    path: `${LIST}/executeFailedJob/:id`,
    privilege: { code: 'createJob' },
    params: idParamsSchema,
    response: jobExecutionDetailSchema,
    summary: 'Run a FAILED execution again from its failed activity (completed ones are not re-run)',
  }),
  decideFileApproval: endpoint({
    ...base,
    name: 'jobExecutions.decideFileApproval',
    method: 'PUT',
    path: `${LIST}/:id/update_data_ingestion_status`,
    privilege: FILE_APPROVERS,
    params: idParamsSchema,
    query: fileApprovalQuerySchema,
    response: jobExecutionDetailSchema,
    summary: "Approve or reject a run's loaded files (maker-checker)",
    description:
      'approvalStatus=APPROVED: the run continues after its PIPE_LINE activities. REJECTED: the rows its files loaded are deleted, the files become ROLLED_BACK and the run ends REJECTED. Whoever started the run or uploaded its files cannot decide.',
  }),
  validateMakerChecker: endpoint({
    ...base,
    name: 'jobExecutions.validateMakerChecker',
    method: 'POST',
    path: `${LIST}/:id/file-approval-validate-maker-checker`,
    privilege: FILE_APPROVERS,
    params: idParamsSchema,
    body: makerCheckerRequestSchema,
    response: makerCheckerResponseSchema,
    summary: "Whether the caller may approve the run's files, and why not",
  }),
} as const;
