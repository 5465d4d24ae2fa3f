import { type Pipeline, pipelineEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { loggedOptionFetch } from '@/features/jobs/api/option-fetch';
import { call } from '@/lib/call';

/** GET /v2/pipeline/all: the module's pipelines, for the PIPE_LINE picker and the export / bot panels. */
export async function getJobPipelines(): Promise<Pipeline[]> {
  return (await call(pipelineEndpoints.list)).data;
}

export function jobPipelinesQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...jobsQueryRoot, moduleId, 'pipelines'],
    queryFn: () => loggedOptionFetch('pipeline', getJobPipelines),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useJobPipelines(moduleId: number, isEnabled = true) {
  return useQuery({ ...jobPipelinesQuery(moduleId), enabled: isEnabled });
}
