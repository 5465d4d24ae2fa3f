import { FileUploadConfigScreen } from '@/features/pipelines/components/file-upload-config-screen';

/** /operations/configuration/pipelines/configure-file-upload/:pipelineId?pipelineName=: a new config (POST). */
export default function ConfigureFileUploadPage() {
  return <FileUploadConfigScreen mode="create" />;
}
