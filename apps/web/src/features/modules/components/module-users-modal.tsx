import type { Module } from '@recon/contract';
import { DEFAULT_PAGE_SIZE } from '@recon/contract/constants';
import { Button, Flex, Modal, Popconfirm, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddModuleUsers } from '@/features/modules/api/add-module-users';
import { useAppUsers } from '@/features/modules/api/get-app-users';
import { useModule } from '@/features/modules/api/get-module';
import { useRemoveModuleUsers } from '@/features/modules/api/remove-module-users';
import { UserPicker } from '@/features/modules/components/user-picker';
import { EmptyState } from '@/ui/empty-state';
import { QueryError } from '@/ui/query-error';

/** The directory is read once (the protocol's largest page) to put names on the module's user ids. */
const USER_DIRECTORY_LENGTH = 2000;

type Member = { id: number; name: string; email: string | null };
type Props = { module: Module | null; onClose: () => void };

export function ModuleUsersModal({ module, onClose }: Props) {
  const { t } = useTranslation();
  const detail = useModule(module?.id ?? null);
  const directory = useAppUsers({ search: '', start: 0, length: USER_DIRECTORY_LENGTH }, module !== null);
  const [toAdd, setToAdd] = useState<number[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const addUsers = useAddModuleUsers(t('modules.usersAdded'));
  const removeUsers = useRemoveModuleUsers(t('modules.usersRemoved'));

  const members: Member[] = useMemo(() => {
    const byId = new Map((directory.data?.data ?? []).map((u) => [u.id, u]));
    return (detail.data?.userIds ?? []).map((id) => {
      const user = byId.get(id);
      return {
        id,
        name: user ? `${user.name} (${user.userName})` : t('modules.unknownUser', { id }),
        email: user?.email ?? null,
      };
    });
  }, [detail.data, directory.data, t]);

  const close = () => {
    setToAdd([]);
    setSelected([]);
    onClose();
  };

  const onAdd = () => {
    if (!module || toAdd.length === 0) return;
    addUsers.mutate({ id: module.id, userIds: toAdd }, { onSuccess: () => setToAdd([]) });
  };

  const onRemove = () => {
    if (!module || selected.length === 0) return;
    removeUsers.mutate({ id: module.id, userIds: selected }, { onSuccess: () => setSelected([]) });
  };

  return (
    <Modal
      open={module !== null}
      title={module ? t('modules.usersTitle', { name: module.name }) : ''}
      onCancel={close}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {detail.isError ? (
        <QueryError onRetry={() => void detail.refetch()} />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={8} align="flex-start">
            <div style={{ flex: 1 }}>
              <UserPicker
                value={toAdd}
                onChange={setToAdd}
                excludedIds={detail.data?.userIds ?? []}
                aria-label={t('modules.addUsers')}
              />
            </div>
            <Button type="primary" onClick={onAdd} disabled={toAdd.length === 0} loading={addUsers.isPending}>
              {t('modules.addUsers')}
            </Button>
          </Flex>
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary">
              {t('modules.usersCount')}: {members.length}
            </Typography.Text>
            <Popconfirm
              title={t('modules.removeConfirmTitle', { count: selected.length })}
              onConfirm={onRemove}
              okText={t('common.yes')}
              cancelText={t('common.no')}
              okButtonProps={{ danger: true }}
              disabled={selected.length === 0}
            >
              <Button danger disabled={selected.length === 0} loading={removeUsers.isPending}>
                {t('modules.removeUsers')}
              </Button>
            </Popconfirm>
          </Flex>
          <Table<Member>
            rowKey="id"
            size="small"
            loading={detail.isPending || directory.isPending}
            dataSource={members}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
            pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, hideOnSinglePage: true }}
            locale={{ emptyText: <EmptyState /> }}
            columns={[
              { title: t('modules.userColumn'), dataIndex: 'name', key: 'name' },
              {
                title: t('modules.emailColumn'),
                dataIndex: 'email',
                key: 'email',
                render: (v: string | null) => v ?? '',
              },
            ]}
          />
        </Flex>
      )}
    </Modal>
  );
}
