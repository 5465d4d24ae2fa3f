import { type DataTableRow, masterDataEndpoints, type PagedAnswer, toPagedQuery } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const masterDataQueryRoot = ['master-data'] as const;

export type MasterTablesParams = { start: number; length: number; search?: string };

/** GET /v2/masterdata: one page of the module's master data tables. */
export async function getMasterTables(params: MasterTablesParams): Promise<PagedAnswer<DataTableRow>> {
  const { start, length, search } = params;
  const query = toPagedQuery({ start, length, draw: start / length + 1 });
  if (search) query['search[value]'] = search;
  return call(masterDataEndpoints.listTables, { query });
}

export function masterTablesQuery(moduleId: number, params: MasterTablesParams) {
  return queryOptions({
    queryKey: [...masterDataQueryRoot, moduleId, 'tables', params],
    queryFn: () => getMasterTables(params),
    placeholderData: keepPreviousData,
  });
}

export function useMasterTables(moduleId: number, params: MasterTablesParams) {
  return useQuery(masterTablesQuery(moduleId, params));
}
