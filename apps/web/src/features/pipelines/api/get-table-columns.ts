import { dataTableEndpoints, type TableColumn } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pipelinesQueryRoot } from '@/features/pipelines/api/get-pipelines';
import { call } from '@/lib/call';

/** GET /v2/datatables/columns?Find=WithType&table=&start=0: the table's columns, user columns first. */
export async function getTableColumns(table: string): Promise<TableColumn[]> {
  return (await call(dataTableEndpoints.columns, { query: { table, start: 0 } })).data;
}

export function tableColumnsQuery(moduleId: number, table: string) {
  return queryOptions({
    queryKey: [...pipelinesQueryRoot, moduleId, 'table-columns', table],
    queryFn: () => getTableColumns(table),
  });
}

export function useTableColumns(moduleId: number, table: string | undefined) {
  return useQuery({ ...tableColumnsQuery(moduleId, table ?? ''), enabled: Boolean(table) });
}
