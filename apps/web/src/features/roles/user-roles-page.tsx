import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { RoleDetail } from '@recon/contract';
import { BUILT_IN_ROLES, roleDisplayName } from '@recon/contract/privileges';
import { Button, Card, Flex, Form, Popconfirm, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDeleteRole } from '@/features/roles/api/edit-role';
import { useRole } from '@/features/roles/api/get-role';
import { CreateRoleModal } from '@/features/roles/components/create-role-modal';
import { RolePrivilegesEditor } from '@/features/roles/components/role-privileges-editor';
import { useAccess } from '@/lib/access-context';
import { useRoles } from '@/lib/reads/roles';
import { useSignedInUser } from '@/lib/session';
import { AppSelect } from '@/ui/app-select';
import { ContentSpinner } from '@/ui/full-page-spinner';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** Settings → User Settings → User Roles: which privileges each role grants. */
export default function UserRolesPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const user = useSignedInUser();
  const { refreshPrivileges } = useAccess();
  const [modal, setModal] = useState<'create' | 'edit' | null>(null);
  const roles = useRoles();
  // The seeded roles at once, then every role the server has (the ones created here too), maker and checker marked.
  const names = [...new Set([...BUILT_IN_ROLES, ...(roles.data ?? []).map((r) => r.name)])];
  const kindOf = (name: string) => roles.data?.find((r) => r.name === name);
  const requested = searchParams.get('role');
  const roleName =
    requested && (names.includes(requested) || roles.isPending) ? requested : (BUILT_IN_ROLES[0] as string);
  const role = useRole(roleName);
  const remove = useDeleteRole(t('roles.deleted'));
  const isBuiltIn = (BUILT_IN_ROLES as readonly string[]).includes(roleName);

  // Changing one of the user's own roles changes what this user may see.
  const onSaved = (saved: RoleDetail) => {
    if (user?.rolesName.includes(saved.name)) void refreshPrivileges();
  };

  return (
    <>
      <PageHeader
        title={t('roles.title')}
        description={t('roles.description')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal('create')}>
            {t('roles.create')}
          </Button>
        }
      />
      <CreateRoleModal
        key={modal === 'edit' ? `edit-${role.data?.id}` : 'create'}
        open={modal !== null}
        role={modal === 'edit' ? role.data : undefined}
        onClose={() => setModal(null)}
        onSaved={(saved) => {
          setModal(null);
          setSearchParams({ role: saved.name });
          onSaved(saved);
        }}
      />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={16} align="flex-end">
          <Form.Item label={t('roles.role')} style={{ marginBottom: 0, minWidth: 280 }} layout="vertical">
            <AppSelect<string>
              allowClear={false}
              value={roleName}
              onChange={(value) => setSearchParams({ role: value })}
              options={names.map((r) => {
                const role = kindOf(r);
                const mark = role?.isMaker ? t('roles.maker') : role?.isChecker ? t('roles.checker') : null;
                return { value: r, label: mark ? `${roleDisplayName(r)} · ${mark}` : roleDisplayName(r) };
              })}
              aria-label={t('roles.role')}
            />
          </Form.Item>
          <Button icon={<EditOutlined />} disabled={!role.data} onClick={() => setModal('edit')}>
            {t('roles.edit')}
          </Button>
          <Tooltip title={isBuiltIn ? t('roles.builtInHelp') : undefined}>
            <Popconfirm
              title={t('roles.confirmDelete', { role: roleDisplayName(roleName) })}
              okText={t('common.yes')}
              cancelText={t('common.no')}
              disabled={isBuiltIn || !role.data}
              onConfirm={() =>
                role.data &&
                remove.mutateAsync(role.data.id).then(
                  () => setSearchParams({}),
                  // The toast says why (users hold it: how many).
                  () => undefined,
                )
              }
            >
              <Button danger icon={<DeleteOutlined />} disabled={isBuiltIn || !role.data} loading={remove.isPending}>
                {t('roles.delete')}
              </Button>
            </Popconfirm>
          </Tooltip>
        </Flex>
      </Card>
      {role.isPending ? (
        <ContentSpinner />
      ) : role.isError ? (
        <QueryError onRetry={() => void role.refetch()} />
      ) : (
        <RolePrivilegesEditor key={role.data.name} role={role.data} onSaved={onSaved} />
      )}
    </>
  );
}
