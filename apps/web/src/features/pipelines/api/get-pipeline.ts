import { type Pipeline, pipelineSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pipelinesQueryRoot } from '@/features/pipelines/api/get-pipelines';
import { http } from '@/lib/http';

/** GET /v2/pipeline/{id}. */
export async function getPipeline(id: number): Promise<Pipeline> {
  const { data } = await http.get(`/v2/pipeline/${id}`);
  return pipelineSchema.parse(data);
}

export function pipelineQuery(moduleId: number, id: number) {
  return queryOptions({ queryKey: [...pipelinesQueryRoot, moduleId, 'one', id], queryFn: () => getPipeline(id) });
}

export function usePipeline(moduleId: number, id: number) {
  return useQuery(pipelineQuery(moduleId, id));
}
