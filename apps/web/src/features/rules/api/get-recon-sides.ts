import { type DataSourceRow, dataSourceEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { call } from '@/lib/call';

export type ReconSides = { sideA: DataSourceRow | null; sideB: DataSourceRow | null };

/**
 * GET v2/datasources?Find=ByRecon&recon=&moduleId=: the recon's data sources by sequence; side A is sequence 1,
 * side B sequence 2 (readable with viewRule, unlike the recon itself).
 */
export async function getReconSides(moduleId: number, reconId: number): Promise<ReconSides> {
  const { data: sources } = await call(dataSourceEndpoints.byRecon, { query: { recon: reconId, moduleId } });
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
