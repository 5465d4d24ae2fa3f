import { jobExecutionEndpoints, type MakerCheckerResponse } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobExecutionsRoot } from '@/features/job-executions/api/get-job-executions';
import { call } from '@/lib/call';

/**
 * POST /v2/jobexecutions/{id}/file-approval-validate-maker-checker: whether the signed-in user may approve
 * or reject the run's files, and why not. A check that changes nothing, so it is read as a query.
 */
export async function validateFileApproval(id: number, activityIds: readonly number[]): Promise<MakerCheckerResponse> {
  return call(jobExecutionEndpoints.validateMakerChecker, {
    params: { id },
    body: { jobExecutionId: id, selectedExecutionActivities: [...activityIds] },
  });
}

export function fileApprovalCheckQuery(moduleId: number, id: number, activityIds: readonly number[]) {
  return queryOptions({
    queryKey: [...jobExecutionsRoot(moduleId), 'file-approval-check', id, activityIds],
    queryFn: () => validateFileApproval(id, activityIds),
  });
}

export function useFileApprovalCheck(moduleId: number, id: number, activityIds: readonly number[], isEnabled: boolean) {
  return useQuery({ ...fileApprovalCheckQuery(moduleId, id, activityIds), enabled: isEnabled });
}
