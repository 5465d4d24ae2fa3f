import { type Pipeline, pipelineEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/pipeline/all: the module's pipelines with their data table and file-upload-config status. */
export async function getPipelines(): Promise<Pipeline[]> {
  return (await call(pipelineEndpoints.list)).data;
}

export function pipelinesQuery(moduleId: number) {
  return queryOptions({ queryKey: readKeys.pipelines.list(moduleId), queryFn: getPipelines });
}

export function usePipelines(moduleId: number) {
  return useQuery(pipelinesQuery(moduleId));
}
