import {
  type DataTableKind,
  type DataTableRow,
  dataTableEndpoints,
  type PagedAnswer,
  toPagedQuery,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

export type DataTablesParams = { start: number; length: number; search?: string; kind?: DataTableKind };

/** GET /v2/datatables: one page of the module's data tables (both kinds), searched over name, table and description. */
export async function getDataTables(params: DataTablesParams): Promise<PagedAnswer<DataTableRow>> {
  const { start, length, search, kind } = params;
  const query = toPagedQuery({
    start,
    length,
    draw: start / length + 1,
    columns: [{ data: 'name' }, { data: 'kind', searchValue: kind ?? '' }],
  });
  if (search) query['search[value]'] = search;
  return call(dataTableEndpoints.list, { query });
}

export function dataTablesQuery(moduleId: number, params: DataTablesParams) {
  return queryOptions({
    queryKey: readKeys.dataTables.list(moduleId, params),
    queryFn: () => getDataTables(params),
    placeholderData: keepPreviousData,
  });
}

export function useDataTables(moduleId: number, params: DataTablesParams) {
  return useQuery(dataTablesQuery(moduleId, params));
}
