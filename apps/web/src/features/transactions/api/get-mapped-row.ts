import { type MappedRow, transactionEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { call } from '@/lib/call';

export type MappedRowParams = { reconId: number; dataSourceId: number; rowId: number };

/** GET /v2/transactions?Find=MappedRow: one row and, when matched, its group. */
export async function getMappedRow(p: MappedRowParams): Promise<MappedRow> {
  return call(transactionEndpoints.mappedRow, { query: p });
}

export function mappedRowQuery(moduleId: number, p: MappedRowParams) {
  return queryOptions({
    queryKey: [...transactionsRoot(moduleId), 'mapped-row', p],
    queryFn: () => getMappedRow(p),
    // The page says in place that the row is not there.
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useMappedRow(moduleId: number, p: MappedRowParams | undefined) {
  return useQuery({
    ...mappedRowQuery(moduleId, p ?? { reconId: 0, dataSourceId: 0, rowId: 0 }),
    enabled: p !== undefined,
  });
}
