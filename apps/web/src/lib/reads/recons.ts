import { type ReconRow, reconEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/recons?Find=ByModule&module=: every recon of the selected module, for the recon pickers. */
export async function getReconOptions(moduleId: number): Promise<ReconRow[]> {
  return (await call(reconEndpoints.byModule, { query: { module: moduleId } })).data;
}

export function reconOptionsQuery(moduleId: number) {
  return queryOptions({ queryKey: readKeys.recons.byModule(moduleId), queryFn: () => getReconOptions(moduleId) });
}

export function useReconOptions(moduleId: number) {
  return useQuery(reconOptionsQuery(moduleId));
}
