import { type Pipeline, pipelineEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** Every query of this feature starts with this key, so one invalidation refreshes the list and the pages. */
export const pipelinesQueryRoot = ['pipelines'] as const;

/** GET /v2/pipeline/all: the module's pipelines with their data table and file-upload-config status. */
export async function getPipelines(): Promise<Pipeline[]> {
  return (await call(pipelineEndpoints.list)).data;
}

export function pipelinesQuery(moduleId: number) {
  return queryOptions({ queryKey: [...pipelinesQueryRoot, moduleId, 'all'], queryFn: getPipelines });
}

export function usePipelines(moduleId: number) {
  return useQuery(pipelinesQuery(moduleId));
}
