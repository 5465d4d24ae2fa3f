import type { DataSourceDetail, DataSourceRequest } from '@recon/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useDataSource } from '@/features/data-sources/api/get-data-source';
import { useUpdateDataSource } from '@/features/data-sources/api/update-data-source';
import { DataElementsEditor } from '@/features/data-sources/components/data-elements-editor';
import { DataSourceForm } from '@/features/data-sources/components/data-source-form';
import { DATA_SOURCES_PATH } from '@/features/data-sources/paths';
import { useModuleSelection } from '@/lib/module-context';
import { saveWithFieldErrors } from '@/lib/save-form';
import { BackTitle } from '@/ui/back-title';
import { PageHeader } from '@/ui/page-header';
import { RecordPage } from '@/ui/record-page';

function EditDataSource({ detail }: { detail: DataSourceDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateDataSource(t('opsConfig.common.updated'));

  const onSubmit = (request: DataSourceRequest) =>
    saveWithFieldErrors(async () => {
      await update.mutateAsync({ id: detail.id, body: request });
    });

  return (
    <>
      <PageHeader
        title={
          <BackTitle backTo={DATA_SOURCES_PATH}>
            {t('opsConfig.dataSources.editTitle', { name: detail.name })}
          </BackTitle>
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

  // Keyed by the saved version so the form starts again from what the server holds after a save.
  return (
    <RecordPage id={id} query={dataSource} notFoundTitle={t('opsConfig.dataSources.notFound')}>
      {(record) => <EditDataSource key={record.updatedAt} detail={record} />}
    </RecordPage>
  );
}
