import { type DataSourceRow, dataSourceEndpoints, type UpdateSequenceRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** PUT v2/datasources?Operation=UpdateSequence: the order of one recon's data sources (1 = side A, 2 = side B). */
export async function updateDataSourceSequence(body: UpdateSequenceRequest): Promise<DataSourceRow[]> {
  return (await call(dataSourceEndpoints.updateSequence, { body })).data;
}

export function useUpdateDataSourceSequence(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDataSourceSequence,
    meta: { successMessage },
    // A recon's row counts its data sources and its detail lists them.
    onSuccess: () => invalidateReads(queryClient, 'dataSources', 'recons'),
  });
}
