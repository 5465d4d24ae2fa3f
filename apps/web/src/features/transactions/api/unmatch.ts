import { TRANSACTION_ACTION_TEXTS, transactionEndpoints, type UnmatchRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTransactions } from '@/features/transactions/api/act-on-transactions';
import { call } from '@/lib/call';

/** PUT /v2/transactions?Operation=Unmatch: every row of the groups is open again. */
export function unmatch(body: UnmatchRequest) {
  return call(transactionEndpoints.unmatch, { body });
}

export function useUnmatch(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unmatch,
    meta: { successMessage: TRANSACTION_ACTION_TEXTS.unmatched },
    onSuccess: () => refreshTransactions(queryClient, moduleId),
  });
}
