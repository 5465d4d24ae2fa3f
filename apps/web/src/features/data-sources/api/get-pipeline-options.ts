import { type Pipeline, pipelineEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { call } from '@/lib/call';

/** GET /v2/pipeline/all: the module's pipelines with the data table each loads into. */
export async function getPipelineOptions(): Promise<Pipeline[]> {
  return (await call(pipelineEndpoints.list)).data;
}

export function pipelineOptionsQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...dataSourcesQueryRoot, moduleId, 'pipeline-options'],
    queryFn: getPipelineOptions,
  });
}

export function usePipelineOptions(moduleId: number) {
  return useQuery(pipelineOptionsQuery(moduleId));
}
