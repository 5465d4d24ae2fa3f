import { type TransactionCounts, transactionEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TransactionsParams, toTransactionsQuery } from '@/features/transactions/api/get-transactions';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { call } from '@/lib/call';

/** GET /v2/transactions?Find=ByTabCount: the exact counts of a list whose page came with capped ones. */
export async function getTransactionCounts(params: TransactionsParams): Promise<TransactionCounts> {
  return call(transactionEndpoints.byTabCount, { query: { ...toTransactionsQuery(params), count: undefined } });
}

/** The counts do not depend on the page or the order: one count serves every page of a view. */
export function transactionCountsQuery(moduleId: number, params: TransactionsParams) {
  const view = { ...params, start: 0, length: 1, sort: undefined };
  return queryOptions({
    queryKey: [...transactionsRoot(moduleId), 'counts', view],
    queryFn: () => getTransactionCounts(view),
    staleTime: 30_000,
  });
}

export function useTransactionCounts(moduleId: number, params: TransactionsParams, isWanted: boolean) {
  return useQuery({ ...transactionCountsQuery(moduleId, params), enabled: isWanted });
}
