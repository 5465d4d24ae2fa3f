import { type DataSourceDetail, type DataSourceRequest, dataSourceEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

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
    // A recon's row counts its data sources and its detail lists them.
    onSuccess: () => invalidateReads(queryClient, 'dataSources', 'recons'),
  });
}
