import { type DataSourceDetail, type DataSourceRequest, dataSourceEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { call } from '@/lib/call';

/** POST /v2/datasources: the new data source is last in its recon; its elements default to the table's columns. */
export async function createDataSource(body: DataSourceRequest): Promise<DataSourceDetail> {
  return call(dataSourceEndpoints.create, { body });
}

/** Field errors (400) are shown beside their fields by the form; other failures go to the common toast. */
export function useCreateDataSource(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataSource,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataSourcesQueryRoot }),
  });
}
