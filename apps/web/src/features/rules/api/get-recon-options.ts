import { type ReconRow, reconsByModuleResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { http } from '@/lib/http';

/** GET /v2/recons?Find=ByModule&module=: every recon of the selected module, for the recon pickers. */
export async function getReconOptions(moduleId: number): Promise<ReconRow[]> {
  const { data } = await http.get('/v2/recons', { params: { Find: 'ByModule', module: moduleId } });
  return reconsByModuleResponseSchema.parse(data).data;
}

export function reconOptionsQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...rulesQueryRoot, moduleId, 'recon-options'],
    queryFn: () => getReconOptions(moduleId),
  });
}

export function useReconOptions(moduleId: number) {
  return useQuery(reconOptionsQuery(moduleId));
}
