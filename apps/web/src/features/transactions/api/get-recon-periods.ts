import { type ReconPeriods, transactionEndpoints } from '@recon/contract';
import { useQuery } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { call } from '@/lib/call';

/** GET /v2/transactions?Find=Periods: the days of the recon's latest run and of its sides' latest files. */
export async function getReconPeriods(reconId: number): Promise<ReconPeriods> {
  return call(transactionEndpoints.periods, { query: { reconId } });
}

export function useReconPeriods(moduleId: number, reconId: number | undefined) {
  return useQuery({
    queryKey: [...transactionsRoot(moduleId), 'periods', reconId],
    queryFn: () => getReconPeriods(reconId as number),
    enabled: reconId !== undefined,
    staleTime: 30_000,
  });
}
