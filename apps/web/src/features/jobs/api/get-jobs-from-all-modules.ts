import { jobEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { loggedOptionFetch } from '@/features/jobs/api/option-fetch';
import { call } from '@/lib/call';

export type JobOfModule = { id: number; name: string; moduleId: number; moduleName: string };

/** GET /v2/jobs?Find=JobsFromAllModules: the jobs of every module the user is assigned to. */
export async function getJobsFromAllModules(): Promise<JobOfModule[]> {
  return (await call(jobEndpoints.fromAllModules)).data;
}

export const jobsFromAllModulesQuery = queryOptions({
  queryKey: [...jobsQueryRoot, 'all-modules'],
  queryFn: () => loggedOptionFetch('job', getJobsFromAllModules),
  meta: { isGlobalErrorSkipped: true },
});

export function useJobsFromAllModules(isEnabled = true) {
  return useQuery({ ...jobsFromAllModulesQuery, enabled: isEnabled });
}
