import { type DataTableDetail, masterDataEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { masterDataQueryRoot } from '@/features/master-data/api/get-master-tables';
import { call } from '@/lib/call';

/** GET /v2/masterdata/{id}: one master table with its columns. */
export async function getMasterTable(id: number): Promise<DataTableDetail> {
  return call(masterDataEndpoints.table, { params: { id } });
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
