import { type TransactionRecon, transactionEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { call } from '@/lib/call';

/** GET /v2/transactions?Find=Recons: the recons with their sides, columns and date columns. */
export async function getTransactionRecons(): Promise<TransactionRecon[]> {
  return (await call(transactionEndpoints.recons)).data;
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
