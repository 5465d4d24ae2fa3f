import { type DataTableDetail, dataTableEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataTablesQueryRoot } from '@/features/data-tables/api/get-data-tables';
import { call } from '@/lib/call';

/** GET /v2/datatables/{id}: one table with its columns and duplicate-check config. */
export async function getDataTable(id: number): Promise<DataTableDetail> {
  return call(dataTableEndpoints.detail, { params: { id } });
}

export function dataTableQuery(moduleId: number, id: number) {
  return queryOptions({
    queryKey: [...dataTablesQueryRoot, moduleId, 'detail', id],
    queryFn: () => getDataTable(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useDataTable(moduleId: number, id: number) {
  return useQuery(dataTableQuery(moduleId, id));
}
