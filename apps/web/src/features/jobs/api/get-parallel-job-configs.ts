import { type ParallelJobConfig, parallelJobConfigsResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { http } from '@/lib/http';

/** GET /v2/parallel_job_config: the module's parallel job configs with the names of their jobs or modules. */
export async function getParallelJobConfigs(): Promise<ParallelJobConfig[]> {
  const { data } = await http.get('/v2/parallel_job_config');
  return parallelJobConfigsResponseSchema.parse(data).data;
}

export const parallelJobConfigsRoot = [...jobsQueryRoot, 'parallel-job-configs'] as const;

export function parallelJobConfigsQuery(moduleId: number) {
  return queryOptions({ queryKey: [...parallelJobConfigsRoot, moduleId], queryFn: getParallelJobConfigs });
}

export function useParallelJobConfigs(moduleId: number, isEnabled = true) {
  return useQuery({ ...parallelJobConfigsQuery(moduleId), enabled: isEnabled });
}
