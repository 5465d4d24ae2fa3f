import type { DataSourceDetail, DataSourceRequest } from '@recon/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUpdateDataSource } from '@/features/data-sources/api/update-data-source';
import { DataElementsEditor } from '@/features/data-sources/components/data-elements-editor';
import { DataSourceForm } from '@/features/data-sources/components/data-source-form';
import { WithDataSource } from '@/features/data-sources/components/with-data-source';
import { DATA_SOURCES_PATH } from '@/features/data-sources/paths';
import { saveWithFieldErrors } from '@/lib/save-form';
import { BackTitle } from '@/ui/back-title';
import { PageHeader } from '@/ui/page-header';

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
  // Keyed by the saved version so the form starts again from what the server holds after a save.
  return <WithDataSource>{(detail) => <EditDataSource key={detail.updatedAt} detail={detail} />}</WithDataSource>;
}
