import { type ManualMatchRequest, TRANSACTION_ACTION_TEXTS, transactionEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTransactions } from '@/features/transactions/api/act-on-transactions';
import { call } from '@/lib/call';

/** PUT /v2/transactions?Operation=ManualMatch: open rows of both sides become one RECONCILED group. */
export function manualMatch(body: ManualMatchRequest) {
  return call(transactionEndpoints.manualMatch, { body });
}

export function useManualMatch(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manualMatch,
    meta: { successMessage: TRANSACTION_ACTION_TEXTS.matched },
    onSuccess: () => refreshTransactions(queryClient, moduleId),
  });
}
