import { endpoint, idParamsSchema } from './endpoint.ts';
import { pagedAnswerSchema } from './paging.ts';
import type { PrivilegeRule } from './privileges.ts';
import {
  ROLLBACK_IMPACT_PRIVILEGE,
  ROLLBACK_REQUEST_PRIVILEGE,
  requestRollbackBodySchema,
  requestRollbackQuerySchema,
  rollbackDetailSchema,
  rollbackImpactSchema,
  rollbackRowSchema,
  rollbacksQuerySchema,
} from './rollbacks.ts';

/** The Rollback History page (spec 2 menu code rollbackHistory). */
const HISTORY: PrivilegeRule = { code: 'rollbackHistory' };
const base = { module: 'required', tags: ['Rollbacks'] } as const;

/** Rollbacks of job executions (spec 2 §7): impact, request, retry, history. Every call is scoped to the module. */
export const rollbackEndpoints = {
  impact: endpoint({
    ...base,
    name: 'rollbacks.impact',
    method: 'GET',
    path: '/v2/jobexecutions/:id/rollback_impact',
    privilege: ROLLBACK_IMPACT_PRIVILEGE,
    params: idParamsSchema,
    response: rollbackImpactSchema,
    summary: 'What a rollback of the execution would undo, and whether it can be requested',
    description:
      'Per pipeline the files and the rows they loaded (data and invalid rows), the recon runs of the execution, and the dependencies (DEPENDENCY_EXPLORED): recon runs outside the execution that used its data. A run of a later execution blocks the rollback (that execution goes first: blockingExecutions); a manual action or Run recon is rolled back by the same request, first.',
  }),
  request: endpoint({
    ...base,
    name: 'rollbacks.request',
    method: 'PUT',
    path: '/v2/executionrollbacks',
    discriminator: { name: 'Operation', value: 'RetryFailedJob' },
    privilege: ROLLBACK_REQUEST_PRIVILEGE,
    query: requestRollbackQuerySchema,
    body: requestRollbackBodySchema,
    response: rollbackDetailSchema,
    summary: 'Request the rollback of a job execution (Operation=RetryFailedJob)',
    description:
      'An optional body `{ reason }` (not in the spec) is recorded in the audit entry of the request. Creates a rollback request (QUEUED) with its records and dependencies and runs it in the background: recon runs newest first, then the rows of each pipeline’s files, then the execution (ROLLED_BACK). In a module where rollbacks need approval (Module Settings) the request is APPROVAL_PENDING instead (records CREATED, nothing rolled back) with an approval request in My Jobs › Approvals: another user approves it (it is planned again and queued) or rejects it (REJECTED, "Approval rejected"). 400 when the execution is not completed, partially completed or failed; 409 when a rollback of it exists or later executions used its data (named). Needs rollbackHistory, jobExecutions and createJob.',
  }),
  retry: endpoint({
    ...base,
    name: 'rollbacks.retry',
    method: 'PUT',
    path: '/v2/executionrollbacks/executeFailedJob/:id',
    privilege: ROLLBACK_REQUEST_PRIVILEGE,
    params: idParamsSchema,
    response: rollbackDetailSchema,
    summary: 'Retry a failed rollback from the step that failed',
    description:
      'A ROLLBACK_FAILED or PARTIALLY_ROLLEDBACK request is planned again from what is left (finished records stay) and queued. 400 for a request that did not fail; 409 when later executions used the data meanwhile.',
  }),
  list: endpoint({
    ...base,
    name: 'rollbacks.list',
    method: 'GET',
    path: '/v2/executionrollbacks',
    privilege: HISTORY,
    query: rollbacksQuerySchema,
    response: pagedAnswerSchema(rollbackRowSchema),
    summary: "The module's rollbacks, newest first (DataTables)",
    description:
      'Columns rollbackId, jobName, startTime, endTime, executedBy, status (search and order); filters status, jobExecutionId, fromDate, toDate.',
  }),
  detail: endpoint({
    ...base,
    name: 'rollbacks.detail',
    method: 'GET',
    path: '/v2/executionrollbacks/:id',
    privilege: HISTORY,
    params: idParamsSchema,
    response: rollbackDetailSchema,
    summary: 'One rollback with its records (steps, in order) and dependencies',
  }),
} as const;
