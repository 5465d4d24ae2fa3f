import { type ParallelJobConfig, parallelJobConfigEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/parallel_job_config: the module's parallel job configs with the names of their jobs or modules. */
export async function getParallelJobConfigs(): Promise<ParallelJobConfig[]> {
  return (await call(parallelJobConfigEndpoints.list)).data;
}

export const parallelJobConfigsRoot = [...readKeys.jobs.root, 'parallel-job-configs'] as const;

export function parallelJobConfigsQuery(moduleId: number) {
  return queryOptions({ queryKey: [...parallelJobConfigsRoot, moduleId], queryFn: getParallelJobConfigs });
}

export function useParallelJobConfigs(moduleId: number, isEnabled = true) {
  return useQuery({ ...parallelJobConfigsQuery(moduleId), enabled: isEnabled });
}
