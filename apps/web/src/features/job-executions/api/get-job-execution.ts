import { type JobExecutionDetail, jobExecutionEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobExecutionsRoot } from '@/features/job-executions/api/get-job-executions';
import { EXECUTION_REFRESH_MS, isMoving } from '@/features/job-executions/execution-status';
import { call } from '@/lib/call';

/** GET /v2/jobexecutions/{id}: one run with its activity executions and files. */
export async function getJobExecution(id: number): Promise<JobExecutionDetail> {
  return call(jobExecutionEndpoints.detail, { params: { id } });
}

export function jobExecutionQuery(moduleId: number, id: number) {
  return queryOptions({
    queryKey: [...jobExecutionsRoot(moduleId), 'detail', id],
    queryFn: () => getJobExecution(id),
    refetchInterval: (query) => (query.state.data && isMoving(query.state.data.status) ? EXECUTION_REFRESH_MS : false),
  });
}

export function useJobExecution(moduleId: number, id: number | undefined) {
  return useQuery({ ...jobExecutionQuery(moduleId, id ?? 0), enabled: id !== undefined });
}
