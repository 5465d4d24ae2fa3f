import { type AddDataTableColumnRequest, type DataTableDetail, dataTableEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

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
    onSuccess: () => invalidateReads(queryClient, 'dataTables'),
  });
}
