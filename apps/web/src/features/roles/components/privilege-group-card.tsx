import type { RoleDetail } from '@recon/contract';
import { PRIVILEGE_CODES, type PrivilegeCode } from '@recon/contract/privileges';
import { Card, Checkbox, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrivilegeGroupKey } from '@/features/roles/privilege-groups';

type Privilege = RoleDetail['privileges'][number];

/** The box level with the label's line, not centred on the label and its meaning. */
const BOX_BESIDE_LABEL = { icon: { alignSelf: 'flex-start', marginTop: 3 } } as const;

const isKnown = (code: string): code is PrivilegeCode => (PRIVILEGE_CODES as readonly string[]).includes(code);
type Props = {
  groupKey: PrivilegeGroupKey;
  privileges: Privilege[];
  granted: ReadonlySet<string>;
  onToggle: (codes: string[], isGranted: boolean) => void;
};

/**
 * One area's privileges as checkboxes, and a select-all for the area. Each reads as its label, its code set back
 * (smaller, muted, for those who configure by code) and one line on what it lets a user do; a code the app does not
 * know shows the server's description.
 */
export function PrivilegeGroupCard({ groupKey, privileges, granted, onToggle }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const codes = privileges.map((p) => p.privilegeCode);
  const grantedCount = codes.filter((c) => granted.has(c)).length;
  const labelOf = (code: string) => (isKnown(code) ? t(`roles.catalogue.${code}.label`) : code);
  // In the order a person reads them: by label, not by code.
  const byLabel = [...privileges].sort((a, b) => labelOf(a.privilegeCode).localeCompare(labelOf(b.privilegeCode)));
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
        {byLabel.map((p) => (
          <Checkbox
            key={p.privilegeCode}
            checked={granted.has(p.privilegeCode)}
            styles={BOX_BESIDE_LABEL}
            onChange={(e) => onToggle([p.privilegeCode], e.target.checked)}
          >
            <PrivilegeText
              code={p.privilegeCode}
              label={labelOf(p.privilegeCode)}
              meaning={isKnown(p.privilegeCode) ? t(`roles.catalogue.${p.privilegeCode}.meaning`) : p.description}
              codeSize={token.fontSizeSM}
            />
          </Checkbox>
        ))}
      </Flex>
    </Card>
  );
}

function PrivilegeText({
  code,
  label,
  meaning,
  codeSize,
}: {
  code: string;
  label: string;
  meaning: string | null;
  codeSize: number;
}) {
  return (
    <Flex vertical>
      <span>
        <Typography.Text strong>{label}</Typography.Text>
        {label !== code && (
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: codeSize, fontFamily: 'monospace' }}>
            {code}
          </Typography.Text>
        )}
      </span>
      {meaning && <Typography.Text type="secondary">{meaning}</Typography.Text>}
    </Flex>
  );
}
