import {
  type FilterOperator,
  type TransactionsPage,
  type TransactionTab,
  toPagedQuery,
  transactionEndpoints,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsRoot } from '@/features/transactions/api/keys';
import { call } from '@/lib/call';

export type ColumnFilterValue = { operator: FilterOperator; value: string };

export type TransactionsParams = {
  tab: TransactionTab;
  reconId: number;
  dataSourceId: number;
  dateColumn?: string;
  /** YYYY-MM-DD, inclusive. */
  fromDate?: string;
  toDate?: string;
  /** Statuses narrowing the tab (empty: all of the tab's). */
  statuses: readonly string[];
  start: number;
  length: number;
  filters: Readonly<Record<string, ColumnFilterValue>>;
  sort?: { column: string; dir: 'asc' | 'desc' };
};

/** The DataTables keys name only the filtered and the sorted columns: every value comes back anyway. */
export function toTransactionsQuery(p: TransactionsParams): Record<string, string | number> {
  const columns = Object.entries(p.filters).map(([data, f]) => ({ data, searchValue: f.value }));
  if (p.sort && !columns.some((c) => c.data === p.sort?.column)) columns.push({ data: p.sort.column, searchValue: '' });
  const order = p.sort ? [{ column: columns.findIndex((c) => c.data === p.sort?.column), dir: p.sort.dir }] : [];
  const query: Record<string, string | number> = {
    Find: 'ByTab',
    // A page of a large table answers at once; the exact counts follow (get-transaction-counts).
    count: 'capped',
    tab: p.tab,
    reconId: p.reconId,
    dataSourceId: p.dataSourceId,
    ...toPagedQuery({ start: p.start, length: p.length, draw: p.start / p.length + 1, columns, order }),
  };
  Object.entries(p.filters).forEach(([data, f]) => {
    const i = columns.findIndex((c) => c.data === data);
    query[`columns[${i}][search][type]`] = f.operator;
  });
  if (p.dateColumn) query.dateColumn = p.dateColumn;
  if (p.fromDate) query.fromDate = p.fromDate;
  if (p.toDate) query.toDate = p.toDate;
  if (p.statuses.length) query.status = p.statuses.join(',');
  return query;
}

/** GET /v2/transactions?Find=ByTab: one page of a data source's rows in a tab. */
export async function getTransactions(params: TransactionsParams): Promise<TransactionsPage> {
  return call(transactionEndpoints.byTab, { query: toTransactionsQuery(params) });
}

export function transactionsQuery(moduleId: number, params: TransactionsParams) {
  return queryOptions({
    queryKey: [...transactionsRoot(moduleId), 'rows', params],
    queryFn: () => getTransactions(params),
    // The previous page stays while the next loads, never another data source's rows under these columns.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[3] as TransactionsParams | undefined)?.dataSourceId === params.dataSourceId
        ? keepPreviousData(previous)
        : undefined,
  });
}

export function useTransactions(moduleId: number, params: TransactionsParams | undefined) {
  return useQuery({
    ...transactionsQuery(moduleId, params ?? ({ start: 0, length: 1 } as TransactionsParams)),
    enabled: params !== undefined,
  });
}
