import { ApiOutlined, DisconnectOutlined, KeyOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import type { GatewayProvider, MailProvider, OAuthAccount } from '@recon/contract';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OAuthCancelled,
  OAuthRefused,
  useConnect,
  useDisconnect,
  useGatewayLinks,
  useLinkApiKey,
  useMailAccounts,
} from '@/features/integrations/api/oauth-accounts';
import { serverFieldErrors, setFieldMessages } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { errorMessagesFor } from '@/lib/http-errors';
import { useModuleSelection } from '@/lib/module-context';
import { notifyHttpError } from '@/lib/query-client';
import { showErrorToast } from '@/lib/toast';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

type Provider = MailProvider | GatewayProvider;
type Kind = 'mail' | 'gateway';
const PROVIDER_NAMES: Record<string, string> = { gmail: 'Gmail', outlook: 'Outlook', razorpay: 'Razorpay' };
const STATUS_TONES: Record<OAuthAccount['status'], string> = {
  CONNECTED: 'ACTIVE',
  EXPIRED: 'PENDING',
  ERROR: 'ERROR',
  DISCONNECTED: 'INACTIVE',
};

/**
 * Settings › Integrations › OAuth: the module's mail accounts (gmail, outlook) and payment-gateway links (razorpay).
 * Connecting opens the provider in a popup; its /oauth/<provider> callback hands the code back to this page, which
 * the server exchanges. Tokens are never shown: only the status, account, scopes and expiry.
 */
export default function OAuthPage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const mail = useMailAccounts(current.id);
  const gateways = useGatewayLinks(current.id);
  const connect = useConnect(current.id, {
    success: t('integrations.oauth.connected'),
    popupBlocked: t('integrations.oauth.popupBlocked'),
  });
  const disconnect = useDisconnect(t('integrations.oauth.disconnected'));
  const [isApiKeyOpen, setApiKeyOpen] = useState(false);

  const start = (provider: Provider) =>
    connect.mutate(provider, {
      onError: async (error) => {
        if (error instanceof OAuthCancelled) return;
        showErrorToast(error instanceof OAuthRefused ? [error.message] : await errorMessagesFor(error));
      },
    });
  const pending = connect.isPending ? connect.variables : null;

  const columns = (kind: Kind) => [
    {
      title: t('integrations.oauth.provider'),
      key: 'provider',
      width: 100,
      render: (_: unknown, a: OAuthAccount) => PROVIDER_NAMES[a.provider] ?? a.provider,
    },
    {
      title: kind === 'mail' ? t('integrations.oauth.mailbox') : t('integrations.oauth.account'),
      key: 'account',
      width: 260,
      render: (_: unknown, a: OAuthAccount) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: 232 }}>
          <Typography.Text strong ellipsis={{ tooltip: a.account }} style={{ maxWidth: 232 }}>
            {a.account}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 232 }}>
            {a.authType === 'API_KEY' ? t('integrations.oauth.byApiKey') : t('integrations.oauth.byOAuth')}
            {a.connectedBy ? ` · ${t('integrations.oauth.connectedBy', { name: a.connectedBy })}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('integrations.oauth.status'),
      key: 'status',
      width: 120,
      render: (_: unknown, a: OAuthAccount) => {
        const tag = <StatusTag status={STATUS_TONES[a.status]} label={t(`integrations.oauth.statuses.${a.status}`)} />;
        return a.lastError ? <Tooltip title={a.lastError}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: t('integrations.oauth.scopes'),
      key: 'scopes',
      render: (_: unknown, a: OAuthAccount) =>
        a.scopes.length === 0 ? (
          '—'
        ) : (
          <Space size={[4, 4]} wrap>
            {a.scopes.map((s) => (
              <Tag key={s} style={{ marginInlineEnd: 0 }}>
                {s.replace(/^https:\/\/www\.googleapis\.com\/auth\/|^https:\/\/graph\.microsoft\.com\//, '')}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('integrations.oauth.expires'),
      key: 'expiresAt',
      width: 180,
      render: (_: unknown, a: OAuthAccount) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {a.status === 'CONNECTED' && a.expiresAt ? formatDateTime(a.expiresAt) : '—'}
        </span>
      ),
    },
    {
      title: t('integrations.oauth.actions'),
      key: 'actions',
      width: 210,
      render: (_: unknown, a: OAuthAccount) => (
        <Space>
          {a.authType === 'OAUTH' && a.status !== 'CONNECTED' && (
            <Button
              size="small"
              icon={<ReloadOutlined />}
              loading={pending === a.provider}
              onClick={() => start(a.provider as Provider)}
            >
              {t('integrations.oauth.reconnect')}
            </Button>
          )}
          {a.status !== 'DISCONNECTED' && (
            <Popconfirm
              title={t('integrations.oauth.disconnectConfirm', { account: a.account })}
              okText={t('integrations.oauth.disconnect')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => disconnect.mutateAsync({ kind, id: a.id })}
            >
              <Button size="small" danger icon={<DisconnectOutlined />}>
                {t('integrations.oauth.disconnect')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const table = (kind: Kind, query: typeof mail, empty: string) =>
    query.isError && !query.data ? (
      <QueryError onRetry={() => void query.refetch()} />
    ) : (
      <Table<OAuthAccount>
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.data ?? []}
        columns={columns(kind)}
        pagination={false}
        scroll={{ x: 980 }}
        locale={{
          emptyText: query.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />,
        }}
      />
    );

  return (
    <>
      <PageHeader title={t('integrations.oauth.title')} description={t('integrations.oauth.description')} />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          title={
            <>
              <MailOutlined /> {t('integrations.oauth.mailTitle')}
            </>
          }
          extra={
            <Space wrap>
              <Button loading={pending === 'gmail'} onClick={() => start('gmail')}>
                {t('integrations.oauth.connectGmail')}
              </Button>
              <Button loading={pending === 'outlook'} onClick={() => start('outlook')}>
                {t('integrations.oauth.connectOutlook')}
              </Button>
            </Space>
          }
          styles={{ body: { padding: 0 } }}
        >
          {table('mail', mail, t('integrations.oauth.mailEmpty'))}
        </Card>
        <Card
          title={
            <>
              <ApiOutlined /> {t('integrations.oauth.gatewayTitle')}
            </>
          }
          extra={
            <Space wrap>
              <Button loading={pending === 'razorpay'} onClick={() => start('razorpay')}>
                {t('integrations.oauth.linkRazorpay')}
              </Button>
              <Button icon={<KeyOutlined />} onClick={() => setApiKeyOpen(true)}>
                {t('integrations.oauth.linkApiKey')}
              </Button>
            </Space>
          }
          styles={{ body: { padding: 0 } }}
        >
          {table('gateway', gateways, t('integrations.oauth.gatewayEmpty'))}
        </Card>
      </Space>
      <ApiKeyModal isOpen={isApiKeyOpen} onClose={() => setApiKeyOpen(false)} />
    </>
  );
}

type KeyValues = { keyId: string; keySecret: string };

/** Link Razorpay by API key: the gateway checks the key before it is stored; the secret is write-only. */
function ApiKeyModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<KeyValues>();
  const link = useLinkApiKey(t('integrations.oauth.linked'));
  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async (values: KeyValues) => {
    try {
      await link.mutateAsync({ keyId: values.keyId.trim(), keySecret: values.keySecret });
      close();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setFieldMessages(form, fields);
      else void notifyHttpError(error);
    }
  };
  return (
    <Modal
      open={isOpen}
      title={t('integrations.oauth.apiKeyTitle')}
      okText={t('integrations.oauth.link')}
      cancelText={t('common.cancel')}
      confirmLoading={link.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('integrations.oauth.apiKeyHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark>
        <Form.Item
          name="keyId"
          label={t('integrations.oauth.keyId')}
          rules={[{ required: true, whitespace: true, message: t('integrations.oauth.keyIdRequired') }]}
        >
          <Input autoComplete="off" maxLength={200} placeholder={t('integrations.oauth.keyIdExample')} />
        </Form.Item>
        <Form.Item
          name="keySecret"
          label={t('integrations.oauth.keySecret')}
          rules={[{ required: true, message: t('integrations.oauth.keySecretRequired') }]}
        >
          <Input.Password autoComplete="new-password" maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
