import { PlusOutlined } from '@ant-design/icons';
import type { RoleDetail } from '@recon/contract';
import { roleDisplayName } from '@recon/contract/privileges';
import { Button, Card, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRole } from '@/features/roles/api/get-role';
import { CreateRoleModal } from '@/features/roles/components/create-role-modal';
import { RolePrivilegesEditor } from '@/features/roles/components/role-privileges-editor';
import { EDITABLE_ROLES } from '@/features/roles/role-names';
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
  const [isCreating, setCreating] = useState(false);
  const roles = useRoles();
  // The seeded roles at once, then every role the server has (the ones created here too), maker and checker marked.
  const names = [...new Set([...EDITABLE_ROLES, ...(roles.data ?? []).map((r) => r.name)])];
  const kindOf = (name: string) => roles.data?.find((r) => r.name === name);
  const requested = searchParams.get('role');
  const roleName =
    requested && (names.includes(requested) || roles.isPending) ? requested : (EDITABLE_ROLES[0] as string);
  const role = useRole(roleName);

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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('roles.create')}
          </Button>
        }
      />
      <CreateRoleModal
        open={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setSearchParams({ role: created.name });
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
