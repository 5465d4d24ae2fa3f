import { type DataTableRow, masterDataEndpoints, type PagedAnswer, toPagedQuery } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

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
    queryKey: readKeys.dataTables.masterList(moduleId, params),
    queryFn: () => getMasterTables(params),
    placeholderData: keepPreviousData,
  });
}

export function useMasterTables(moduleId: number, params: MasterTablesParams) {
  return useQuery(masterTablesQuery(moduleId, params));
}
