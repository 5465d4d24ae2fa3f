import { jobsFromAllModulesResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { loggedOptionFetch } from '@/features/jobs/api/option-fetch';
import { http } from '@/lib/http';

export type JobOfModule = { id: number; name: string; moduleId: number; moduleName: string };

/** GET /v2/jobs?Find=JobsFromAllModules: the jobs of every module the user is assigned to. */
export async function getJobsFromAllModules(): Promise<JobOfModule[]> {
  const { data } = await http.get('/v2/jobs', { params: { Find: 'JobsFromAllModules' } });
  return jobsFromAllModulesResponseSchema.parse(data).data;
}

export const jobsFromAllModulesQuery = queryOptions({
  queryKey: [...jobsQueryRoot, 'all-modules'],
  queryFn: () => loggedOptionFetch('job', getJobsFromAllModules),
  meta: { isGlobalErrorSkipped: true },
});

export function useJobsFromAllModules(isEnabled = true) {
  return useQuery({ ...jobsFromAllModulesQuery, enabled: isEnabled });
}
