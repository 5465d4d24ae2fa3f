import { type DataSourceRow, dataSourceEndpoints, type PagedAnswer, toPagedQuery } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

export type DataSourcesParams = {
  start: number;
  length: number;
  name?: string;
  /** A recon id. */
  recon?: number;
  pipelineName?: string;
  table?: string;
};

/** GET /v2/datasources: one page of the module's data sources with the list filters (each a "contains"). */
export async function getDataSources(params: DataSourcesParams): Promise<PagedAnswer<DataSourceRow>> {
  const { start, length, ...filters } = params;
  const query: Record<string, string | number> = toPagedQuery({ start, length, draw: start / length + 1 });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query[key] = value;
  return call(dataSourceEndpoints.list, { query });
}

export function dataSourcesQuery(moduleId: number, params: DataSourcesParams) {
  return queryOptions({
    queryKey: readKeys.dataSources.list(moduleId, params),
    queryFn: () => getDataSources(params),
    placeholderData: keepPreviousData,
  });
}

export function useDataSources(moduleId: number, params: DataSourcesParams) {
  return useQuery(dataSourcesQuery(moduleId, params));
}
