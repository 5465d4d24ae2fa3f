import { type AddDataTableColumnRequest, type DataTableDetail, dataTableDetailSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataTablesQueryRoot } from '@/features/data-tables/api/get-data-tables';
import { http } from '@/lib/http';

/** POST /v2/datatables/{id}/columns: one column added to the main, history and invalid tables. */
export async function addDataTableColumn(input: {
  tableId: number;
  column: AddDataTableColumnRequest;
}): Promise<DataTableDetail> {
  const { data } = await http.post(`/v2/datatables/${input.tableId}/columns`, input.column);
  return dataTableDetailSchema.parse(data);
}

export function useAddDataTableColumn(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDataTableColumn,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataTablesQueryRoot }),
  });
}
