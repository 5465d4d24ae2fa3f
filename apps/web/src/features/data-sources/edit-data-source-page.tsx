import { ArrowLeftOutlined } from '@ant-design/icons';
import type { DataSourceDetail, DataSourceRequest } from '@recon/contract';
import { Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useDataSource } from '@/features/data-sources/api/get-data-source';
import { useUpdateDataSource } from '@/features/data-sources/api/update-data-source';
import { DataElementsEditor } from '@/features/data-sources/components/data-elements-editor';
import { DataSourceForm } from '@/features/data-sources/components/data-source-form';
import { DATA_SOURCES_PATH } from '@/features/data-sources/paths';
import { serverFieldErrors } from '@/lib/form-errors';
import { useModuleSelection } from '@/lib/module-context';
import { notifyHttpError } from '@/lib/query-client';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

function EditDataSource({ detail }: { detail: DataSourceDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateDataSource(t('opsConfig.common.updated'));

  const onSubmit = async (request: DataSourceRequest) => {
    try {
      await update.mutateAsync({ id: detail.id, body: request });
      return null;
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (!fields) void notifyHttpError(error);
      return fields;
    }
  };

  return (
    <>
      <PageHeader
        title={
          <Flex align="center" gap={8}>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('opsConfig.common.back')}
              onClick={() => navigate(DATA_SOURCES_PATH)}
            />
            {t('opsConfig.dataSources.editTitle', { name: detail.name })}
          </Flex>
        }
        description={t('opsConfig.dataSources.editDescription')}
      />
      <DataSourceForm
        detail={detail}
        isSaving={update.isPending}
        onSubmit={onSubmit}
        onCancel={() => navigate(DATA_SOURCES_PATH)}
      />
      <DataElementsEditor dataSourceId={detail.id} table={detail.table} isEditable />
    </>
  );
}

/** Operations › Configuration › Data Sources › edit-data-source/{id}. */
export default function EditDataSourcePage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const id = Number(useParams().id);
  const dataSource = useDataSource(current.id, id);

  if (!Number.isInteger(id) || id <= 0) return <Result status="404" title={t('opsConfig.dataSources.notFound')} />;
  if (dataSource.isPending) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  if (dataSource.isError) return <QueryError onRetry={() => void dataSource.refetch()} />;
  // Keyed by the saved version so the form starts again from what the server holds after a save.
  return <EditDataSource key={dataSource.data.updatedAt} detail={dataSource.data} />;
}
