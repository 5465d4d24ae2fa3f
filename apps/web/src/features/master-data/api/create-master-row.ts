import { type MasterDataRow, type MasterDataRowRequest, masterDataEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { masterRowsRoot } from '@/features/master-data/api/get-master-rows';
import { call } from '@/lib/call';

/** POST /v2/masterdata/{id}/rows {values}: every value is checked and cast by its column type. */
export async function createMasterRow(input: { tableId: number; body: MasterDataRowRequest }): Promise<MasterDataRow> {
  return call(masterDataEndpoints.createRow, { params: { id: input.tableId }, body: input.body });
}

/** Field errors (400) are shown beside their fields by the form; other failures go to the common toast. */
export function useCreateMasterRow(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMasterRow,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterRowsRoot }),
  });
}
