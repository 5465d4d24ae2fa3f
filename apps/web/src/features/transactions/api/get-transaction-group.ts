import { type TransactionGroup, transactionEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { call } from '@/lib/call';

/** GET /v2/transactions/group/{matchId}?reconId=: every row of a matched group, both sides. */
export async function getTransactionGroup(reconId: number, matchId: number): Promise<TransactionGroup> {
  return call(transactionEndpoints.group, { params: { matchId }, query: { reconId } });
}

export function transactionGroupQuery(moduleId: number, reconId: number, matchId: number) {
  return queryOptions({
    queryKey: [...transactionsRoot(moduleId), 'group', reconId, matchId],
    queryFn: () => getTransactionGroup(reconId, matchId),
  });
}

export function useTransactionGroup(moduleId: number, reconId: number, matchId: number | null | undefined) {
  return useQuery({
    ...transactionGroupQuery(moduleId, reconId, matchId ?? 0),
    enabled: matchId !== null && matchId !== undefined,
  });
}
