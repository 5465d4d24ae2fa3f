import { navPath } from '@recon/contract';

/** The in-app paths alerts open: one place, so the alert made and the alert settled name the same thing. */
export const approvalLink = (approvalId: number) => `${navPath('my-jobs', 'approvals')}?approvalId=${approvalId}`;
export const fileApprovalLink = (executionId: number) =>
  `${navPath('my-jobs', 'file-approvals')}?executionId=${executionId}`;
export const executionLink = (executionId: number) =>
  `${navPath('operations', 'history', 'execution-history')}?executionId=${executionId}`;
