import { fileEndpoints, type UploadedFileResult } from '@recon/contract';
import { call } from '@/lib/call';

export type UploadPipelineFileInput = {
  pipelineId: number;
  file: File;
  /** Share of the file sent so far, 0–100. */
  onProgress: (percent: number) => void;
  signal: AbortSignal;
};

/**
 * POST /v2/pipelines/{id}/files (multipart field `files`), one file per call so each reports its own progress.
 * Answers the server's verdict on the file: UPLOADED (waits for a run) or INVALID with the reason.
 */
export async function uploadPipelineFile({
  pipelineId,
  file,
  onProgress,
  signal,
}: UploadPipelineFileInput): Promise<UploadedFileResult> {
  const form = new FormData();
  form.append('files', file, file.name);
  const answer = await call(
    fileEndpoints.upload,
    { params: { id: pipelineId }, form },
    {
      signal,
      onUploadProgress: (event) => {
        if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      },
    },
  );
  const [result] = answer.data;
  if (!result) throw new Error('The server answered no file');
  return result;
}
