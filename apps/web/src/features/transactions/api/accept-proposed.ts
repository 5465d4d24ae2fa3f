import { type ProposedRequest, TRANSACTION_ACTION_TEXTS, transactionEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTransactions } from '@/features/transactions/api/act-on-transactions';
import { call } from '@/lib/call';

/** PUT /v2/transactions?Operation=AcceptProposed: proposed groups become RECONCILED. */
export function acceptProposed(body: ProposedRequest) {
  return call(transactionEndpoints.acceptProposed, { body });
}

export function useAcceptProposed(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptProposed,
    meta: { successMessage: TRANSACTION_ACTION_TEXTS.accepted },
    onSuccess: () => refreshTransactions(queryClient, moduleId),
  });
}
