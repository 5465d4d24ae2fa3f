import { type ReconDetail, reconEndpoints, type UpdateReconRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reconsQueryRoot } from '@/features/recons/api/get-recons';
import { call } from '@/lib/call';

/** PUT /v2/recons/{id}: name, description and, optionally, both sides. */
export async function updateRecon(input: { id: number; body: UpdateReconRequest }): Promise<ReconDetail> {
  return call(reconEndpoints.updateById, { params: { id: input.id }, body: input.body });
}

export function useUpdateRecon(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecon,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reconsQueryRoot }),
  });
}
