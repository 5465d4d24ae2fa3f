import { type AddDataTableColumnRequest, type DataTableDetail, dataTableEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataTablesQueryRoot } from '@/features/data-tables/api/get-data-tables';
import { call } from '@/lib/call';

/** POST /v2/datatables/{id}/columns: one column added to the main, history and invalid tables. */
export async function addDataTableColumn(input: {
  tableId: number;
  column: AddDataTableColumnRequest;
}): Promise<DataTableDetail> {
  return call(dataTableEndpoints.addColumn, { params: { id: input.tableId }, body: input.column });
}

export function useAddDataTableColumn(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDataTableColumn,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataTablesQueryRoot }),
  });
}
