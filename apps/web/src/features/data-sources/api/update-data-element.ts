import { type DataElement, dataSourceEndpoints, type UpdateDataElementRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** PUT v2/datasources/updateDataElement?dataSourceId=: one element's active flag, input type or sequence. */
export async function updateDataElement(input: {
  dataSourceId: number;
  body: UpdateDataElementRequest;
}): Promise<DataElement> {
  return call(dataSourceEndpoints.updateElement, { query: { dataSourceId: input.dataSourceId }, body: input.body });
}

/**
 * Saves several element changes one after another (each call places one element, so order matters) and
 * refreshes the elements once at the end.
 */
export function useSaveDataElements(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { dataSourceId: number; changes: readonly UpdateDataElementRequest[] }) => {
      for (const body of input.changes) await updateDataElement({ dataSourceId: input.dataSourceId, body });
    },
    meta: { successMessage },
    // A recon's row counts its data sources and its detail lists them.
    onSettled: () => invalidateReads(queryClient, 'dataSources', 'recons'),
  });
}
