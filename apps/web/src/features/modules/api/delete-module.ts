import { type MessageBody, moduleEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modulesQueryRoot } from '@/features/modules/api/get-modules';
import { call } from '@/lib/call';

/** DELETE /v2/modules/{id}. */
export async function deleteModule(id: number): Promise<MessageBody> {
  return call(moduleEndpoints.delete, { params: { id } });
}

export function useDeleteModule(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModule,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesQueryRoot }),
  });
}
