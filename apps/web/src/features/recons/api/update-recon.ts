import { type ReconDetail, reconDetailSchema, type UpdateReconRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reconsQueryRoot } from '@/features/recons/api/get-recons';
import { http } from '@/lib/http';

/** PUT /v2/recons/{id}: name, description and, optionally, both sides. */
export async function updateRecon(input: { id: number; body: UpdateReconRequest }): Promise<ReconDetail> {
  const { data } = await http.put(`/v2/recons/${input.id}`, input.body);
  return reconDetailSchema.parse(data);
}

export function useUpdateRecon(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecon,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconsQueryRoot }),
  });
}
