import { type MessageBody, messageBodySchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataTablesQueryRoot } from '@/features/data-tables/api/get-data-tables';
import { http } from '@/lib/http';

/** DELETE /v2/duplicatecheckconfigs/{id}. */
export async function deleteDuplicateCheckConfig(id: number): Promise<MessageBody> {
  const { data } = await http.delete(`/v2/duplicatecheckconfigs/${id}`);
  return messageBodySchema.parse(data);
}

export function useDeleteDuplicateCheckConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDuplicateCheckConfig,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataTablesQueryRoot }),
  });
}
