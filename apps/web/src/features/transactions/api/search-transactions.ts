import { type GlobalSearchResponse, transactionEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { call } from '@/lib/call';

/** GET /v2/transactions?Find=GlobalSearch&value=: one reference across every data source of the module. */
export async function searchTransactions(value: string): Promise<GlobalSearchResponse> {
  return call(transactionEndpoints.globalSearch, { query: { value } });
}

export function transactionSearchQuery(moduleId: number, value: string) {
  return queryOptions({
    queryKey: [...transactionsRoot(moduleId), 'search', value],
    queryFn: () => searchTransactions(value),
  });
}

export function useTransactionSearch(moduleId: number, value: string | undefined) {
  return useQuery({ ...transactionSearchQuery(moduleId, value ?? ''), enabled: value !== undefined });
}
