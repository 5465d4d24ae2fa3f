import { type FilePreview, type PreviewSettings, pipelineEndpoints, previewSettingsSchema } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

export type PreviewSampleInput = {
  pipelineId: number;
  file: File;
  /**
   * How to read the sample (the config being edited). Unset fields: the saved config's, else what the server
   * sniffs (delimiter), row 1, a header, the first sheet.
   */
  settings: PreviewSettings;
};

/**
 * POST /v2/admin/pipelines/{id}/file_upload_configs/preview (multipart): the sample read as configured. The
 * settings go as one JSON form field before the file, which is how the server reads them.
 */
export async function previewSampleFile({ pipelineId, file, settings }: PreviewSampleInput): Promise<FilePreview> {
  const form = new FormData();
  form.append('settings', JSON.stringify(previewSettingsSchema.parse(settings)));
  form.append('files', file, file.name);
  return call(pipelineEndpoints.previewSample, { params: { id: pipelineId }, form });
}

export function usePreviewSampleFile() {
  // The sample card shows why a file could not be read, next to the file.
  return useMutation({ mutationFn: previewSampleFile, meta: { isGlobalErrorSkipped: true } });
}
