import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE_OPTIONS, RECON_TEXTS, type ReconRow } from '@recon/contract';
import { Button, Card, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDeleteRecon } from '@/features/recons/api/delete-recon';
import { useRecons } from '@/features/recons/api/get-recons';
import { ReconSearch } from '@/features/recons/components/recon-search';
import { readListState, writeListState } from '@/features/recons/list-params';
import { CREATE_RECON_PATH, editReconPath } from '@/features/recons/paths';
import { useBrand } from '@/lib/brand-context';
import { formatDate } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** Operations › Configuration › Recons: the module's recons, paged on the server; edit or delete each. */
export default function ReconsPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readListState(searchParams, brand.defaultPageSize);
  const recons = useRecons(current.id, {
    start: (state.page - 1) * state.size,
    length: state.size,
    search: state.search,
  });
  const deleteRecon = useDeleteRecon(RECON_TEXTS.deleted);

  return (
    <>
      <PageHeader
        title={t('opsConfig.recons.title')}
        description={t('opsConfig.recons.description')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(CREATE_RECON_PATH)}>
            {t('opsConfig.recons.createTitle')}
          </Button>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <ReconSearch
          search={state.search}
          onApply={(search) => setSearchParams(writeListState({ page: 1, size: state.size, search }))}
        />
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        {recons.isError && !recons.data ? (
          <QueryError onRetry={() => void recons.refetch()} />
        ) : (
          <Table<ReconRow>
            rowKey="id"
            loading={recons.isFetching}
            dataSource={recons.data?.data ?? []}
            locale={{ emptyText: recons.isPending ? ' ' : <EmptyState /> }}
            scroll={{ x: 860 }}
            pagination={{
              current: state.page,
              pageSize: state.size,
              total: recons.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
              onChange: (page, size) =>
                setSearchParams(writeListState({ ...state, page: size === state.size ? page : 1, size })),
            }}
            columns={[
              {
                title: t('opsConfig.recons.name'),
                dataIndex: 'name',
                key: 'name',
                render: (name: string, row) => <Link to={editReconPath(row.id)}>{name}</Link>,
              },
              {
                title: t('opsConfig.recons.descriptionLabel'),
                dataIndex: 'description',
                key: 'description',
                render: (text: string) => (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: text }} style={{ maxWidth: 360 }}>
                    {text}
                  </Typography.Text>
                ),
              },
              {
                title: t('opsConfig.recons.dataSources'),
                dataIndex: 'dataSourceCount',
                key: 'dataSourceCount',
                width: 130,
                align: 'right',
              },
              {
                title: t('opsConfig.common.createdOn'),
                dataIndex: 'createdAt',
                key: 'createdAt',
                width: 130,
                render: (value: string) => formatDate(value),
              },
              {
                title: t('opsConfig.common.updatedOn'),
                dataIndex: 'updatedAt',
                key: 'updatedAt',
                width: 130,
                render: (value: string) => formatDate(value),
              },
              {
                title: t('common.actions'),
                key: 'actions',
                width: 110,
                render: (_, row) => (
                  <Space size={0}>
                    <Tooltip title={t('common.edit')}>
                      <Button
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={`${t('common.edit')} ${row.name}`}
                        onClick={() => navigate(editReconPath(row.id))}
                      />
                    </Tooltip>
                    <Popconfirm
                      title={t('opsConfig.common.confirmTitle')}
                      description={t('opsConfig.recons.deleteText', { name: row.name })}
                      okText={t('opsConfig.common.confirm')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => deleteRecon.mutateAsync(row.id).catch(() => undefined)}
                    >
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('common.delete')} ${row.name}`}
                      />
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
