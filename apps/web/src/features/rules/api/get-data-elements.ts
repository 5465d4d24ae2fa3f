import { type DataElement, dataSourceEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesQueryRoot } from '@/features/rules/api/query-keys';
import { call } from '@/lib/call';

/** GET /v2/datasources/{id}?find=DataElements: the columns a rule may read, by sequence. */
export async function getDataElements(dataSourceId: number): Promise<DataElement[]> {
  return (await call(dataSourceEndpoints.elements, { params: { id: dataSourceId } })).data;
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
