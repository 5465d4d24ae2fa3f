import { type ProposedRequest, TRANSACTION_ACTION_TEXTS } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putTransactionAction, refreshTransactions } from '@/features/transactions/api/act-on-transactions';

/** PUT /v2/transactions?Operation=RejectProposed: proposed groups are open again. */
export function rejectProposed(body: ProposedRequest) {
  return putTransactionAction('RejectProposed', body);
}

export function useRejectProposed(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectProposed,
    meta: { successMessage: TRANSACTION_ACTION_TEXTS.rejected },
    onSuccess: () => refreshTransactions(queryClient, moduleId),
  });
}
