import { useQuery } from '@tanstack/react-query';
import { loggedOptionFetch } from '@/lib/reads/option-fetch';
import { getPipelines, pipelinesQuery } from '@/lib/reads/pipelines';

/** The module's pipelines, for the PIPE_LINE picker and the export / bot panels. */
export function useJobPipelines(moduleId: number, isEnabled = true) {
  return useQuery({
    ...pipelinesQuery(moduleId),
    queryFn: () => loggedOptionFetch('pipeline', getPipelines),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
    enabled: isEnabled,
  });
}
