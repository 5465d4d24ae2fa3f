import { type DuplicateCheckConfig, dataTableEndpoints, type SaveDuplicateCheckConfigRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** PUT /v2/duplicatecheckconfigs: creates or replaces the duplicate-check columns of one table. */
export async function saveDuplicateCheckConfig(body: SaveDuplicateCheckConfigRequest): Promise<DuplicateCheckConfig> {
  return call(dataTableEndpoints.saveDuplicateCheckConfig, { body });
}

export function useSaveDuplicateCheckConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDuplicateCheckConfig,
    meta: { successMessage },
    onSuccess: () => invalidateReads(queryClient, 'dataTables'),
  });
}
