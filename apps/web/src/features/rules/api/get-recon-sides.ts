import type { DataSourceRow } from '@recon/contract';
import { useQuery } from '@tanstack/react-query';
import { reconDataSourcesQuery } from '@/lib/reads/data-sources';

export type ReconSides = { sideA: DataSourceRow | null; sideB: DataSourceRow | null };

/** Side A is the data source of sequence 1, side B that of sequence 2. */
function toSides(sources: DataSourceRow[]): ReconSides {
  return {
    sideA: sources.find((s) => s.sequence === 1) ?? null,
    sideB: sources.find((s) => s.sequence === 2) ?? null,
  };
}

/** The recon's data sources by sequence (readable with viewRule, unlike the recon itself), as its two sides. */
export function useReconSides(moduleId: number, reconId: number | undefined) {
  return useQuery({ ...reconDataSourcesQuery(moduleId, reconId), select: toSides });
}
