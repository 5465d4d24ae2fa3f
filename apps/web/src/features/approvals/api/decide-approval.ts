import {
  APPROVAL_TEXTS,
  type ApprovalDetail,
  type ApprovalOperation,
  approvalDecisionBodySchema,
  approvalEndpoints,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalsRoot } from '@/features/approvals/api/get-approvals';
import { call } from '@/lib/call';
import { showErrorToast, showSuccessToast } from '@/lib/toast';

export type DecideApprovalParams = { id: number; operation: ApprovalOperation; remark?: string };

/** PUT /v2/approvals/{id}?Operation=Approve|Reject { remark }: the remark is required to reject. */
export async function decideApproval({ id, operation, remark }: DecideApprovalParams): Promise<ApprovalDetail> {
  const body = approvalDecisionBodySchema.parse({ remark: remark ?? null });
  const endpoint = operation === 'Approve' ? approvalEndpoints.approve : approvalEndpoints.reject;
  return call(endpoint, { params: { id }, body });
}

/**
 * The toast says how it ended: approved, rejected, or approved but failed (the action could not be done — the
 * reason names what changed meanwhile). Everything approvals-related of the module is read again.
 */
export function useDecideApproval(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSuccess: (detail) => {
      if (detail.status === 'FAILED') showErrorToast([detail.failureReason ?? detail.statusLabel]);
      else showSuccessToast(detail.status === 'REJECTED' ? APPROVAL_TEXTS.rejected : APPROVAL_TEXTS.approved);
      return queryClient.invalidateQueries({ queryKey: approvalsRoot(moduleId) });
    },
  });
}
