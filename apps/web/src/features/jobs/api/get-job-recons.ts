import { type ReconRow, reconsByModuleResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { loggedOptionFetch } from '@/features/jobs/api/option-fetch';
import { http } from '@/lib/http';

/** GET /v2/recons?Find=ByModule&module=: every recon of the selected module, for the RECON picker. */
export async function getJobRecons(moduleId: number): Promise<ReconRow[]> {
  const { data } = await http.get('/v2/recons', { params: { Find: 'ByModule', module: moduleId } });
  return reconsByModuleResponseSchema.parse(data).data;
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
