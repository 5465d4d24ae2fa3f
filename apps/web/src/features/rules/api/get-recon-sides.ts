import { type DataSourceRow, dataSourcesByResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { http } from '@/lib/http';

export type ReconSides = { sideA: DataSourceRow | null; sideB: DataSourceRow | null };

/**
 * GET v2/datasources?Find=ByRecon&recon=&moduleId=: the recon's data sources by sequence; side A is sequence 1,
 * side B sequence 2 (readable with viewRule, unlike the recon itself).
 */
export async function getReconSides(moduleId: number, reconId: number): Promise<ReconSides> {
  const { data } = await http.get('/v2/datasources', { params: { Find: 'ByRecon', recon: reconId, moduleId } });
  const sources = dataSourcesByResponseSchema.parse(data).data;
  return {
    sideA: sources.find((s) => s.sequence === 1) ?? null,
    sideB: sources.find((s) => s.sequence === 2) ?? null,
  };
}

export function reconSidesQuery(moduleId: number, reconId: number | undefined) {
  return queryOptions({
    queryKey: [...rulesQueryRoot, moduleId, 'sides', reconId ?? 0],
    queryFn: () => getReconSides(moduleId, reconId ?? 0),
    enabled: reconId !== undefined,
  });
}

export function useReconSides(moduleId: number, reconId: number | undefined) {
  return useQuery(reconSidesQuery(moduleId, reconId));
}
