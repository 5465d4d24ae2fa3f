import { type MessageBody, messageBodySchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reconsQueryRoot } from '@/features/recons/api/get-recons';
import { http } from '@/lib/http';

/** DELETE /v2/recons/{id}; refused (400, naming them) while data sources use it or jobs run it. */
export async function deleteRecon(id: number): Promise<MessageBody> {
  const { data } = await http.delete(`/v2/recons/${id}`);
  return messageBodySchema.parse(data);
}

/** The server's refusal reaches the user through the common error toast, word for word. */
export function useDeleteRecon(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecon,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconsQueryRoot }),
  });
}
