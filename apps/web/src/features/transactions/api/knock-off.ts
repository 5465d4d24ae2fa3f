import { APPROVAL_TEXTS, type KnockOffRequest, TRANSACTION_ACTION_TEXTS, transactionEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTransactions } from '@/features/transactions/api/act-on-transactions';
import { call } from '@/lib/call';
import { showSuccessToast } from '@/lib/toast';

/**
 * PUT /v2/transactions?Operation=KnockOff: open rows close as KNOCK_OFF with the reason — or, for more than one row
 * in a module where bulk knock-off needs approval, wait in My Jobs › Approvals (the answer has an approvalId).
 */
export function knockOff(body: KnockOffRequest) {
  return call(transactionEndpoints.knockOff, { body });
}

export function useKnockOff(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: knockOff,
    onSuccess: (done) => {
      showSuccessToast(done.approvalId ? APPROVAL_TEXTS.sentForApproval : TRANSACTION_ACTION_TEXTS.knockedOff);
      return refreshTransactions(queryClient, moduleId);
    },
  });
}
