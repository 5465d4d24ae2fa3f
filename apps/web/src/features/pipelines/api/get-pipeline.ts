import { type Pipeline, pipelineEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/pipeline/{id}. */
export async function getPipeline(id: number): Promise<Pipeline> {
  return call(pipelineEndpoints.detail, { params: { id } });
}

export function pipelineQuery(moduleId: number, id: number) {
  return queryOptions({ queryKey: readKeys.pipelines.detail(moduleId, id), queryFn: () => getPipeline(id) });
}

export function usePipeline(moduleId: number, id: number) {
  return useQuery(pipelineQuery(moduleId, id));
}
