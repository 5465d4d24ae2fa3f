import type { DataSourceDetail } from '@recon/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDataSource } from '@/features/data-sources/api/get-data-source';
import { useModuleSelection } from '@/lib/module-context';
import { RecordPage } from '@/ui/record-page';

/** Loads the data source of the route's `:id` and renders the page for it (not found, a spinner or retry meanwhile). */
export function WithDataSource({ children }: { children: (detail: DataSourceDetail) => ReactNode }) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const id = Number(useParams().id);
  const dataSource = useDataSource(current.id, id);
  return (
    <RecordPage id={id} query={dataSource} notFoundTitle={t('opsConfig.dataSources.notFound')}>
      {children}
    </RecordPage>
  );
}
