import { type CreateReconRequest, type ReconDetail, reconEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST /v2/recons {name, description}. */
export async function createRecon(body: CreateReconRequest): Promise<ReconDetail> {
  return call(reconEndpoints.create, { body });
}

/** Field errors (400) are shown beside their fields by the form; other failures go to the common toast. */
export function useCreateRecon(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecon,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => invalidateReads(queryClient, 'recons'),
  });
}
