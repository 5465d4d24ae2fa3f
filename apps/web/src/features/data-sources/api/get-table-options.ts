import { type DataTableRow, dataTableRowSchema, dataTablesResponseSchema, toDataTablesQuery } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { http } from '@/lib/http';

/** The largest page the list call serves; a module's tables fit in it. */
const ALL_TABLES = 2000;
const responseSchema = dataTablesResponseSchema(dataTableRowSchema);

/** GET /v2/datatables: every data table of the module, for the table picker. */
export async function getTableOptions(): Promise<DataTableRow[]> {
  const { data } = await http.get('/v2/datatables', { params: toDataTablesQuery({ start: 0, length: ALL_TABLES }) });
  return responseSchema.parse(data).data;
}

export function tableOptionsQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...dataSourcesQueryRoot, moduleId, 'table-options'],
    queryFn: getTableOptions,
  });
}

export function useTableOptions(moduleId: number) {
  return useQuery(tableOptionsQuery(moduleId));
}
