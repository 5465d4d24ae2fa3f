import { type FilePreview, filePreviewSchema } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type PreviewSampleInput = {
  pipelineId: number;
  file: File;
  /** Unset: the saved config's, else what the server sniffs (delimiter), row 1, the first sheet. */
  delimiter?: string;
  headerRow?: number;
  sheetName?: string | null;
};

/**
 * POST /v2/admin/pipelines/{id}/file_upload_configs/preview (multipart): the header and first rows of a sample
 * file. The settings go as form fields before the file, which is how the server reads them.
 */
export async function previewSampleFile({
  pipelineId,
  file,
  delimiter,
  headerRow,
  sheetName,
}: PreviewSampleInput): Promise<FilePreview> {
  const form = new FormData();
  if (delimiter) form.append('delimiter', delimiter === '\t' ? 'tab' : delimiter);
  if (headerRow) form.append('headerRow', String(headerRow));
  if (sheetName) form.append('sheetName', sheetName);
  form.append('files', file, file.name);
  const { data } = await http.post(`/v2/admin/pipelines/${pipelineId}/file_upload_configs/preview`, form);
  return filePreviewSchema.parse(data);
}

export function usePreviewSampleFile() {
  // The sample card shows why a file could not be read, next to the file.
  return useMutation({ mutationFn: previewSampleFile, meta: { isGlobalErrorSkipped: true } });
}
