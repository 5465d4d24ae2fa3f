import { PlusOutlined } from '@ant-design/icons';
import { type DataTableRow, PAGE_SIZE_OPTIONS } from '@recon/contract';
import { Button, Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMasterTables } from '@/features/master-data/api/get-master-tables';
import { SearchBar } from '@/features/master-data/components/search-bar';
import { readPagedSearch, startOf, writePagedSearch } from '@/features/master-data/list-params';
import { CREATE_MASTER_TABLE_PATH, masterTablePath } from '@/features/master-data/paths';
import { useBrand } from '@/lib/brand-context';
import { formatDate } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** Operations › Configuration › Master Data: the module's reference tables; each opens its rows editor. */
export default function MasterDataPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readPagedSearch(searchParams, brand.defaultPageSize);
  const tables = useMasterTables(current.id, { start: startOf(state), length: state.size, search: state.search });

  return (
    <>
      <PageHeader
        title={t('opsConfig.masterData.title')}
        description={t('opsConfig.masterData.description')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(CREATE_MASTER_TABLE_PATH)}>
            {t('opsConfig.masterData.createTitle')}
          </Button>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <SearchBar
          state={state}
          placeholder={t('opsConfig.masterData.searchHint')}
          onApply={(filters) => setSearchParams(writePagedSearch({ ...filters, page: 1, size: state.size }))}
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
            scroll={{ x: 760 }}
            pagination={{
              current: state.page,
              pageSize: state.size,
              total: tables.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
              onChange: (page, size) =>
                setSearchParams(writePagedSearch({ ...state, page: size === state.size ? page : 1, size })),
            }}
            columns={[
              {
                title: t('opsConfig.masterData.name'),
                dataIndex: 'name',
                key: 'name',
                render: (name: string, row) => (
                  <>
                    <Link to={masterTablePath(row.id)}>{name}</Link>
                    {row.description && (
                      <Typography.Text type="secondary" ellipsis style={{ display: 'block', maxWidth: 360 }}>
                        {row.description}
                      </Typography.Text>
                    )}
                  </>
                ),
              },
              {
                title: t('opsConfig.masterData.columns'),
                dataIndex: 'columnCount',
                key: 'columnCount',
                width: 100,
                align: 'right',
              },
              {
                title: t('opsConfig.masterData.physicalTable'),
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
