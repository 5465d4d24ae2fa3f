import {
  type FileUploadConfig,
  type FileUploadConfigRequest,
  fileUploadConfigRequestSchema,
  pipelineEndpoints,
} from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

export type SaveFileUploadConfigInput = {
  pipelineId: number;
  /** configure-file-upload creates (POST); edit-uploaded-file-config replaces (PUT). */
  mode: 'create' | 'update';
  body: FileUploadConfigRequest;
};

/** POST or PUT /v2/admin/pipelines/{id}/file_upload_configs. */
export async function saveFileUploadConfig({
  pipelineId,
  mode,
  body,
}: SaveFileUploadConfigInput): Promise<FileUploadConfig> {
  const endpoint = mode === 'create' ? pipelineEndpoints.createUploadConfig : pipelineEndpoints.updateUploadConfig;
  return call(endpoint, { params: { id: pipelineId }, body: fileUploadConfigRequestSchema.parse(body) });
}

/** Field errors are placed on the form by the caller, which also shows the common toast. */
export function useSaveFileUploadConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFileUploadConfig,
    meta: { isGlobalErrorSkipped: true },
    // Not awaited: the screen leaves at once, while the list refreshes in the background.
    onSuccess: () => {
      void invalidateReads(queryClient, 'pipelines');
    },
  });
}
