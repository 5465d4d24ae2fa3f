import { PlusOutlined, SafetyOutlined, UnlockOutlined } from '@ant-design/icons';
import type { AppUserRow } from '@recon/contract';
import { roleDisplayName } from '@recon/contract/privileges';
import { Button, Flex, Popconfirm, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsers } from '@/features/users/api/get-users';
import { useResetAuthenticator, useUserActivation } from '@/features/users/api/save-user';
import { SsoRequestsCard } from '@/features/users/components/sso-requests-card';
import { UserFilters } from '@/features/users/components/user-filters';
import { type UserDrawerTarget, UserFormDrawer } from '@/features/users/components/user-form-drawer';
import { readUserListState, toUsersParams, writeUserListState } from '@/features/users/user-list-params';
import { useSignedInUser } from '@/lib/session';
import { useUrlListState } from '@/lib/use-url-list-state';
import { CellText } from '@/ui/cell-text';
import { PagedListPage } from '@/ui/paged-list-page';

/** Column widths at which the list fits 1280×720 beside the menu; Active and the actions pinned on the right. */
const W = { userName: 150, name: 130, email: 180, roles: 140, modules: 160, isActive: 90, actions: 140 };
const SCROLL_X = Object.values(W).reduce((a, b) => a + b, 0);

/** Settings › User Settings › Users: the users, their activation and unlock, create and edit, SSO requests. */
export default function UsersPage() {
  const { t } = useTranslation();
  const { state, applyFilters, changePage } = useUrlListState(readUserListState, writeUserListState);
  const users = useUsers(toUsersParams(state));
  const [drawer, setDrawer] = useState<UserDrawerTarget>(null);

  return (
    <PagedListPage<AppUserRow>
      title={t('users.title')}
      description={t('users.description')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer('new')}>
          {t('users.create')}
        </Button>
      }
      filters={<UserFilters state={state} onApply={applyFilters} />}
      rows={users}
      paging={state}
      onPageChange={changePage}
      scrollX={SCROLL_X}
      emptyDescription={state.name || state.email || state.module || state.isActive ? t('users.noMatch') : undefined}
      columns={[
        {
          title: t('users.userName'),
          dataIndex: 'userName',
          key: 'userName',
          width: W.userName,
          ellipsis: { showTitle: false },
          render: (userName: string, row) => (
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Typography.Link onClick={() => setDrawer(row.id)}>
                <CellText text={userName} width={W.userName} />
              </Typography.Link>
              {row.isLocked && (
                <Tooltip title={t('users.lockedHelp')}>
                  <Tag color="red" style={{ width: 'fit-content' }}>
                    {t('users.locked')}
                  </Tag>
                </Tooltip>
              )}
            </Flex>
          ),
        },
        {
          title: t('users.name'),
          dataIndex: 'name',
          key: 'name',
          width: W.name,
          ellipsis: { showTitle: false },
          render: (v: string) => <CellText text={v} width={W.name} />,
        },
        {
          title: t('users.email'),
          dataIndex: 'email',
          key: 'email',
          width: W.email,
          ellipsis: { showTitle: false },
          render: (v: string | null) => <CellText text={v} width={W.email} />,
        },
        {
          title: t('users.roles'),
          dataIndex: 'rolesName',
          key: 'rolesName',
          width: W.roles,
          render: (roles: string[]) => (
            <Flex gap={4} wrap>
              {roles.map((r) => (
                <Tag key={r}>{roleDisplayName(r)}</Tag>
              ))}
            </Flex>
          ),
        },
        {
          title: t('users.modules'),
          dataIndex: 'module',
          key: 'module',
          width: W.modules,
          ellipsis: { showTitle: false },
          render: (modules: string[]) => <CellText text={modules.join(', ')} width={W.modules} />,
        },
        {
          title: t('users.isActive'),
          dataIndex: 'isActive',
          key: 'isActive',
          width: W.isActive,
          fixed: 'right',
          render: (_, row) => <ActivationSwitch user={row} />,
        },
        {
          title: t('common.actions'),
          key: 'actions',
          width: W.actions,
          fixed: 'right',
          render: (_, row) => (
            <Flex gap={8}>
              <Button size="small" onClick={() => setDrawer(row.id)}>
                {t('common.edit')}
              </Button>
              {row.isLocked && <UnlockButton user={row} />}
              {row.hasAuthenticator && <ResetAuthenticatorButton user={row} />}
            </Flex>
          ),
        },
      ]}
    >
      <SsoRequestsCard />
      <UserFormDrawer target={drawer} onClose={() => setDrawer(null)} />
    </PagedListPage>
  );
}

/** Enable or disable, after a confirmation naming the user; the signed-in user cannot disable themselves. */
function ActivationSwitch({ user }: { user: AppUserRow }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const activation = useUserActivation(user.isActive ? t('users.disabled') : t('users.enabled'));
  const isSelf = me?.id === user.id;
  return (
    <Popconfirm
      title={t(user.isActive ? 'users.confirmDisable' : 'users.confirmEnable', { userName: user.userName })}
      okText={t('common.yes')}
      cancelText={t('common.no')}
      disabled={isSelf}
      onConfirm={() => activation.mutateAsync({ id: user.id, isActive: !user.isActive })}
    >
      <Switch
        checked={user.isActive}
        disabled={isSelf}
        loading={activation.isPending}
        aria-label={t('users.isActive')}
      />
    </Popconfirm>
  );
}

/** A lost phone: the user's authenticator app is removed; they sign in with a texted code and may set up another. */
function ResetAuthenticatorButton({ user }: { user: AppUserRow }) {
  const { t } = useTranslation();
  const reset = useResetAuthenticator(t('users.authenticatorReset'));
  return (
    <Popconfirm
      title={t('users.confirmResetAuthenticator', { userName: user.userName })}
      okText={t('common.yes')}
      cancelText={t('common.no')}
      onConfirm={() => reset.mutateAsync(user.id)}
    >
      <Tooltip title={t('users.resetAuthenticator')}>
        <Button
          size="small"
          icon={<SafetyOutlined />}
          aria-label={t('users.resetAuthenticator')}
          loading={reset.isPending}
        />
      </Tooltip>
    </Popconfirm>
  );
}

/** The admin's unlock: activation with isActive true lifts every sign-in lock of the name. */
function UnlockButton({ user }: { user: AppUserRow }) {
  const { t } = useTranslation();
  const activation = useUserActivation(t('users.unlocked'));
  return (
    <Popconfirm
      title={t('users.confirmUnlock', { userName: user.userName })}
      okText={t('common.yes')}
      cancelText={t('common.no')}
      onConfirm={() => activation.mutateAsync({ id: user.id, isActive: true })}
    >
      <Button size="small" icon={<UnlockOutlined />} loading={activation.isPending}>
        {t('users.unlock')}
      </Button>
    </Popconfirm>
  );
}
