import { type TransactionsPage, toPagedQuery, transactionEndpoints } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { call } from '@/lib/call';

export type SideRowsParams = {
  reconId: number;
  dataSourceId: number;
  start: number;
  length: number;
  /** One column's search: contains for text, equal for numbers and dates (the list's own filter rules). */
  search?: { column: string; value: string };
};

/**
 * Rows of one side to pick from: GET /v2/transactions?Find=ByTab on the All tab (any status: a person may try a
 * rule on rows already matched), newest first as the list orders them, with one column filter.
 */
export async function getSideRows(p: SideRowsParams): Promise<TransactionsPage> {
  const columns = p.search ? [{ data: p.search.column, searchValue: p.search.value }] : [];
  return call(transactionEndpoints.byTab, {
    query: {
      tab: 'all',
      count: 'capped',
      reconId: p.reconId,
      dataSourceId: p.dataSourceId,
      ...toPagedQuery({ start: p.start, length: p.length, draw: p.start / p.length + 1, columns }),
    },
  });
}

export function sideRowsQuery(moduleId: number, p: SideRowsParams) {
  return queryOptions({
    queryKey: [...rulesQueryRoot, moduleId, 'try-rows', p],
    queryFn: () => getSideRows(p),
    placeholderData: keepPreviousData,
    // The picker shows a refusal (a bad search value, no transactions privilege) in place.
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useSideRows(moduleId: number, p: SideRowsParams | undefined) {
  return useQuery({
    ...sideRowsQuery(moduleId, p ?? { reconId: 0, dataSourceId: 0, start: 0, length: 1 }),
    enabled: p !== undefined,
  });
}
