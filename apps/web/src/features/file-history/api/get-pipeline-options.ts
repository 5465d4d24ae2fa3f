import type { Pipeline } from '@recon/contract';
import { useQuery } from '@tanstack/react-query';
import { loggedOptionFetch } from '@/lib/reads/option-fetch';
import { getPipelines, pipelinesQuery } from '@/lib/reads/pipelines';

export type PipelineOption = { id: number; name: string };

function toOptions(pipelines: Pipeline[]): PipelineOption[] {
  return pipelines.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The pipeline filter's choices, by name; a failure is only logged and the filter offers no pipelines. */
export function usePipelineOptions(moduleId: number) {
  return useQuery({
    ...pipelinesQuery(moduleId),
    queryFn: () => loggedOptionFetch('pipeline', getPipelines),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
    select: toOptions,
  });
}
