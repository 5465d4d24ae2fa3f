import { type ReconMapping, transactionEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { call } from '@/lib/call';

/** GET /v2/transactions?Find=ReconMapping&reconId=: which side A column each rule compares with which of side B. */
export async function getReconMapping(reconId: number): Promise<ReconMapping> {
  return call(transactionEndpoints.reconMapping, { query: { reconId } });
}

export function reconMappingQuery(moduleId: number, reconId: number) {
  return queryOptions({
    queryKey: [...transactionsRoot(moduleId), 'mapping', reconId],
    queryFn: () => getReconMapping(reconId),
  });
}

export function useReconMapping(moduleId: number, reconId: number | undefined) {
  return useQuery({ ...reconMappingQuery(moduleId, reconId ?? 0), enabled: reconId !== undefined });
}
