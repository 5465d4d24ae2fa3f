import { CopyOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { RuleSummary } from '@recon/contract';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { copyRulePath, editRulePath, viewRulePath } from '@/features/rules/paths';
import { PrivilegeGuard } from '@/ui/privilege-guard';

/** Spec 2 §6: view-rule needs viewRule; edit-rule and copy-rule need createEditRule. */
export function RuleRowActions({ row }: { row: RuleSummary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = (label: string, icon: ReactNode, path: string) => (
    <Tooltip title={label}>
      <Button type="text" icon={icon} aria-label={`${label} ${row.name}`} onClick={() => navigate(path)} />
    </Tooltip>
  );
  return (
    <Space size={0}>
      <PrivilegeGuard rule={{ code: 'viewRule' }}>
        {action(t('rules.view'), <EyeOutlined />, viewRulePath(row.id))}
      </PrivilegeGuard>
      <PrivilegeGuard rule={{ code: 'createEditRule' }}>
        {action(t('common.edit'), <EditOutlined />, editRulePath(row.id))}
      </PrivilegeGuard>
      <PrivilegeGuard rule={{ code: 'createEditRule' }}>
        {action(t('rules.copy'), <CopyOutlined />, copyRulePath(row.id))}
      </PrivilegeGuard>
    </Space>
  );
}
