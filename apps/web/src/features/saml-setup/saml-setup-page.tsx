import { PlusOutlined } from '@ant-design/icons';
import type { SamlConfig } from '@recon/contract';
import { Button, Card, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteSamlConfig, useSamlConfigs } from '@/features/saml-setup/api/saml-configs';
import { SamlConfigDrawer } from '@/features/saml-setup/components/saml-config-drawer';
import { formatDateTime } from '@/lib/format';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

/** Settings › Integrations › SAML Setup: the identity providers users sign in with. */
export default function SamlSetupPage() {
  const { t } = useTranslation();
  const configs = useSamlConfigs();
  const remove = useDeleteSamlConfig(t('saml.deleted'));
  const [editing, setEditing] = useState<SamlConfig | 'new' | null>(null);

  return (
    <>
      <PageHeader
        title={t('saml.title')}
        description={t('saml.description')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('saml.add')}
          </Button>
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        {configs.isError && !configs.data ? (
          <QueryError onRetry={() => void configs.refetch()} />
        ) : (
          <Table<SamlConfig>
            rowKey="id"
            loading={configs.isFetching}
            dataSource={configs.data?.data ?? []}
            locale={{
              emptyText: configs.isPending ? (
                ' '
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('saml.empty')} />
              ),
            }}
            pagination={false}
            scroll={{ x: 960 }}
            columns={[
              {
                title: t('saml.name'),
                key: 'name',
                render: (_, c) => (
                  <Space orientation="vertical" size={0}>
                    <Typography.Link onClick={() => setEditing(c)}>{c.name}</Typography.Link>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {c.registrationId}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('saml.idpEntryPoint'),
                dataIndex: 'idpEntryPoint',
                key: 'idpEntryPoint',
                ellipsis: true,
              },
              {
                title: t('saml.certificate'),
                key: 'certificate',
                width: 240,
                render: (_, c) => {
                  const isExpired = c.certificateValidTo !== null && new Date(c.certificateValidTo) < new Date();
                  return (
                    <Space orientation="vertical" size={0}>
                      <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                        {c.certificateSubject ?? '—'}
                      </Typography.Text>
                      {c.certificateValidTo && (
                        <Typography.Text type={isExpired ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                          {t(isExpired ? 'saml.expiredOn' : 'saml.validUntil', {
                            date: formatDateTime(c.certificateValidTo),
                          })}
                        </Typography.Text>
                      )}
                    </Space>
                  );
                },
              },
              {
                title: t('saml.groupMappings'),
                key: 'groupMappings',
                width: 140,
                render: (_, c) => <Tag>{t('saml.mappingCount', { count: c.groupMappings.length })}</Tag>,
              },
              {
                title: t('saml.status'),
                key: 'status',
                width: 120,
                render: (_, c) => (
                  <StatusTag
                    status={c.isEnabled ? 'ACTIVE' : 'INACTIVE'}
                    label={c.isEnabled ? t('saml.enabledLabel') : t('saml.disabledLabel')}
                  />
                ),
              },
              {
                title: t('saml.actions'),
                key: 'actions',
                width: 150,
                render: (_, c) => (
                  <Space>
                    <Button size="small" onClick={() => setEditing(c)}>
                      {t('common.edit')}
                    </Button>
                    <Popconfirm
                      title={t('saml.deleteConfirm', { name: c.name })}
                      okText={t('common.delete')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(c.id)}
                    >
                      <Button size="small" danger>
                        {t('common.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <SamlConfigDrawer editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
