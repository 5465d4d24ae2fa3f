import type { DataSourceRequest } from '@recon/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCreateDataSource } from '@/features/data-sources/api/create-data-source';
import { DataSourceForm } from '@/features/data-sources/components/data-source-form';
import { DATA_SOURCES_PATH, editDataSourcePath } from '@/features/data-sources/paths';
import { saveWithFieldErrors } from '@/lib/save-form';
import { PageHeader } from '@/ui/page-header';

/** Operations › Configuration › Data Sources › create-data-source (?reconId= starts with that recon). */
export default function CreateDataSourcePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const reconId = Number.parseInt(searchParams.get('reconId') ?? '', 10);
  const create = useCreateDataSource(t('opsConfig.common.created'));

  const onSubmit = (request: DataSourceRequest) =>
    saveWithFieldErrors(async () => {
      const created = await create.mutateAsync(request);
      // Its data elements (every column of the table) are reviewed and ordered in edit.
      navigate(editDataSourcePath(created.id));
    });

  return (
    <>
      <PageHeader
        title={t('opsConfig.dataSources.createTitle')}
        description={t('opsConfig.dataSources.createDescription')}
      />
      <DataSourceForm
        initialReconId={Number.isInteger(reconId) && reconId > 0 ? reconId : undefined}
        isSaving={create.isPending}
        onSubmit={onSubmit}
        onCancel={() => navigate(DATA_SOURCES_PATH)}
      />
    </>
  );
}
