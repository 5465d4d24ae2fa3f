import { type TransactionRecon, transactionEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/transactions?Find=Recons: the recons with their sides, columns and date columns. */
export async function getTransactionRecons(): Promise<TransactionRecon[]> {
  return (await call(transactionEndpoints.recons)).data;
}

export function transactionReconsQuery(moduleId: number) {
  return queryOptions({
    // A recon's reads: saving a recon or a data source refreshes it.
    queryKey: readKeys.recons.withSides(moduleId),
    queryFn: getTransactionRecons,
    staleTime: 60_000,
  });
}

export function useTransactionRecons(moduleId: number) {
  return useQuery(transactionReconsQuery(moduleId));
}
