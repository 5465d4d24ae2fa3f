import { type MessageBody, masterDataEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { masterRowsRoot } from '@/features/master-data/api/get-master-rows';
import { call } from '@/lib/call';

/** DELETE /v2/masterdata/{id}/rows/{rowId}: the deleted version is kept in the history table. */
export async function deleteMasterRow(input: { tableId: number; rowId: number }): Promise<MessageBody> {
  return call(masterDataEndpoints.deleteRow, { params: { id: input.tableId, rowId: input.rowId } });
}

export function useDeleteMasterRow(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMasterRow,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterRowsRoot }),
  });
}
