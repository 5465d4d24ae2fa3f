import {
  APPROVALS_PRIVILEGE,
  approvalDecisionBodySchema,
  approvalDecisionQuerySchema,
  approvalDetailSchema,
  approvalRowsPageSchema,
  approvalRowsQuerySchema,
  approvalsPageSchema,
  approvalsQuerySchema,
} from './approvals.ts';
import { endpoint, idParamsSchema } from './endpoint.ts';

const base = { module: 'required', privilege: APPROVALS_PRIVILEGE, tags: ['Approvals'] } as const;
const ONE = '/v2/approvals/:id';

// What both decisions share: maker-checker (decision 0010) and the audit trail.
const DECIDING =
  'Whoever requested it can never approve or reject it (400, whatever their privileges); a request is decided once (409 afterwards). Every decision and every refusal is audited (APPROVAL_APPROVED, APPROVAL_REJECTED, APPROVAL_FAILED).';

/** My Jobs › Approvals (spec 1, privilege pendingApprovals): requests waiting for a second person. Module-scoped. */
export const approvalEndpoints = {
  list: endpoint({
    ...base,
    name: 'approvals.list',
    method: 'GET',
    path: '/v2/approvals',
    query: approvalsQuerySchema,
    response: approvalsPageSchema,
    summary: "The module's approval requests, newest first (DataTables)",
    description:
      'Columns approvalId, kind, summary, requestedBy, requestedAt, status, decidedBy, decidedAt (search and order); filters `status` (ACTION_PENDING, APPROVED, REJECTED, FAILED…) and `kind` (ROLLBACK, BULK_KNOCK_OFF).',
  }),
  detail: endpoint({
    ...base,
    name: 'approvals.detail',
    method: 'GET',
    path: ONE,
    params: idParamsSchema,
    response: approvalDetailSchema,
    summary: 'One approval request: what it would do, and whether the caller may decide it',
    description:
      'A BULK_KNOCK_OFF has `knockOff` (recon, data source, reason, row count, columns; the rows with GET /v2/approvals/{id}/rows); a ROLLBACK has `rollback` (the rollback request and its impact — worked out again while it waits). `canDecide` is false with `cannotDecideReason` for the requester or a decided request. 404 for an id of another module.',
  }),
  rows: endpoint({
    ...base,
    name: 'approvals.rows',
    method: 'GET',
    path: '/v2/approvals/:id/rows',
    params: idParamsSchema,
    query: approvalRowsQuerySchema,
    response: approvalRowsPageSchema,
    summary: "A page of a knock-off request's rows as they are now (DataTables, id order)",
    description: '400 for a request that is not a knock-off; 404 for an id of another module.',
  }),
  approve: endpoint({
    ...base,
    name: 'approvals.approve',
    method: 'PUT',
    path: ONE,
    discriminator: { name: 'Operation', value: 'Approve' },
    params: idParamsSchema,
    query: approvalDecisionQuerySchema,
    body: approvalDecisionBodySchema,
    response: approvalDetailSchema,
    summary: 'Approve an approval request',
    description: `\`{ remark? }\`: a ROLLBACK is planned again from the database and queued (the rollback request goes QUEUED → ONGOING → …, followed in Rollback History); 409 naming them when later job executions used the data meanwhile (the request keeps waiting). A BULK_KNOCK_OFF runs as the Transactions action would (one journaled KNOCK_OFF recon run, started by the requester, with their reason); when some rows are not open any more the request ends FAILED with \`failureReason\` naming them and nothing is knocked off. ${DECIDING}`,
  }),
  reject: endpoint({
    ...base,
    name: 'approvals.reject',
    method: 'PUT',
    path: ONE,
    discriminator: { name: 'Operation', value: 'Reject' },
    params: idParamsSchema,
    query: approvalDecisionQuerySchema,
    body: approvalDecisionBodySchema,
    response: approvalDetailSchema,
    summary: 'Reject an approval request',
    description: `\`{ remark }\` (required): nothing is done; a rollback request ends REJECTED ("Approval rejected") and its job execution is back to its status before the request. ${DECIDING}`,
  }),
} as const;
