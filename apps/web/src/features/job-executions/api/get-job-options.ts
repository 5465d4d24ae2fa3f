import { jobEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobExecutionsRoot } from '@/features/job-executions/api/get-job-executions';
import { call } from '@/lib/call';

export type JobOption = { id: number; name: string };

/** GET /v2/jobs?Find=JobsFromAllModules, narrowed to the module: the job filter's choices, by name. */
export async function getJobOptions(moduleId: number): Promise<JobOption[]> {
  const { data } = await call(jobEndpoints.fromAllModules).catch((error: unknown) => {
    // Spec: a failed option fetch is logged only; the filter then offers no jobs.
    console.warn('The job options could not be loaded', error);
    throw error;
  });
  return data
    .filter((job) => job.moduleId === moduleId)
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function jobOptionsQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...jobExecutionsRoot(moduleId), 'job-options'],
    queryFn: () => getJobOptions(moduleId),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useJobOptions(moduleId: number) {
  return useQuery(jobOptionsQuery(moduleId));
}
