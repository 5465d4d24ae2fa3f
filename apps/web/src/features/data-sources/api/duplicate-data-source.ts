import { type DataSourceDetail, type DuplicateDataSourceRequest, dataSourceEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { call } from '@/lib/call';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataSourcesQueryRoot }),
  });
}
