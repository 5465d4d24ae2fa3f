import { type ReconDetail, reconEndpoints, type UpdateReconRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** PUT /v2/recons/{id}: name, description and, optionally, both sides. */
export async function updateRecon(input: { id: number; body: UpdateReconRequest }): Promise<ReconDetail> {
  return call(reconEndpoints.updateById, { params: { id: input.id }, body: input.body });
}

export function useUpdateRecon(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecon,
    meta: { isGlobalErrorSkipped: true, successMessage },
    // Its data sources' rows name it, and it may have taken other sides.
    onSuccess: () => invalidateReads(queryClient, 'recons', 'dataSources'),
  });
}
