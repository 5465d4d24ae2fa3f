import { type ReconPeriods, transactionEndpoints } from '@recon/contract';
import { useQuery } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { call } from '@/lib/call';

/**
 * GET /v2/transactions?Find=Periods: the days of the recon's latest run and of its sides' latest files, on the
 * date column the rows are read on (on each side that has it).
 */
export async function getReconPeriods(reconId: number, dateColumn: string | undefined): Promise<ReconPeriods> {
  return call(transactionEndpoints.periods, { query: { reconId, ...(dateColumn ? { dateColumn } : {}) } });
}

export function useReconPeriods(moduleId: number, reconId: number | undefined, dateColumn: string | undefined) {
  return useQuery({
    queryKey: [...transactionsRoot(moduleId), 'periods', reconId, dateColumn],
    queryFn: () => getReconPeriods(reconId as number, dateColumn),
    enabled: reconId !== undefined,
    staleTime: 30_000,
  });
}
