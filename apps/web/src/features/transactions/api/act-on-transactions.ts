import { type TransactionActionResponse, transactionActionResponseSchema } from '@recon/contract';
import type { QueryClient } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { http } from '@/lib/http';

/** PUT /v2/transactions?Operation=…: the one path every action goes through. */
export async function putTransactionAction(operation: string, body: object): Promise<TransactionActionResponse> {
  const { data } = await http.put('/v2/transactions', body, { params: { Operation: operation } });
  return transactionActionResponseSchema.parse(data);
}

/** After an action every list, group and explanation of the module may have changed. */
export function refreshTransactions(queryClient: QueryClient, moduleId: number) {
  return queryClient.invalidateQueries({ queryKey: transactionsRoot(moduleId) });
}
