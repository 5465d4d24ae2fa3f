import { type DataTableDetail, dataTableDetailSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { http } from '@/lib/http';

/** GET /v2/datatables/{id}: the chosen table's history and invalid companions. */
export async function getTableDetail(id: number): Promise<DataTableDetail> {
  const { data } = await http.get(`/v2/datatables/${id}`);
  return dataTableDetailSchema.parse(data);
}

export function tableDetailQuery(moduleId: number, id: number | undefined) {
  return queryOptions({
    queryKey: [...dataSourcesQueryRoot, moduleId, 'table-detail', id ?? 0],
    queryFn: () => getTableDetail(id ?? 0),
    enabled: id !== undefined,
  });
}

export function useTableDetail(moduleId: number, id: number | undefined) {
  return useQuery(tableDetailQuery(moduleId, id));
}
