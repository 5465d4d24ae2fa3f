import { type MessageBody, messageBodySchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modulesQueryRoot } from '@/features/modules/api/get-modules';
import { http } from '@/lib/http';

/** DELETE /v2/modules/{id}. */
export async function deleteModule(id: number): Promise<MessageBody> {
  const { data } = await http.delete(`/v2/modules/${id}`);
  return messageBodySchema.parse(data);
}

export function useDeleteModule(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModule,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesQueryRoot }),
  });
}
