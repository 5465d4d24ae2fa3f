import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ReconRow } from '@recon/contract';
import { RECON_TEXTS } from '@recon/contract/texts';
import { Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDeleteRecon } from '@/features/recons/api/delete-recon';
import { useRecons } from '@/features/recons/api/get-recons';
import { ReconSearch } from '@/features/recons/components/recon-search';
import { readListState, writeListState } from '@/features/recons/list-params';
import { CREATE_RECON_PATH, editReconPath } from '@/features/recons/paths';
import { formatDateTime } from '@/lib/format';
import { pageStart } from '@/lib/list-paging';
import { useModuleSelection } from '@/lib/module-context';
import { useUrlListState } from '@/lib/use-url-list-state';
import { PagedListPage } from '@/ui/paged-list-page';

/** Operations › Configuration › Recons: the module's recons, paged on the server; edit or delete each. */
export default function ReconsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const { state, applyFilters, changePage } = useUrlListState(readListState, writeListState);
  const recons = useRecons(current.id, { start: pageStart(state), length: state.size, search: state.search });
  const deleteRecon = useDeleteRecon(RECON_TEXTS.deleted);

  return (
    <PagedListPage<ReconRow>
      title={t('opsConfig.recons.title')}
      description={t('opsConfig.recons.description')}
      create={{ label: t('opsConfig.recons.createTitle'), path: CREATE_RECON_PATH }}
      filters={<ReconSearch search={state.search} onApply={(search) => applyFilters({ search })} />}
      rows={recons}
      paging={state}
      onPageChange={changePage}
      scrollX={860}
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
          render: (value: string) => formatDateTime(value),
        },
        {
          title: t('opsConfig.common.updatedOn'),
          dataIndex: 'updatedAt',
          key: 'updatedAt',
          width: 130,
          render: (value: string) => formatDateTime(value),
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
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${row.name}`} />
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}
