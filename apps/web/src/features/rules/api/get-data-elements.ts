import { type DataElement, dataElementsResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { http } from '@/lib/http';

/** GET /v2/datasources/{id}?find=DataElements: the columns a rule may read, by sequence. */
export async function getDataElements(dataSourceId: number): Promise<DataElement[]> {
  const { data } = await http.get(`/v2/datasources/${dataSourceId}`, { params: { find: 'DataElements' } });
  return dataElementsResponseSchema.parse(data).data;
}

export function dataElementsQuery(moduleId: number, dataSourceId: number | undefined) {
  return queryOptions({
    queryKey: [...rulesQueryRoot, moduleId, 'elements', dataSourceId ?? 0],
    queryFn: () => getDataElements(dataSourceId ?? 0),
    enabled: dataSourceId !== undefined,
  });
}

export function useDataElements(moduleId: number, dataSourceId: number | undefined) {
  return useQuery(dataElementsQuery(moduleId, dataSourceId));
}
