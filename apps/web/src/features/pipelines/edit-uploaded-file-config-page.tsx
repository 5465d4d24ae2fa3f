import { FileUploadConfigScreen } from '@/features/pipelines/components/file-upload-config-screen';

/** /operations/configuration/pipelines/edit-uploaded-file-config/:pipelineId: replaces the saved config (PUT). */
export default function EditUploadedFileConfigPage() {
  return <FileUploadConfigScreen mode="update" />;
}
