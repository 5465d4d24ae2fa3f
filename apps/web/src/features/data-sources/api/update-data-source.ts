import { type DataSourceDetail, type DataSourceRequest, dataSourceEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** PUT /v2/datasources/{id}: the create checks again; another table resets the data elements. */
export async function updateDataSource(input: { id: number; body: DataSourceRequest }): Promise<DataSourceDetail> {
  return call(dataSourceEndpoints.updateById, { params: { id: input.id }, body: input.body });
}

export function useUpdateDataSource(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDataSource,
    meta: { isGlobalErrorSkipped: true, successMessage },
    // A recon's row counts its data sources and its detail lists them.
    onSuccess: () => invalidateReads(queryClient, 'dataSources', 'recons'),
  });
}
