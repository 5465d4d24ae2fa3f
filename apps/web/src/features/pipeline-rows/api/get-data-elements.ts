import { type DataElement, dataSourceEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pipelineRowsRoot } from '@/features/pipeline-rows/api/get-data-sources';
import { call } from '@/lib/call';

/** GET v2/datasources/{id}?find=DataElements: the data source's columns with their types, by sequence. */
export async function getDataElements(dataSourceId: number): Promise<DataElement[]> {
  return (await call(dataSourceEndpoints.elements, { params: { id: dataSourceId } })).data;
}

export function dataElementsQuery(moduleId: number, dataSourceId: number) {
  return queryOptions({
    queryKey: [...pipelineRowsRoot(moduleId), 'data-elements', dataSourceId],
    queryFn: () => getDataElements(dataSourceId),
    staleTime: 60_000,
    // Without them the columns of the rows themselves are shown, untyped.
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useDataElements(moduleId: number, dataSourceId: number | undefined) {
  return useQuery({ ...dataElementsQuery(moduleId, dataSourceId ?? 0), enabled: dataSourceId !== undefined });
}
