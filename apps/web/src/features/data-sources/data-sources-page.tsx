import { OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import { type DataSourceRow, PAGE_SIZE_OPTIONS } from '@recon/contract';
import { Button, Card, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDataSources } from '@/features/data-sources/api/get-data-sources';
import { DataSourceFilters } from '@/features/data-sources/components/data-source-filters';
import { ReconOrderModal } from '@/features/data-sources/components/recon-order-modal';
import { RowActions } from '@/features/data-sources/components/row-actions';
import { readListState, toListParams, writeListState } from '@/features/data-sources/list-params';
import { CREATE_DATA_SOURCE_PATH, viewDataSourcePath } from '@/features/data-sources/paths';
import { useHasPrivilege } from '@/lib/access-context';
import { useBrand } from '@/lib/brand-context';
import { useModuleSelection } from '@/lib/module-context';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

/** The data sources list with its filters, paged on the server; the duplicate route shows it too. */
export function DataSourcesList() {
  const { t } = useTranslation();
  const brand = useBrand();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const canEdit = useHasPrivilege({ code: 'createEditDataSource' });
  const canView = useHasPrivilege({ code: 'viewDataSource' });
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readListState(searchParams, brand.defaultPageSize);
  const dataSources = useDataSources(current.id, toListParams(state));
  const [isOrdering, setIsOrdering] = useState(false);

  return (
    <>
      <PageHeader
        title={t('opsConfig.dataSources.title')}
        description={t('opsConfig.dataSources.description')}
        extra={
          canEdit && (
            <Flex gap={8}>
              <Button icon={<OrderedListOutlined />} onClick={() => setIsOrdering(true)}>
                {t('opsConfig.dataSources.reconOrder')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(CREATE_DATA_SOURCE_PATH)}>
                {t('opsConfig.dataSources.createTitle')}
              </Button>
            </Flex>
          )
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <DataSourceFilters
          state={state}
          onApply={(filters) => setSearchParams(writeListState({ ...filters, page: 1, size: state.size }))}
        />
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        {dataSources.isError && !dataSources.data ? (
          <QueryError onRetry={() => void dataSources.refetch()} />
        ) : (
          <Table<DataSourceRow>
            rowKey="id"
            loading={dataSources.isFetching}
            dataSource={dataSources.data?.data ?? []}
            locale={{ emptyText: dataSources.isPending ? ' ' : <EmptyState /> }}
            scroll={{ x: 1100 }}
            pagination={{
              current: state.page,
              pageSize: state.size,
              total: dataSources.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
              onChange: (page, size) =>
                setSearchParams(writeListState({ ...state, page: size === state.size ? page : 1, size })),
            }}
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
                render: (name: string) => (
                  <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                    {name}
                  </Typography.Text>
                ),
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
          />
        )}
      </Card>
      <ReconOrderModal isOpen={isOrdering} onClose={() => setIsOrdering(false)} />
    </>
  );
}

/** Operations › Configuration › Data Sources. */
export default function DataSourcesPage() {
  return <DataSourcesList />;
}
