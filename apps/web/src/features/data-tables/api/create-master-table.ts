import { type CreateDataTableRequest, type DataTableDetail, masterDataEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST /v2/masterdata: the same body and checks as a data table; the table is of kind MASTER. */
export async function createMasterTable(body: CreateDataTableRequest): Promise<DataTableDetail> {
  return call(masterDataEndpoints.createTable, { body });
}

/** Master tables are data tables: the master-data list refreshes with the data tables' reads. */
export function useCreateMasterTable(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMasterTable,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => invalidateReads(queryClient, 'dataTables'),
  });
}
