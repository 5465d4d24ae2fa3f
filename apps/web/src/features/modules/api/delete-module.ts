import { type MessageBody, moduleEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** DELETE /v2/modules/{id}. */
export async function deleteModule(id: number): Promise<MessageBody> {
  return call(moduleEndpoints.delete, { params: { id } });
}

export function useDeleteModule(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModule,
    meta: { successMessage },
    // A user's row lists their modules, so the user lists change too.
    onSuccess: () => invalidateReads(queryClient, 'modules', 'users'),
  });
}
