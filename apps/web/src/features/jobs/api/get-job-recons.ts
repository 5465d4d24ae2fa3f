import { type ReconRow, reconEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { loggedOptionFetch } from '@/features/jobs/api/option-fetch';
import { call } from '@/lib/call';

/** GET /v2/recons?Find=ByModule&module=: every recon of the selected module, for the RECON picker. */
export async function getJobRecons(moduleId: number): Promise<ReconRow[]> {
  return (await call(reconEndpoints.byModule, { query: { module: moduleId } })).data;
}

export function jobReconsQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...jobsQueryRoot, moduleId, 'recons'],
    queryFn: () => loggedOptionFetch('recon', () => getJobRecons(moduleId)),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useJobRecons(moduleId: number, isEnabled = true) {
  return useQuery({ ...jobReconsQuery(moduleId), enabled: isEnabled });
}
