import { type CreateDataTableRequest, type DataTableDetail, masterDataEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataTablesQueryRoot } from '@/features/data-tables/api/get-data-tables';
import { call } from '@/lib/call';

/** POST /v2/masterdata: the same body and checks as a data table; the table is of kind MASTER. */
export async function createMasterTable(body: CreateDataTableRequest): Promise<DataTableDetail> {
  return call(masterDataEndpoints.createTable, { body });
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
