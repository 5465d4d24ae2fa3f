import type { QueryClient } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';

/** After an action every list, group and explanation of the module may have changed. */
export function refreshTransactions(queryClient: QueryClient, moduleId: number) {
  return queryClient.invalidateQueries({ queryKey: transactionsRoot(moduleId) });
}
