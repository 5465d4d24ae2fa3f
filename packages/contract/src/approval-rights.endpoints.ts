import {
  approvalRightSchema,
  approvalRightsResponseSchema,
  updateApprovalRightRequestSchema,
} from './approval-rights.ts';
import { endpoint } from './endpoint.ts';

const base = { module: 'required', privilege: { code: 'approvelRight' }, tags: ['Approval rights'] } as const;

/** Settings › Approval Rights (spec 1, privilege approvelRight; no call in the spec: decision 0020). Module-scoped. */
export const approvalRightEndpoints = {
  list: endpoint({
    ...base,
    name: 'approvalRights.list',
    method: 'GET',
    path: '/v2/approvalRights',
    response: approvalRightsResponseSchema,
    summary: 'Per kind of request, the roles that may decide it in the selected module',
    description: 'Every kind (ROLLBACK, BULK_KNOCK_OFF), `roleNames` empty when any holder of pendingApprovals may.',
  }),
  update: endpoint({
    ...base,
    name: 'approvalRights.update',
    method: 'PUT',
    path: '/v2/approvalRights',
    body: updateApprovalRightRequestSchema,
    response: approvalRightSchema,
    summary: 'Set the roles that may decide one kind of request in the selected module',
    description:
      'Roles must exist; an empty list lifts the restriction. Audited APPROVAL_RIGHTS_UPDATED (before / after). The requester still never decides their own request.',
  }),
} as const;
