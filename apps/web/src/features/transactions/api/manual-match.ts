import { type ManualMatchRequest, TRANSACTION_ACTION_TEXTS } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putTransactionAction, refreshTransactions } from '@/features/transactions/api/act-on-transactions';

/** PUT /v2/transactions?Operation=ManualMatch: open rows of both sides become one RECONCILED group. */
export function manualMatch(body: ManualMatchRequest) {
  return putTransactionAction('ManualMatch', body);
}

export function useManualMatch(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manualMatch,
    meta: { successMessage: TRANSACTION_ACTION_TEXTS.matched },
    onSuccess: () => refreshTransactions(queryClient, moduleId),
  });
}
