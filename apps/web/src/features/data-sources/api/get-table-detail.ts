import { type DataTableDetail, dataTableEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { call } from '@/lib/call';

/** GET /v2/datatables/{id}: the chosen table's history and invalid companions. */
export async function getTableDetail(id: number): Promise<DataTableDetail> {
  return call(dataTableEndpoints.detail, { params: { id } });
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
