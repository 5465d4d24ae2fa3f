import type { RoleDetail } from '@recon/contract';
import { roleDisplayName } from '@recon/contract/privileges';
import { Card, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRole } from '@/features/roles/api/get-role';
import { RolePrivilegesEditor } from '@/features/roles/components/role-privileges-editor';
import { EDITABLE_ROLES } from '@/features/roles/role-names';
import { useAccess } from '@/lib/access-context';
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
  const requested = searchParams.get('role');
  const roleName = EDITABLE_ROLES.find((r) => r === requested) ?? EDITABLE_ROLES[0];
  const role = useRole(roleName);

  // Changing one of the user's own roles changes what this user may see.
  const onSaved = (saved: RoleDetail) => {
    if (user?.rolesName.includes(saved.name)) void refreshPrivileges();
  };

  return (
    <>
      <PageHeader title={t('roles.title')} description={t('roles.description')} />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={16} align="flex-end">
          <Form.Item label={t('roles.role')} style={{ marginBottom: 0, minWidth: 280 }} layout="vertical">
            <AppSelect<string>
              allowClear={false}
              value={roleName}
              onChange={(value) => setSearchParams({ role: value })}
              options={EDITABLE_ROLES.map((r) => ({ value: r, label: roleDisplayName(r) }))}
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
