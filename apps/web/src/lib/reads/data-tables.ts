import { type DataTableDetail, dataTableEndpoints, type TableColumn } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/datatables/{id}: one table with its columns, duplicate-check config and history / invalid companions. */
export async function getDataTable(id: number): Promise<DataTableDetail> {
  return call(dataTableEndpoints.detail, { params: { id } });
}

export function dataTableQuery(moduleId: number, id: number) {
  return queryOptions({ queryKey: readKeys.dataTables.detail(moduleId, id), queryFn: () => getDataTable(id) });
}

export function useDataTable(moduleId: number, id: number) {
  return useQuery({ ...dataTableQuery(moduleId, id), enabled: Number.isInteger(id) && id > 0 });
}

/** GET /v2/datatables/columns?Find=WithType&table=&start=0: the table's columns with their types, user columns first. */
export async function getTableColumns(table: string): Promise<TableColumn[]> {
  return (await call(dataTableEndpoints.columns, { query: { table, start: 0 } })).data;
}

export function tableColumnsQuery(moduleId: number, table: string) {
  return queryOptions({
    queryKey: readKeys.dataTables.columns(moduleId, table),
    queryFn: () => getTableColumns(table),
  });
}

export function useTableColumns(moduleId: number, table: string | undefined) {
  return useQuery({ ...tableColumnsQuery(moduleId, table ?? ''), enabled: Boolean(table) });
}
