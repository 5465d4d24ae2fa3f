import { JOB_EXECUTION_TEXTS, type JobExecutionDetail, jobExecutionEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobExecutionsRoot } from '@/features/job-executions/api/get-job-executions';
import { call } from '@/lib/call';

/** PUT /v2/jobexecutions/executeFailedJob/{id}: a FAILED run goes on from its failed activity. */
export async function retryFailedExecution(id: number): Promise<JobExecutionDetail> {
  return call(jobExecutionEndpoints.retryFailed, { params: { id } });
}

export function useRetryFailedExecution(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedExecution,
    meta: { successMessage: JOB_EXECUTION_TEXTS.retried },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobExecutionsRoot(moduleId) }),
  });
}
