import { dataTableEndpoints, type TableColumn } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { call } from '@/lib/call';

/** GET /v2/datatables/columns?Find=WithType&table=&start=0: the table's columns with their types. */
export async function getTableColumns(table: string): Promise<TableColumn[]> {
  return (await call(dataTableEndpoints.columns, { query: { table, start: 0 } })).data;
}

/** A failure is the form's "Unable to load column data", shown by the form rather than the common toast. */
export function tableColumnsQuery(moduleId: number, table: string | undefined) {
  return queryOptions({
    queryKey: [...dataSourcesQueryRoot, moduleId, 'table-columns', table ?? ''],
    queryFn: () => getTableColumns(table ?? ''),
    enabled: Boolean(table),
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useTableColumns(moduleId: number, table: string | undefined) {
  return useQuery(tableColumnsQuery(moduleId, table));
}
