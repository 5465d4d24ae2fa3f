import { type DataSourceRow, dataSourceEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET v2/datasources?Find=ByModule&moduleId=: the data sources whose rows can be looked at. */
export async function getDataSources(moduleId: number): Promise<DataSourceRow[]> {
  const { data } = await call(dataSourceEndpoints.byModule, { query: { moduleId } }).catch((error: unknown) => {
    // Spec: a failed option fetch is logged only; the page says the choice could not be loaded.
    console.warn('The data source options could not be loaded', error);
    throw error;
  });
  return data;
}

export function dataSourcesQuery(moduleId: number) {
  return queryOptions({
    queryKey: readKeys.dataSources.byModule(moduleId),
    queryFn: () => getDataSources(moduleId),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useDataSources(moduleId: number) {
  return useQuery(dataSourcesQuery(moduleId));
}
