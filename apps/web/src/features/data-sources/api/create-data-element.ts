import { type DataElement, type DataElementInput, dataElementSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { http } from '@/lib/http';

/** POST v2/datasources/createDataElement?dataSourceId=: a column of the table becomes an element. */
export async function createDataElement(input: { dataSourceId: number; body: DataElementInput }): Promise<DataElement> {
  const { data } = await http.post('/v2/datasources/createDataElement', input.body, {
    params: { dataSourceId: input.dataSourceId },
  });
  return dataElementSchema.parse(data);
}

export function useCreateDataElement(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataElement,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataSourcesQueryRoot }),
  });
}
