import { type MessageBody, reconEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** DELETE /v2/recons/{id}; refused (400, naming them) while data sources use it or jobs run it. */
export async function deleteRecon(id: number): Promise<MessageBody> {
  return call(reconEndpoints.delete, { params: { id } });
}

/** The server's refusal reaches the user through the common error toast, word for word. */
export function useDeleteRecon(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecon,
    meta: { successMessage },
    onSuccess: () => invalidateReads(queryClient, 'recons'),
  });
}
