import { type FileUploadConfig, pipelineEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/admin/pipelines/{id}/file_upload_configs: the saved config (404 when the pipeline has none). */
export async function getFileUploadConfig(pipelineId: number): Promise<FileUploadConfig> {
  return call(pipelineEndpoints.uploadConfig, { params: { id: pipelineId } });
}

export function fileUploadConfigQuery(moduleId: number, pipelineId: number) {
  return queryOptions({
    queryKey: readKeys.pipelines.uploadConfig(moduleId, pipelineId),
    queryFn: () => getFileUploadConfig(pipelineId),
  });
}

export function useFileUploadConfig(moduleId: number, pipelineId: number, isEnabled = true) {
  return useQuery({ ...fileUploadConfigQuery(moduleId, pipelineId), enabled: isEnabled });
}
