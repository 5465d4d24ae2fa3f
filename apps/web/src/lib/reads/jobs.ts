import { jobEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { loggedOptionFetch } from '@/lib/reads/option-fetch';
import { readKeys } from '@/lib/reads/read-keys';

export type JobOfModule = { id: number; name: string; moduleId: number; moduleName: string };

/** GET /v2/jobs?Find=JobsFromAllModules: the jobs of every module the user is assigned to. */
export async function getJobsFromAllModules(): Promise<JobOfModule[]> {
  return (await call(jobEndpoints.fromAllModules)).data;
}

/** For pickers and filters: a failure is only logged. */
export const jobsFromAllModulesQuery = queryOptions({
  queryKey: readKeys.jobs.fromAllModules(),
  queryFn: () => loggedOptionFetch('job', getJobsFromAllModules),
  meta: { isGlobalErrorSkipped: true },
});

export function useJobsFromAllModules(isEnabled = true) {
  return useQuery({ ...jobsFromAllModulesQuery, enabled: isEnabled });
}
