import {
  APPROVAL_TEXTS,
  type ApprovalDetail,
  type ApprovalOperation,
  approvalDecisionBodySchema,
  approvalDetailSchema,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalsRoot } from '@/features/approvals/api/get-approvals';
import { http } from '@/lib/http';
import { showErrorToast, showSuccessToast } from '@/lib/toast';

export type DecideApprovalParams = { id: number; operation: ApprovalOperation; remark?: string };

/** PUT /v2/approvals/{id}?Operation=Approve|Reject { remark }: the remark is required to reject. */
export async function decideApproval({ id, operation, remark }: DecideApprovalParams): Promise<ApprovalDetail> {
  const body = approvalDecisionBodySchema.parse({ remark: remark ?? null });
  const { data } = await http.put(`/v2/approvals/${id}`, body, { params: { Operation: operation } });
  return approvalDetailSchema.parse(data);
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
