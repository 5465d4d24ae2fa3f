import { type Pipeline, pipelinesResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Every query of this feature starts with this key, so one invalidation refreshes the list and the pages. */
export const pipelinesQueryRoot = ['pipelines'] as const;

/** GET /v2/pipeline/all: the module's pipelines with their data table and file-upload-config status. */
export async function getPipelines(): Promise<Pipeline[]> {
  const { data } = await http.get('/v2/pipeline/all');
  return pipelinesResponseSchema.parse(data).data;
}

export function pipelinesQuery(moduleId: number) {
  return queryOptions({ queryKey: [...pipelinesQueryRoot, moduleId, 'all'], queryFn: getPipelines });
}

export function usePipelines(moduleId: number) {
  return useQuery(pipelinesQuery(moduleId));
}
