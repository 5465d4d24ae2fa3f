import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { LdapConfig } from '@recon/contract';
import { roleDisplayName } from '@recon/contract/privileges';
import { Button, Card, Descriptions, Empty, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLdapConfig } from '@/features/ldap-setup/api/ldap-config';
import { LdapConfigDrawer } from '@/features/ldap-setup/components/ldap-config-drawer';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

const code = (value: string | null, fallback: string) =>
  value ? (
    <Typography.Text code>{value}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">{fallback}</Typography.Text>
  );

/** Settings › Integrations › LDAP Setup: the directory users sign in with (decision 0023). */
export default function LdapSetupPage() {
  const { t } = useTranslation();
  const config = useLdapConfig();
  // undefined: drawer closed; null: setting the directory up; a config: changing it.
  const [editing, setEditing] = useState<LdapConfig | null | undefined>(undefined);
  const { modules } = useModuleSelection();
  const directory = config.data?.data ?? null;

  return (
    <>
      <PageHeader
        title={t('ldap.title')}
        description={t('ldap.description')}
        extra={
          config.data && (
            <Button
              type="primary"
              icon={directory ? <EditOutlined /> : <PlusOutlined />}
              onClick={() => setEditing(directory)}
            >
              {directory ? t('ldap.edit') : t('ldap.add')}
            </Button>
          )
        }
      />
      <Card loading={config.isPending}>
        {config.isError && !config.data ? (
          <QueryError onRetry={() => void config.refetch()} />
        ) : !directory ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ldap.empty')} />
        ) : (
          <Descriptions
            column={1}
            size="middle"
            colon={false}
            styles={{ label: { width: 220 } }}
            items={[
              {
                key: 'status',
                label: t('ldap.status'),
                children: (
                  <StatusTag
                    status={directory.isEnabled ? 'ACTIVE' : 'INACTIVE'}
                    label={directory.isEnabled ? t('ldap.enabledLabel') : t('ldap.disabledLabel')}
                  />
                ),
              },
              { key: 'url', label: t('ldap.url'), children: code(directory.url, '—') },
              { key: 'tls', label: t('ldap.tls'), children: <TlsSummary directory={directory} /> },
              { key: 'bindMode', label: t('ldap.bindMode'), children: t(`ldap.bindModes.${directory.bindMode}`) },
              directory.bindMode === 'DIRECT'
                ? { key: 'template', label: t('ldap.userDnTemplate'), children: code(directory.userDnTemplate, '—') }
                : { key: 'baseDn', label: t('ldap.baseDn'), children: code(directory.baseDn, '—') },
              ...(directory.bindMode === 'SEARCH'
                ? [
                    {
                      key: 'filter',
                      label: t('ldap.userFilter'),
                      children: code(directory.userFilter, '(uid={username})'),
                    },
                  ]
                : []),
              {
                key: 'service',
                label: t('ldap.serviceAccount'),
                children: directory.bindDn ? (
                  <Flex vertical gap={4}>
                    {code(directory.bindDn, '—')}
                    <Typography.Text type="secondary">
                      {directory.hasBindPassword ? t('ldap.passwordStored') : t('ldap.passwordMissing')}
                    </Typography.Text>
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">{t('ldap.noServiceAccount')}</Typography.Text>
                ),
              },
              {
                key: 'attributes',
                label: t('ldap.attributes'),
                children: (
                  <Flex gap={4} wrap>
                    <Tag>
                      {t('ldap.emailAttribute')}: {directory.emailAttribute ?? 'mail'}
                    </Tag>
                    <Tag>
                      {t('ldap.nameAttribute')}: {directory.nameAttribute ?? 'cn'}
                    </Tag>
                    <Tag>
                      {t('ldap.groupsAttribute')}: {directory.groupsAttribute ?? 'memberOf'}
                    </Tag>
                  </Flex>
                ),
              },
              {
                key: 'mappings',
                label: t('ldap.groupMappings'),
                children: (
                  <Flex vertical gap={6} align="flex-start">
                    <Tag>{t('ldap.mappingCount', { count: directory.groupMappings.length })}</Tag>
                    {directory.groupMappings.map((m) => (
                      <Typography.Text key={m.group}>
                        <Typography.Text code>{m.group}</Typography.Text>
                        {' → '}
                        {[
                          ...m.roles.map(roleDisplayName),
                          ...m.moduleIds.map((id) => modules.find((x) => x.id === id)?.name ?? `#${id}`),
                        ].join(' · ') || t('ldap.grantsNothing')}
                      </Typography.Text>
                    ))}
                  </Flex>
                ),
              },
              {
                key: 'timeout',
                label: t('ldap.connectTimeout'),
                children: t('ldap.milliseconds', { count: directory.connectTimeoutMs }),
              },
              { key: 'updated', label: t('ldap.updatedAt'), children: formatDateTime(directory.updatedAt) },
            ]}
          />
        )}
      </Card>
      <LdapConfigDrawer editing={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}

/** How the connection is secured: ldaps:// or StartTLS (or neither), whether the certificate is verified, and against what. */
function TlsSummary({ directory }: { directory: LdapConfig }) {
  const { t } = useTranslation();
  const isLdaps = /^ldaps:/i.test(directory.url);
  const channel = isLdaps ? t('ldap.tlsLdaps') : directory.startTls ? t('ldap.tlsStartTls') : t('ldap.tlsNone');
  return (
    <Flex vertical gap={4} align="flex-start">
      <Tag color={isLdaps || directory.startTls ? 'green' : 'orange'}>{channel}</Tag>
      {(isLdaps || directory.startTls) && (
        <Typography.Text type={directory.rejectUnauthorized ? 'secondary' : 'warning'}>
          {!directory.rejectUnauthorized
            ? t('ldap.tlsNotVerified')
            : directory.caCertificateSubject
              ? t('ldap.tlsVerifiedAgainst', { subject: directory.caCertificateSubject })
              : t('ldap.tlsVerifiedSystem')}
        </Typography.Text>
      )}
    </Flex>
  );
}
