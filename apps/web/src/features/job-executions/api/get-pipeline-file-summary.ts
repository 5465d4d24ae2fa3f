import { fileEndpoints, type fileSummaryResponseSchema } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { jobExecutionsRoot } from '@/features/job-executions/api/get-job-executions';
import { EXECUTION_REFRESH_MS, isMoving } from '@/features/job-executions/execution-status';
import { call } from '@/lib/call';

export type PipelineFileSummary = ReturnType<typeof fileSummaryResponseSchema.parse>['data'][number];

/** GET /v2/pipelines/{id}/file_summary?jobExecutionId=: the files one run loaded through a pipeline, with counts. */
export async function getPipelineFileSummary(
  pipelineId: number,
  jobExecutionId: number,
): Promise<PipelineFileSummary[]> {
  return (await call(fileEndpoints.summary, { params: { id: pipelineId }, query: { jobExecutionId } })).data;
}

/**
 * The statuses the files follow: the activity's (loading them) and the run's (approving, rolling back). Each
 * change is read again, so the list never stops one poll short of the outcome.
 */
export type FileSummaryStatuses = { activityStatus: string; runStatus: string };

export function pipelineFileSummaryQuery(
  moduleId: number,
  pipelineId: number,
  jobExecutionId: number,
  { activityStatus, runStatus }: FileSummaryStatuses,
) {
  return queryOptions({
    queryKey: [...jobExecutionsRoot(moduleId), 'file-summary', pipelineId, jobExecutionId, activityStatus, runStatus],
    queryFn: () => getPipelineFileSummary(pipelineId, jobExecutionId),
    // While the activity loads its files, their statuses and counts move.
    refetchInterval: isMoving(activityStatus) ? EXECUTION_REFRESH_MS : false,
    // The list of the previous status stays up while the new one is read.
    placeholderData: keepPreviousData,
  });
}

export function usePipelineFileSummary(
  moduleId: number,
  pipelineId: number,
  jobExecutionId: number,
  statuses: FileSummaryStatuses,
) {
  return useQuery(pipelineFileSummaryQuery(moduleId, pipelineId, jobExecutionId, statuses));
}
