import { pipelineEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileHistoryRoot } from '@/features/file-history/api/get-file-history';
import { call } from '@/lib/call';

export type PipelineOption = { id: number; name: string };

/** GET /v2/pipeline/all: the pipeline filter's choices, by name. */
export async function getPipelineOptions(): Promise<PipelineOption[]> {
  const { data } = await call(pipelineEndpoints.list).catch((error: unknown) => {
    // Spec: a failed option fetch is logged only; the filter then offers no pipelines.
    console.warn('The pipeline options could not be loaded', error);
    throw error;
  });
  return data.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export function pipelineOptionsQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...fileHistoryRoot(moduleId), 'pipeline-options'],
    queryFn: getPipelineOptions,
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
  });
}

export function usePipelineOptions(moduleId: number) {
  return useQuery(pipelineOptionsQuery(moduleId));
}
