import { type DataTableRow, dataTableEndpoints, toPagedQuery } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** The largest page the list call serves; a module's tables fit in it. */
const ALL_TABLES = 2000;

/** GET /v2/datatables: every data table of the module, for the table picker. */
export async function getTableOptions(): Promise<DataTableRow[]> {
  return (await call(dataTableEndpoints.list, { query: toPagedQuery({ start: 0, length: ALL_TABLES }) })).data;
}

export function tableOptionsQuery(moduleId: number) {
  return queryOptions({
    queryKey: readKeys.dataTables.all(moduleId, 'default-order'),
    queryFn: getTableOptions,
  });
}

export function useTableOptions(moduleId: number) {
  return useQuery(tableOptionsQuery(moduleId));
}
