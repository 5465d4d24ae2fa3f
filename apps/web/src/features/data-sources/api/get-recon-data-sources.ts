import { type DataSourceRow, dataSourceEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { call } from '@/lib/call';

/** GET v2/datasources?Find=ByRecon&recon=&moduleId=: one recon's data sources by sequence. */
export async function getReconDataSources(moduleId: number, reconId: number): Promise<DataSourceRow[]> {
  return (await call(dataSourceEndpoints.byRecon, { query: { recon: reconId, moduleId } })).data;
}

export function reconDataSourcesQuery(moduleId: number, reconId: number | undefined) {
  return queryOptions({
    queryKey: [...dataSourcesQueryRoot, moduleId, 'by-recon', reconId ?? 0],
    queryFn: () => getReconDataSources(moduleId, reconId ?? 0),
    enabled: reconId !== undefined,
  });
}

export function useReconDataSources(moduleId: number, reconId: number | undefined) {
  return useQuery(reconDataSourcesQuery(moduleId, reconId));
}
