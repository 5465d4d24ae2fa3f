import type { FileUploadConfigStatus } from '@recon/contract';
import { PATHS } from '@/app/paths';

/** Pending is waiting on the admin (orange), Configured is done (green), Not Required is grey. */
export const FILE_CONFIG_STATUS_TONE: Readonly<Record<FileUploadConfigStatus, string>> = {
  Pending: 'PENDING',
  Configured: 'COMPLETED',
  'Not Required': 'NOT_REQUIRED',
};

const PIPELINES_PATH = PATHS.pipelines;

export function configureFileUploadPath(pipelineId: number, pipelineName: string): string {
  return `${PIPELINES_PATH}/configure-file-upload/${pipelineId}?pipelineName=${encodeURIComponent(pipelineName)}`;
}

export function editUploadedFileConfigPath(pipelineId: number, pipelineName: string): string {
  return `${PIPELINES_PATH}/edit-uploaded-file-config/${pipelineId}?pipelineName=${encodeURIComponent(pipelineName)}`;
}

export { PIPELINES_PATH };
