import { APPROVAL_TEXTS, ROLLBACK_TEXTS, type RollbackDetail, rollbackEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobExecutionsRoot } from '@/features/job-executions/api/get-job-executions';
import { call } from '@/lib/call';
import { showSuccessToast } from '@/lib/toast';

/**
 * PUT /v2/executionrollbacks?Operation=RetryFailedJob&jobExecution={id}: asks for the rollback of a run, with
 * the reason the audit log keeps.
 */
export async function requestRollback(p: { jobExecutionId: number; reason: string }): Promise<RollbackDetail> {
  return call(rollbackEndpoints.request, { query: { jobExecution: p.jobExecutionId }, body: { reason: p.reason } });
}

export function useRequestRollback(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRollback,
    // The run's status moves to Rollback Created, then on: the history and the drawer read it again. In a module
    // where rollbacks need approval it waits for another user (APPROVAL_PENDING) and the toast says so.
    onSuccess: (rollback) => {
      showSuccessToast(
        rollback.status === 'APPROVAL_PENDING' ? APPROVAL_TEXTS.rollbackSentForApproval : ROLLBACK_TEXTS.requested,
      );
      return queryClient.invalidateQueries({ queryKey: jobExecutionsRoot(moduleId) });
    },
  });
}
