import { type MasterDataRow, type MasterDataRowRequest, masterDataRowSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { masterDataQueryRoot } from '@/features/master-data/api/get-master-tables';
import { http } from '@/lib/http';

/** POST /v2/masterdata/{id}/rows {values}: every value is checked and cast by its column type. */
export async function createMasterRow(input: { tableId: number; body: MasterDataRowRequest }): Promise<MasterDataRow> {
  const { data } = await http.post(`/v2/masterdata/${input.tableId}/rows`, input.body);
  return masterDataRowSchema.parse(data);
}

/** Field errors (400) are shown beside their fields by the form; other failures go to the common toast. */
export function useCreateMasterRow(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMasterRow,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataQueryRoot }),
  });
}
