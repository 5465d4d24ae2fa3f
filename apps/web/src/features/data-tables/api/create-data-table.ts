import { type CreateDataTableRequest, type DataTableDetail, dataTableDetailSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataTablesQueryRoot } from '@/features/data-tables/api/get-data-tables';
import { http } from '@/lib/http';

/** POST /v2/datatables: registers a DATA table and creates its main, history and invalid tables. */
export async function createDataTable(body: CreateDataTableRequest): Promise<DataTableDetail> {
  const { data } = await http.post('/v2/datatables', body);
  return dataTableDetailSchema.parse(data);
}

/** The form shows field errors (400) beside their fields; every other failure goes to the common toast. */
export function useCreateDataTable(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataTable,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataTablesQueryRoot }),
  });
}
