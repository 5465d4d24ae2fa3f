import { type DataTableRow, dataTableEndpoints, toPagedQuery } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** The picker lists every table of the module at once (the DataTables maximum). */
const PICKER_LENGTH = 2000;

/** GET /v2/datatables (DataTables): the module's data tables, for the pipeline form's table picker. */
export async function getDataTables(): Promise<DataTableRow[]> {
  const query = toPagedQuery({
    start: 0,
    length: PICKER_LENGTH,
    order: [{ column: 0, dir: 'asc' }],
    columns: [{ data: 'name' }],
  });
  return (await call(dataTableEndpoints.list, { query })).data;
}

export function dataTablesQuery(moduleId: number) {
  return queryOptions({
    queryKey: readKeys.dataTables.all(moduleId, 'by-name'),
    queryFn: getDataTables,
    staleTime: 60_000,
  });
}

export function useDataTables(moduleId: number, isEnabled = true) {
  return useQuery({ ...dataTablesQuery(moduleId), enabled: isEnabled });
}
