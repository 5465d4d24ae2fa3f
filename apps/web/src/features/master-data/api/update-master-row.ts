import { type MasterDataRow, type MasterDataRowRequest, masterDataEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { masterRowsRoot } from '@/features/master-data/api/get-master-rows';
import { call } from '@/lib/call';

/** PUT /v2/masterdata/{id}/rows/{rowId} {values}: only the columns sent change. */
export async function updateMasterRow(input: {
  tableId: number;
  rowId: number;
  body: MasterDataRowRequest;
}): Promise<MasterDataRow> {
  return call(masterDataEndpoints.updateRow, {
    params: { id: input.tableId, rowId: input.rowId },
    body: input.body,
  });
}

export function useUpdateMasterRow(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMasterRow,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterRowsRoot }),
  });
}
