import { type KnockOffRequest, TRANSACTION_ACTION_TEXTS } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putTransactionAction, refreshTransactions } from '@/features/transactions/api/act-on-transactions';

/** PUT /v2/transactions?Operation=KnockOff: open rows close as KNOCK_OFF with the reason. */
export function knockOff(body: KnockOffRequest) {
  return putTransactionAction('KnockOff', body);
}

export function useKnockOff(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: knockOff,
    meta: { successMessage: TRANSACTION_ACTION_TEXTS.knockedOff },
    onSuccess: () => refreshTransactions(queryClient, moduleId),
  });
}
