import { type DataElement, type DataElementInput, dataSourceEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

/** POST v2/datasources/createDataElement?dataSourceId=: a column of the table becomes an element. */
export async function createDataElement(input: { dataSourceId: number; body: DataElementInput }): Promise<DataElement> {
  return call(dataSourceEndpoints.createElement, { query: { dataSourceId: input.dataSourceId }, body: input.body });
}

export function useCreateDataElement(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataElement,
    meta: { isGlobalErrorSkipped: true, successMessage },
    // A recon's row counts its data sources and its detail lists them.
    onSuccess: () => invalidateReads(queryClient, 'dataSources', 'recons'),
  });
}
