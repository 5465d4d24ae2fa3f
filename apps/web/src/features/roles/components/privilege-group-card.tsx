import type { RoleDetail } from '@recon/contract';
import { Card, Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrivilegeGroupKey } from '@/features/roles/privilege-groups';

type Privilege = RoleDetail['privileges'][number];
type Props = {
  groupKey: PrivilegeGroupKey;
  privileges: Privilege[];
  granted: ReadonlySet<string>;
  onToggle: (codes: string[], isGranted: boolean) => void;
};

/** One area's privileges as checkboxes with their descriptions, and a select-all for the area. */
export function PrivilegeGroupCard({ groupKey, privileges, granted, onToggle }: Props) {
  const { t } = useTranslation();
  const codes = privileges.map((p) => p.privilegeCode);
  const grantedCount = codes.filter((c) => granted.has(c)).length;
  return (
    <Card
      size="small"
      title={t(`roles.groups.${groupKey}`)}
      extra={
        <Checkbox
          checked={grantedCount === codes.length}
          indeterminate={grantedCount > 0 && grantedCount < codes.length}
          onChange={(e) => onToggle(codes, e.target.checked)}
        >
          {t('roles.selectAll')}
        </Checkbox>
      }
    >
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('roles.grantedCount', { granted: grantedCount, total: codes.length })}
      </Typography.Text>
      <Flex vertical gap={8}>
        {privileges.map((p) => (
          <Checkbox
            key={p.privilegeCode}
            checked={granted.has(p.privilegeCode)}
            onChange={(e) => onToggle([p.privilegeCode], e.target.checked)}
          >
            <Typography.Text strong>{p.privilegeCode}</Typography.Text>
            {p.description && (
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {p.description}
              </Typography.Text>
            )}
          </Checkbox>
        ))}
      </Flex>
    </Card>
  );
}
