import { useQuery } from '@tanstack/react-query';
import { dataElementsQuery } from '@/lib/reads/data-sources';

/** The data source's columns with their types, by sequence. */
export function useDataElements(moduleId: number, dataSourceId: number | undefined) {
  return useQuery({
    ...dataElementsQuery(moduleId, dataSourceId ?? 0),
    staleTime: 60_000,
    // Without them the columns of the rows themselves are shown, untyped.
    meta: { isGlobalErrorSkipped: true },
    enabled: dataSourceId !== undefined,
  });
}
