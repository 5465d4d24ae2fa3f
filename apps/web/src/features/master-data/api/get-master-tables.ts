import {
  type DataTableRow,
  type DataTablesResponse,
  dataTableRowSchema,
  dataTablesResponseSchema,
  toDataTablesQuery,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const masterDataQueryRoot = ['master-data'] as const;

const responseSchema = dataTablesResponseSchema(dataTableRowSchema);

export type MasterTablesParams = { start: number; length: number; search?: string };

/** GET /v2/masterdata: one page of the module's master data tables. */
export async function getMasterTables(params: MasterTablesParams): Promise<DataTablesResponse<DataTableRow>> {
  const { start, length, search } = params;
  const query = toDataTablesQuery({ start, length, draw: start / length + 1 });
  if (search) query['search[value]'] = search;
  const { data } = await http.get('/v2/masterdata', { params: query });
  return responseSchema.parse(data);
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
