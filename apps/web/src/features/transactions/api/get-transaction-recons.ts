import { type TransactionRecon, transactionReconsResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { http } from '@/lib/http';

/** GET /v2/transactions?Find=Recons: the recons with their sides, columns and date columns. */
export async function getTransactionRecons(): Promise<TransactionRecon[]> {
  const { data } = await http.get('/v2/transactions', { params: { Find: 'Recons' } });
  return transactionReconsResponseSchema.parse(data).data;
}

export function transactionReconsQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...transactionsRoot(moduleId), 'recons'],
    queryFn: getTransactionRecons,
    staleTime: 60_000,
  });
}

export function useTransactionRecons(moduleId: number) {
  return useQuery(transactionReconsQuery(moduleId));
}
