import { type CreateDataTableRequest, type DataTableDetail, dataTableDetailSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataTablesQueryRoot } from '@/features/data-tables/api/get-data-tables';
import { http } from '@/lib/http';

/** POST /v2/masterdata: the same body and checks as a data table; the table is of kind MASTER. */
export async function createMasterTable(body: CreateDataTableRequest): Promise<DataTableDetail> {
  const { data } = await http.post('/v2/masterdata', body);
  return dataTableDetailSchema.parse(data);
}

/** The master-data list reads its own query; it is stale by default and refetches when shown again. */
export function useCreateMasterTable(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMasterTable,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataTablesQueryRoot }),
  });
}
