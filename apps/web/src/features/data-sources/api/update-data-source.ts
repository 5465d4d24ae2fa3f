import { type DataSourceDetail, type DataSourceRequest, dataSourceDetailSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { http } from '@/lib/http';

/** PUT /v2/datasources/{id}: the create checks again; another table resets the data elements. */
export async function updateDataSource(input: { id: number; body: DataSourceRequest }): Promise<DataSourceDetail> {
  const { data } = await http.put(`/v2/datasources/${input.id}`, input.body);
  return dataSourceDetailSchema.parse(data);
}

export function useUpdateDataSource(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDataSource,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataSourcesQueryRoot }),
  });
}
