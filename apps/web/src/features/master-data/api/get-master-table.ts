import { type DataTableDetail, masterDataEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/masterdata/{id}: one master table with its columns. */
export async function getMasterTable(id: number): Promise<DataTableDetail> {
  return call(masterDataEndpoints.table, { params: { id } });
}

export function masterTableQuery(moduleId: number, id: number) {
  return queryOptions({
    queryKey: readKeys.dataTables.masterDetail(moduleId, id),
    queryFn: () => getMasterTable(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useMasterTable(moduleId: number, id: number) {
  return useQuery(masterTableQuery(moduleId, id));
}
