import { ArrowLeftOutlined } from '@ant-design/icons';
import { PIPELINE_TEXTS } from '@recon/contract/texts';
import { Button, Result, Skeleton } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useFileUploadConfig } from '@/features/pipelines/api/get-file-upload-config';
import { usePipeline } from '@/features/pipelines/api/get-pipeline';
import { FileUploadConfigEditor } from '@/features/pipelines/components/file-upload-config-editor';
import { draftFromConfig, EMPTY_DRAFT } from '@/features/pipelines/file-config-draft';
import { editUploadedFileConfigPath, PIPELINES_PATH } from '@/features/pipelines/file-config-status';
import { useModuleSelection } from '@/lib/module-context';
import { useTableColumns } from '@/lib/reads/data-tables';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** Loads the pipeline, its table's columns and (to edit) the saved config, then shows the config form. */
export function FileUploadConfigScreen({ mode }: { mode: 'create' | 'update' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const pipelineId = Number(useParams().pipelineId);
  const [searchParams] = useSearchParams();
  const pipeline = usePipeline(current.id, pipelineId);
  const columns = useTableColumns(current.id, pipeline.data?.dataTable.tableName);
  const config = useFileUploadConfig(current.id, pipelineId, mode === 'update');
  const name = pipeline.data?.name ?? searchParams.get('pipelineName') ?? '';
  // Only a config that existed when the page opened sends a create link to the edit page, not one saved here.
  const openedStatus = useRef(pipeline.data?.fileUploadConfigStatus);
  openedStatus.current ??= pipeline.data?.fileUploadConfigStatus;

  const header = (
    <PageHeader
      title={mode === 'create' ? t('pipelines.config.createTitle') : t('pipelines.config.editTitle')}
      description={
        pipeline.data
          ? t('pipelines.config.subtitle', {
              name,
              source: pipeline.data.source,
              table: pipeline.data.dataTable.name,
            })
          : name
      }
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(PIPELINES_PATH)}>
          {t('pipelines.back')}
        </Button>
      }
    />
  );

  const failed = [pipeline, columns, ...(mode === 'update' ? [config] : [])].find((q) => q.isError);
  if (failed) {
    return (
      <>
        {header}
        <QueryError onRetry={() => void failed.refetch()} />
      </>
    );
  }
  if (pipeline.data && pipeline.data.fileUploadConfigStatus === 'Not Required') {
    return (
      <>
        {header}
        <Result status="info" title={PIPELINE_TEXTS.configNotRequired} />
      </>
    );
  }
  if (mode === 'create' && pipeline.data && openedStatus.current === 'Configured') {
    return <Navigate to={editUploadedFileConfigPath(pipelineId, pipeline.data.name)} replace />;
  }
  const isReady = pipeline.data && columns.data && (mode === 'create' || config.data);
  return (
    <>
      {header}
      {isReady ? (
        <FileUploadConfigEditor
          pipeline={pipeline.data}
          columns={columns.data.filter((c) => !c.isSystem)}
          initial={mode === 'update' && config.data ? draftFromConfig(config.data) : EMPTY_DRAFT}
          mode={mode}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </>
  );
}
