import { OrderedListOutlined } from '@ant-design/icons';
import type { DataSourceRow } from '@recon/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDataSources } from '@/features/data-sources/api/get-data-sources';
import { DataSourceFilters } from '@/features/data-sources/components/data-source-filters';
import { ReconOrderModal } from '@/features/data-sources/components/recon-order-modal';
import { RowActions } from '@/features/data-sources/components/row-actions';
import { readListState, toListParams, writeListState } from '@/features/data-sources/list-params';
import { CREATE_DATA_SOURCE_PATH, viewDataSourcePath } from '@/features/data-sources/paths';
import { useHasPrivilege } from '@/lib/access-context';
import { useModuleSelection } from '@/lib/module-context';
import { useUrlListState } from '@/lib/use-url-list-state';
import { CodeText } from '@/ui/code-text';
import { PagedListPage } from '@/ui/paged-list-page';
import { StatusTag } from '@/ui/status-tag';

/** The data sources list with its filters, paged on the server; the duplicate route shows it too. */
export function DataSourcesList() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const canEdit = useHasPrivilege({ code: 'createEditDataSource' });
  const canView = useHasPrivilege({ code: 'viewDataSource' });
  const { state, applyFilters, changePage } = useUrlListState(readListState, writeListState);
  const dataSources = useDataSources(current.id, toListParams(state));
  const [isOrdering, setIsOrdering] = useState(false);

  return (
    <PagedListPage<DataSourceRow>
      title={t('opsConfig.dataSources.title')}
      description={t('opsConfig.dataSources.description')}
      create={{ label: t('opsConfig.dataSources.createTitle'), path: CREATE_DATA_SOURCE_PATH, isAllowed: canEdit }}
      actions={
        canEdit && (
          <Button icon={<OrderedListOutlined />} onClick={() => setIsOrdering(true)}>
            {t('opsConfig.dataSources.reconOrder')}
          </Button>
        )
      }
      filters={<DataSourceFilters state={state} onApply={applyFilters} />}
      rows={dataSources}
      paging={state}
      onPageChange={changePage}
      scrollX={1100}
      columns={[
        {
          title: t('opsConfig.dataSources.name'),
          dataIndex: 'name',
          key: 'name',
          render: (name: string, row) => (canView ? <Link to={viewDataSourcePath(row.id)}>{name}</Link> : name),
        },
        {
          title: t('opsConfig.dataSources.recon'),
          key: 'recon',
          width: 200,
          render: (_, row) => row.recon.name,
        },
        {
          title: t('opsConfig.dataSources.sequence'),
          dataIndex: 'sequence',
          key: 'sequence',
          width: 110,
          align: 'right',
        },
        {
          title: t('opsConfig.dataSources.pipeline'),
          key: 'pipeline',
          render: (_, row) => row.pipeline.name,
        },
        {
          title: t('opsConfig.dataSources.table'),
          dataIndex: 'table',
          key: 'table',
          render: (name: string) => <CodeText>{name}</CodeText>,
        },
        {
          title: t('opsConfig.dataSources.elementsShort'),
          dataIndex: 'dataElementCount',
          key: 'dataElementCount',
          width: 110,
          align: 'right',
        },
        {
          title: t('common.status'),
          dataIndex: 'isActive',
          key: 'isActive',
          width: 100,
          render: (isActive: boolean) => (
            <StatusTag
              status={isActive ? 'ACTIVE' : 'INACTIVE'}
              label={isActive ? t('opsConfig.dataSources.activeYes') : t('opsConfig.dataSources.activeNo')}
            />
          ),
        },
        {
          title: t('common.actions'),
          key: 'actions',
          width: 130,
          fixed: 'right',
          render: (_, row) => <RowActions row={row} />,
        },
      ]}
    >
      <ReconOrderModal isOpen={isOrdering} onClose={() => setIsOrdering(false)} />
    </PagedListPage>
  );
}

/** Operations › Configuration › Data Sources. */
export default function DataSourcesPage() {
  return <DataSourcesList />;
}
