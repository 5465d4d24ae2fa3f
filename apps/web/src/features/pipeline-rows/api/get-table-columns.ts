import { dataTableEndpoints, type TableColumn } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pipelineRowsRoot } from '@/features/pipeline-rows/api/get-data-sources';
import { call } from '@/lib/call';

/** GET v2/datatables/columns?Find=WithType&table=: which DOUBLE / FLOAT columns of the table hold money. */
export async function getTableColumns(table: string): Promise<TableColumn[]> {
  return (await call(dataTableEndpoints.columns, { query: { table, start: 0 } })).data;
}

export function tableColumnsQuery(moduleId: number, table: string) {
  return queryOptions({
    queryKey: [...pipelineRowsRoot(moduleId), 'table-columns', table],
    queryFn: () => getTableColumns(table),
    staleTime: 60_000,
    // Without it every DOUBLE and FLOAT column is taken for money, the data tables' own default.
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useTableColumns(moduleId: number, table: string | undefined) {
  return useQuery({ ...tableColumnsQuery(moduleId, table ?? ''), enabled: table !== undefined });
}
