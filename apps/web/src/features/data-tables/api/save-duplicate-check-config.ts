import { type DuplicateCheckConfig, dataTableEndpoints, type SaveDuplicateCheckConfigRequest } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataTablesQueryRoot } from '@/features/data-tables/api/get-data-tables';
import { call } from '@/lib/call';

/** PUT /v2/duplicatecheckconfigs: creates or replaces the duplicate-check columns of one table. */
export async function saveDuplicateCheckConfig(body: SaveDuplicateCheckConfigRequest): Promise<DuplicateCheckConfig> {
  return call(dataTableEndpoints.saveDuplicateCheckConfig, { body });
}

export function useSaveDuplicateCheckConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDuplicateCheckConfig,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataTablesQueryRoot }),
  });
}
