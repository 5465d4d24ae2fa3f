import {
  type FileApprovalDecision,
  JOB_EXECUTION_TEXTS,
  type JobExecutionDetail,
  jobExecutionEndpoints,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobExecutionsRoot } from '@/features/job-executions/api/get-job-executions';
import { call } from '@/lib/call';

export type FileApprovalParams = { id: number; decision: FileApprovalDecision };

/** PUT /v2/jobexecutions/{id}/update_data_ingestion_status?approvalStatus=APPROVED|REJECTED. */
export async function decideFileApproval({ id, decision }: FileApprovalParams): Promise<JobExecutionDetail> {
  // No body at all: a null one would go out as a form body, which the server refuses (415).
  return call(jobExecutionEndpoints.decideFileApproval, { params: { id }, query: { approvalStatus: decision } });
}

export function useDecideFileApproval(moduleId: number, decision: FileApprovalDecision) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => decideFileApproval({ id, decision }),
    meta: { successMessage: decision === 'APPROVED' ? JOB_EXECUTION_TEXTS.approved : JOB_EXECUTION_TEXTS.rejected },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobExecutionsRoot(moduleId) }),
  });
}
