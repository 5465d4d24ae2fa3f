import { type MessageBody, messageBodySchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { masterDataQueryRoot } from '@/features/master-data/api/get-master-tables';
import { http } from '@/lib/http';

/** DELETE /v2/masterdata/{id}/rows/{rowId}: the deleted version is kept in the history table. */
export async function deleteMasterRow(input: { tableId: number; rowId: number }): Promise<MessageBody> {
  const { data } = await http.delete(`/v2/masterdata/${input.tableId}/rows/${input.rowId}`);
  return messageBodySchema.parse(data);
}

export function useDeleteMasterRow(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMasterRow,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataQueryRoot }),
  });
}
