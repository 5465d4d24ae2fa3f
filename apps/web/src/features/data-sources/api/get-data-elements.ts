import { type DataElement, dataSourceEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { call } from '@/lib/call';

/** GET /v2/datasources/{id}?find=DataElements: the data elements, by sequence. */
export async function getDataElements(dataSourceId: number): Promise<DataElement[]> {
  return (await call(dataSourceEndpoints.elements, { params: { id: dataSourceId } })).data;
}

export function dataElementsQuery(moduleId: number, dataSourceId: number) {
  return queryOptions({
    queryKey: [...dataSourcesQueryRoot, moduleId, 'elements', dataSourceId],
    queryFn: () => getDataElements(dataSourceId),
  });
}

export function useDataElements(moduleId: number, dataSourceId: number) {
  return useQuery(dataElementsQuery(moduleId, dataSourceId));
}
