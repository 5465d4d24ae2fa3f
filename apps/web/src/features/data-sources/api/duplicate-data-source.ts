import { type DataSourceDetail, type DuplicateDataSourceRequest, dataSourceDetailSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { http } from '@/lib/http';

/** POST /v2/datasources/{id}/duplicate {name, reconId}: pipelines, table, limits and elements are copied. */
export async function duplicateDataSource(input: {
  id: number;
  body: DuplicateDataSourceRequest;
}): Promise<DataSourceDetail> {
  const { data } = await http.post(`/v2/datasources/${input.id}/duplicate`, input.body);
  return dataSourceDetailSchema.parse(data);
}

export function useDuplicateDataSource(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateDataSource,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataSourcesQueryRoot }),
  });
}
