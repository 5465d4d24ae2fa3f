import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import type { ModuleSettings } from '@recon/contract';
import { Button, Card, Popconfirm, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteModule } from '@/features/modules/api/delete-module';
import { CreateModuleModal } from '@/features/modules/components/create-module-modal';
import { EditModuleModal } from '@/features/modules/components/edit-module-modal';
import { ModuleUsersModal } from '@/features/modules/components/module-users-modal';
import { useHasPrivilege } from '@/lib/access-context';
import { useModules } from '@/lib/reads/modules';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';
import { useClientPagination } from '@/ui/use-table-pagination';

/** Settings → Module Settings: every module, its status, its users; create, rename, change status, delete. */
export default function ModuleSettingsPage() {
  const { t } = useTranslation();
  const pagination = useClientPagination();
  const modules = useModules();
  const canCreate = useHasPrivilege({ code: 'createModule' });
  const deleteModule = useDeleteModule(t('modules.deleted'));
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<ModuleSettings | null>(null);
  const [managingUsers, setManagingUsers] = useState<ModuleSettings | null>(null);

  return (
    <>
      <PageHeader
        title={t('modules.title')}
        description={t('modules.description')}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
              {t('modules.createTitle')}
            </Button>
          )
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        {modules.isError ? (
          <QueryError onRetry={() => void modules.refetch()} />
        ) : (
          <Table<ModuleSettings>
            rowKey="id"
            loading={modules.isPending}
            dataSource={modules.data ?? []}
            locale={{ emptyText: <EmptyState /> }}
            pagination={pagination}
            columns={[
              {
                title: t('modules.name'),
                dataIndex: 'name',
                key: 'name',
                sorter: (a, b) => a.name.localeCompare(b.name),
              },
              {
                title: t('modules.statusLabel'),
                dataIndex: 'status',
                key: 'status',
                width: 200,
                render: (status: ModuleSettings['status']) => (
                  <StatusTag status={status} label={t(`modules.statuses.${status}`)} />
                ),
              },
              {
                title: t('modules.rollbacksNeedApproval'),
                dataIndex: 'rollbacksNeedApproval',
                key: 'rollbacksNeedApproval',
                width: 200,
                render: (isOn: boolean) => (isOn ? t('modules.approvalOn') : t('modules.approvalOff')),
              },
              {
                title: t('modules.bulkKnockOffNeedsApproval'),
                dataIndex: 'bulkKnockOffNeedsApproval',
                key: 'bulkKnockOffNeedsApproval',
                width: 220,
                render: (isOn: boolean) => (isOn ? t('modules.approvalOn') : t('modules.approvalOff')),
              },
              {
                title: t('common.actions'),
                key: 'actions',
                width: 160,
                render: (_, module) => (
                  <Space>
                    <Tooltip title={t('common.edit')}>
                      <Button
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={`${t('common.edit')} ${module.name}`}
                        onClick={() => setEditing(module)}
                      />
                    </Tooltip>
                    <Tooltip title={t('modules.manageUsers')}>
                      <Button
                        type="text"
                        icon={<TeamOutlined />}
                        aria-label={`${t('modules.manageUsers')} ${module.name}`}
                        onClick={() => setManagingUsers(module)}
                      />
                    </Tooltip>
                    <Popconfirm
                      title={t('modules.deleteConfirmTitle', { name: module.name })}
                      description={t('modules.deleteConfirmText')}
                      onConfirm={() => deleteModule.mutateAsync(module.id)}
                      okText={t('common.delete')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                    >
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('common.delete')} ${module.name}`}
                      />
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <CreateModuleModal isOpen={isCreating} onClose={() => setIsCreating(false)} />
      <EditModuleModal module={editing} onClose={() => setEditing(null)} />
      <ModuleUsersModal module={managingUsers} onClose={() => setManagingUsers(null)} />
    </>
  );
}
