import {
  type DataTablesResponse,
  dataTablesResponseSchema,
  type MasterDataRow,
  masterDataRowSchema,
  toDataTablesQuery,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { masterDataQueryRoot } from '@/features/master-data/api/get-master-tables';
import { http } from '@/lib/http';

const responseSchema = dataTablesResponseSchema(masterDataRowSchema);

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
export async function getMasterRows(
  tableId: number,
  params: MasterRowsParams,
): Promise<DataTablesResponse<MasterDataRow>> {
  const { start, length, search, column, value } = params;
  const query = toDataTablesQuery({
    start,
    length,
    draw: start / length + 1,
    columns: column ? [{ data: column, searchValue: value ?? '' }] : [],
  });
  if (search) query['search[value]'] = search;
  const { data } = await http.get(`/v2/masterdata/${tableId}/rows`, { params: query });
  return responseSchema.parse(data);
}

export function masterRowsQuery(moduleId: number, tableId: number, params: MasterRowsParams) {
  return queryOptions({
    queryKey: [...masterDataQueryRoot, moduleId, 'rows', tableId, params],
    queryFn: () => getMasterRows(tableId, params),
    placeholderData: keepPreviousData,
  });
}

export function useMasterRows(moduleId: number, tableId: number, params: MasterRowsParams) {
  return useQuery(masterRowsQuery(moduleId, tableId, params));
}
