import { type MasterDataRow, masterDataEndpoints, type PagedAnswer, toPagedQuery } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** Every rows query starts with this key, so a row saved or deleted refreshes the pages of rows. */
export const masterRowsRoot = ['master-data'] as const;

export type MasterRowsParams = {
  start: number;
  length: number;
  /** Searches every column. */
  search?: string;
  /** One column's "contains" search. */
  column?: string;
  value?: string;
};

/** GET /v2/masterdata/{id}/rows: one page of a master table's rows; every value arrives as text. */
export async function getMasterRows(tableId: number, params: MasterRowsParams): Promise<PagedAnswer<MasterDataRow>> {
  const { start, length, search, column, value } = params;
  const query = toPagedQuery({
    start,
    length,
    draw: start / length + 1,
    columns: column ? [{ data: column, searchValue: value ?? '' }] : [],
  });
  if (search) query['search[value]'] = search;
  return call(masterDataEndpoints.listRows, { params: { id: tableId }, query });
}

export function masterRowsQuery(moduleId: number, tableId: number, params: MasterRowsParams) {
  return queryOptions({
    queryKey: [...masterRowsRoot, moduleId, 'rows', tableId, params],
    queryFn: () => getMasterRows(tableId, params),
    placeholderData: keepPreviousData,
  });
}

export function useMasterRows(moduleId: number, tableId: number, params: MasterRowsParams) {
  return useQuery(masterRowsQuery(moduleId, tableId, params));
}
