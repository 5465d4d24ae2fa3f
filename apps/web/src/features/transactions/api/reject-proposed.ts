import { type ProposedRequest, TRANSACTION_ACTION_TEXTS, transactionEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTransactions } from '@/features/transactions/api/act-on-transactions';
import { call } from '@/lib/call';

/** PUT /v2/transactions?Operation=RejectProposed: proposed groups are open again. */
export function rejectProposed(body: ProposedRequest) {
  return call(transactionEndpoints.rejectProposed, { body });
}

export function useRejectProposed(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectProposed,
    meta: { successMessage: TRANSACTION_ACTION_TEXTS.rejected },
    onSuccess: () => refreshTransactions(queryClient, moduleId),
  });
}
