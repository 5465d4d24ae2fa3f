import { type FileDetail, fileEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** DELETE /v2/files/{id}: an uploaded file no run took becomes DELETED, its bytes removed (audited). */
export async function discardFile(id: number): Promise<FileDetail> {
  return call(fileEndpoints.discard, { params: { id } });
}

/** A refusal (a run took it meanwhile: 409) reaches the user through the common error toast, word for word. */
export function useDiscardFile(moduleId: number, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardFile,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readKeys.files.ofModule(moduleId) }),
  });
}
