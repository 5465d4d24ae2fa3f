import { PlusOutlined } from '@ant-design/icons';
import { type DataTableRow, PAGE_SIZE_OPTIONS } from '@recon/contract';
import { Button, Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDataTables } from '@/features/data-tables/api/get-data-tables';
import { DataTableFilters } from '@/features/data-tables/components/data-table-filters';
import { readListState, toListParams, writeListState } from '@/features/data-tables/data-table-list-params';
import { CREATE_DATA_TABLE_PATH, dataTablePath } from '@/features/data-tables/paths';
import { useBrand } from '@/lib/brand-context';
import { formatDate } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** Operations › Configuration › Data Tables: the module's tables, paged on the server. */
export default function DataTablesPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readListState(searchParams, brand.defaultPageSize);
  const tables = useDataTables(current.id, toListParams(state));

  return (
    <>
      <PageHeader
        title={t('opsConfig.dataTables.title')}
        description={t('opsConfig.dataTables.description')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(CREATE_DATA_TABLE_PATH)}>
            {t('opsConfig.dataTables.createTitle')}
          </Button>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <DataTableFilters
          state={state}
          onApply={(filters) => setSearchParams(writeListState({ ...filters, page: 1, size: state.size }))}
        />
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        {tables.isError && !tables.data ? (
          <QueryError onRetry={() => void tables.refetch()} />
        ) : (
          <Table<DataTableRow>
            rowKey="id"
            loading={tables.isFetching}
            dataSource={tables.data?.data ?? []}
            locale={{ emptyText: tables.isPending ? ' ' : <EmptyState /> }}
            scroll={{ x: 860 }}
            pagination={{
              current: state.page,
              pageSize: state.size,
              total: tables.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
              onChange: (page, size) =>
                setSearchParams(writeListState({ ...state, page: size === state.size ? page : 1, size })),
            }}
            columns={[
              {
                title: t('opsConfig.dataTables.name'),
                dataIndex: 'name',
                key: 'name',
                render: (name: string, row) => (
                  <>
                    <Link to={dataTablePath(row.id)}>{name}</Link>
                    {row.description && (
                      <Typography.Text type="secondary" ellipsis style={{ display: 'block', maxWidth: 360 }}>
                        {row.description}
                      </Typography.Text>
                    )}
                  </>
                ),
              },
              {
                title: t('opsConfig.dataTables.kind'),
                dataIndex: 'kind',
                key: 'kind',
                width: 110,
                render: (kind: DataTableRow['kind']) => (
                  <Tag color={kind === 'MASTER' ? 'purple' : 'geekblue'}>{t(`opsConfig.dataTables.kinds.${kind}`)}</Tag>
                ),
              },
              {
                title: t('opsConfig.dataTables.columns'),
                dataIndex: 'columnCount',
                key: 'columnCount',
                width: 100,
                align: 'right',
              },
              {
                title: t('opsConfig.dataTables.physicalTable'),
                dataIndex: 'tableName',
                key: 'tableName',
                render: (name: string) => (
                  <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                    {name}
                  </Typography.Text>
                ),
              },
              {
                title: t('opsConfig.common.createdOn'),
                dataIndex: 'createdAt',
                key: 'createdAt',
                width: 130,
                render: (value: string) => formatDate(value),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
