import { type MasterDataRow, type MasterDataRowRequest, masterDataRowSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { masterDataQueryRoot } from '@/features/master-data/api/get-master-tables';
import { http } from '@/lib/http';

/** PUT /v2/masterdata/{id}/rows/{rowId} {values}: only the columns sent change. */
export async function updateMasterRow(input: {
  tableId: number;
  rowId: number;
  body: MasterDataRowRequest;
}): Promise<MasterDataRow> {
  const { data } = await http.put(`/v2/masterdata/${input.tableId}/rows/${input.rowId}`, input.body);
  return masterDataRowSchema.parse(data);
}

export function useUpdateMasterRow(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMasterRow,
    meta: { isGlobalErrorSkipped: true, successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: masterDataQueryRoot }),
  });
}
