import { type DataSourceDetail, type DuplicateDataSourceRequest, dataSourceEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST /v2/datasources/{id}/duplicate {name, reconId}: pipelines, table, limits and elements are copied. */
export async function duplicateDataSource(input: {
  id: number;
  body: DuplicateDataSourceRequest;
}): Promise<DataSourceDetail> {
  return call(dataSourceEndpoints.duplicate, { params: { id: input.id }, body: input.body });
}

export function useDuplicateDataSource(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateDataSource,
    meta: { isGlobalErrorSkipped: true, successMessage },
    // A recon's row counts its data sources and its detail lists them.
    onSuccess: () => invalidateReads(queryClient, 'dataSources', 'recons'),
  });
}
