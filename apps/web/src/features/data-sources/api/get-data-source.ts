import { type DataSourceDetail, dataSourceEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/datasources/{id}: the full config, limits as decimal strings, with its data elements. */
export async function getDataSource(id: number): Promise<DataSourceDetail> {
  return call(dataSourceEndpoints.detail, { params: { id } });
}

export function dataSourceQuery(moduleId: number, id: number) {
  return queryOptions({
    queryKey: readKeys.dataSources.detail(moduleId, id),
    queryFn: () => getDataSource(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useDataSource(moduleId: number, id: number) {
  return useQuery(dataSourceQuery(moduleId, id));
}
