import type { RoleDetail } from '@recon/contract';
import { roleDisplayName } from '@recon/contract/privileges';
import { Alert, Button, Flex, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateRolePrivileges } from '@/features/roles/api/update-role-privileges';
import { PrivilegeGroupCard } from '@/features/roles/components/privilege-group-card';
import { groupPrivileges } from '@/features/roles/privilege-groups';

type Props = { role: RoleDetail; onSaved: (role: RoleDetail) => void };

function grantedOf(role: RoleDetail): Set<string> {
  return new Set(role.privileges.filter((p) => p.version === 'v2' && p.isGranted).map((p) => p.privilegeCode));
}

function isSameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((code) => b.has(code));
}

/** The v2 privileges of one role, grouped by area; Save sets the role's grants to exactly what is ticked. */
export function RolePrivilegesEditor({ role, onSaved }: Props) {
  const { t } = useTranslation();
  const saved = useMemo(() => grantedOf(role), [role]);
  const [draft, setDraft] = useState<ReadonlySet<string>>(saved);
  const update = useUpdateRolePrivileges(t('roles.saved'));
  const groups = useMemo(() => groupPrivileges(role.privileges.filter((p) => p.version === 'v2')), [role]);
  const isDirty = !isSameSet(draft, saved);

  const toggle = (codes: string[], isGranted: boolean) =>
    setDraft((current) => {
      const next = new Set(current);
      for (const code of codes) {
        if (isGranted) next.add(code);
        else next.delete(code);
      }
      return next;
    });

  const save = () =>
    update.mutate(
      { roleName: role.name, privilegeCodes: [...draft].sort() },
      {
        onSuccess: (updated) => {
          setDraft(grantedOf(updated));
          onSaved(updated);
        },
      },
    );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {roleDisplayName(role.name)}
          </Typography.Title>
          <Typography.Text type="secondary">{role.name}</Typography.Text>
          {role.isMaker && <Tag color="blue">{t('roles.maker')}</Tag>}
          {role.isChecker && <Tag color="purple">{t('roles.checker')}</Tag>}
        </Space>
        <Space>
          <Button onClick={() => setDraft(saved)} disabled={!isDirty || update.isPending}>
            {t('roles.discard')}
          </Button>
          <Button type="primary" onClick={save} disabled={!isDirty} loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Space>
      </Flex>
      {isDirty && <Alert type="warning" showIcon title={t('roles.unsaved')} />}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(360px, 1fr))', gap: 16 }}>
        {groups.map(([key, privileges]) => (
          <PrivilegeGroupCard key={key} groupKey={key} privileges={privileges} granted={draft} onToggle={toggle} />
        ))}
      </div>
    </Flex>
  );
}
