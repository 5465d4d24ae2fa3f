import { type DataElement, dataElementsResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { http } from '@/lib/http';

/** GET /v2/datasources/{id}?find=DataElements: the data elements, by sequence. */
export async function getDataElements(dataSourceId: number): Promise<DataElement[]> {
  const { data } = await http.get(`/v2/datasources/${dataSourceId}`, { params: { find: 'DataElements' } });
  return dataElementsResponseSchema.parse(data).data;
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
