import { type CreateDataTableRequest, type DataTableDetail, dataTableEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST /v2/datatables: registers a DATA table and creates its main, history and invalid tables. */
export async function createDataTable(body: CreateDataTableRequest): Promise<DataTableDetail> {
  return call(dataTableEndpoints.create, { body });
}

/** The form shows field errors (400) beside their fields; every other failure goes to the common toast. */
export function useCreateDataTable(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataTable,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => invalidateReads(queryClient, 'dataTables'),
  });
}
