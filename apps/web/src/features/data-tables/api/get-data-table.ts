import { type DataTableDetail, dataTableDetailSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataTablesQueryRoot } from '@/features/data-tables/api/get-data-tables';
import { http } from '@/lib/http';

/** GET /v2/datatables/{id}: one table with its columns and duplicate-check config. */
export async function getDataTable(id: number): Promise<DataTableDetail> {
  const { data } = await http.get(`/v2/datatables/${id}`);
  return dataTableDetailSchema.parse(data);
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
