import { type DataElement, type DataSourceRow, dataSourceEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET v2/datasources?Find=ByRecon&recon=&moduleId=: one recon's data sources by sequence. */
export async function getReconDataSources(moduleId: number, reconId: number): Promise<DataSourceRow[]> {
  return (await call(dataSourceEndpoints.byRecon, { query: { recon: reconId, moduleId } })).data;
}

export function reconDataSourcesQuery(moduleId: number, reconId: number | undefined) {
  return queryOptions({
    queryKey: readKeys.dataSources.byRecon(moduleId, reconId ?? 0),
    queryFn: () => getReconDataSources(moduleId, reconId ?? 0),
    enabled: reconId !== undefined,
  });
}

export function useReconDataSources(moduleId: number, reconId: number | undefined) {
  return useQuery(reconDataSourcesQuery(moduleId, reconId));
}

/** GET /v2/datasources/{id}?find=DataElements: the data elements (the columns rules and screens use), by sequence. */
export async function getDataElements(dataSourceId: number): Promise<DataElement[]> {
  return (await call(dataSourceEndpoints.elements, { params: { id: dataSourceId } })).data;
}

export function dataElementsQuery(moduleId: number, dataSourceId: number) {
  return queryOptions({
    queryKey: readKeys.dataSources.elements(moduleId, dataSourceId),
    queryFn: () => getDataElements(dataSourceId),
  });
}

export function useDataElements(moduleId: number, dataSourceId: number | undefined) {
  return useQuery({ ...dataElementsQuery(moduleId, dataSourceId ?? 0), enabled: dataSourceId !== undefined });
}
