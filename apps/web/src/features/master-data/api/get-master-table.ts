import { type DataTableDetail, dataTableDetailSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { masterDataQueryRoot } from '@/features/master-data/api/get-master-tables';
import { http } from '@/lib/http';

/** GET /v2/masterdata/{id}: one master table with its columns. */
export async function getMasterTable(id: number): Promise<DataTableDetail> {
  const { data } = await http.get(`/v2/masterdata/${id}`);
  return dataTableDetailSchema.parse(data);
}

export function masterTableQuery(moduleId: number, id: number) {
  return queryOptions({
    queryKey: [...masterDataQueryRoot, moduleId, 'table', id],
    queryFn: () => getMasterTable(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useMasterTable(moduleId: number, id: number) {
  return useQuery(masterTableQuery(moduleId, id));
}
