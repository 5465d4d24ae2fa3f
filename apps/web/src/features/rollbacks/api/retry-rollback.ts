import { ROLLBACK_TEXTS, type RollbackDetail, rollbackEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rollbacksRoot } from '@/features/rollbacks/api/get-rollbacks';
import { call } from '@/lib/call';

/** PUT /v2/executionrollbacks/executeFailedJob/{rollbackId}: a failed rollback goes on from the step that failed. */
export async function retryRollback(id: number): Promise<RollbackDetail> {
  return call(rollbackEndpoints.retry, { params: { id } });
}

export function useRetryRollback(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRollback,
    meta: { successMessage: ROLLBACK_TEXTS.retried },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rollbacksRoot(moduleId) }),
  });
}
