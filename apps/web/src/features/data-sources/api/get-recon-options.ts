import { type ReconRow, reconEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { call } from '@/lib/call';

/** GET /v2/recons?Find=ByModule&module=: every recon of the selected module, for the recon pickers. */
export async function getReconOptions(moduleId: number): Promise<ReconRow[]> {
  return (await call(reconEndpoints.byModule, { query: { module: moduleId } })).data;
}

export function reconOptionsQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...dataSourcesQueryRoot, moduleId, 'recon-options'],
    queryFn: () => getReconOptions(moduleId),
  });
}

export function useReconOptions(moduleId: number) {
  return useQuery(reconOptionsQuery(moduleId));
}
