import { dataTableEndpoints, type MessageBody } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** DELETE /v2/duplicatecheckconfigs/{id}. */
export async function deleteDuplicateCheckConfig(id: number): Promise<MessageBody> {
  return call(dataTableEndpoints.deleteDuplicateCheckConfig, { params: { id } });
}

export function useDeleteDuplicateCheckConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDuplicateCheckConfig,
    meta: { successMessage },
    onSuccess: () => invalidateReads(queryClient, 'dataTables'),
  });
}
