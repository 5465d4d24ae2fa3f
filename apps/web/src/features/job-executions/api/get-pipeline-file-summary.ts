import { fileSummaryResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobExecutionsRoot } from '@/features/job-executions/api/get-job-executions';
import { EXECUTION_REFRESH_MS } from '@/features/job-executions/execution-status';
import { http } from '@/lib/http';

export type PipelineFileSummary = ReturnType<typeof fileSummaryResponseSchema.parse>['data'][number];

/** GET /v2/pipelines/{id}/file_summary?jobExecutionId=: the files one run loaded through a pipeline, with counts. */
export async function getPipelineFileSummary(
  pipelineId: number,
  jobExecutionId: number,
): Promise<PipelineFileSummary[]> {
  const { data } = await http.get(`/v2/pipelines/${pipelineId}/file_summary`, { params: { jobExecutionId } });
  return fileSummaryResponseSchema.parse(data).data;
}

export function pipelineFileSummaryQuery(
  moduleId: number,
  pipelineId: number,
  jobExecutionId: number,
  isLoading: boolean,
) {
  return queryOptions({
    queryKey: [...jobExecutionsRoot(moduleId), 'file-summary', pipelineId, jobExecutionId],
    queryFn: () => getPipelineFileSummary(pipelineId, jobExecutionId),
    // While the activity loads its files, their statuses and counts move.
    refetchInterval: isLoading ? EXECUTION_REFRESH_MS : false,
  });
}

export function usePipelineFileSummary(
  moduleId: number,
  pipelineId: number,
  jobExecutionId: number,
  isLoading: boolean,
) {
  return useQuery(pipelineFileSummaryQuery(moduleId, pipelineId, jobExecutionId, isLoading));
}
