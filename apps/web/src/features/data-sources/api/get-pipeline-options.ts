import { type Pipeline, pipelinesResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { http } from '@/lib/http';

/** GET /v2/pipeline/all: the module's pipelines with the data table each loads into. */
export async function getPipelineOptions(): Promise<Pipeline[]> {
  const { data } = await http.get('/v2/pipeline/all');
  return pipelinesResponseSchema.parse(data).data;
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
