import { type GlobalSearchResponse, globalSearchResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { http } from '@/lib/http';

/** GET /v2/transactions?Find=GlobalSearch&value=: one reference across every data source of the module. */
export async function searchTransactions(value: string): Promise<GlobalSearchResponse> {
  const { data } = await http.get('/v2/transactions', { params: { Find: 'GlobalSearch', value } });
  return globalSearchResponseSchema.parse(data);
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
