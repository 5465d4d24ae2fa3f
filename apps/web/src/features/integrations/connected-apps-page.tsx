import { checkTotpConfig, TOTP_ALGORITHMS, TOTP_PERIOD, type TotpConfig, type TotpConfigSave } from '@recon/contract';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { totpConfigs } from '@/features/integrations/api/resources';
import { ConfigFormModal } from '@/features/integrations/components/config-form-modal';
import { ConfigListPage, type Editing } from '@/features/integrations/components/config-list-page';
import { SecretField } from '@/features/integrations/components/secret-field';
import { MaskedSecret } from '@/features/integrations/components/value-cells';
import { AppSelect } from '@/ui/app-select';

type Values = {
  name: string;
  issuer?: string;
  accountName?: string;
  secret?: string;
  algorithm: TotpConfig['algorithm'];
  digits: 6 | 8;
  period: number;
};

function TotpForm({ editing, onClose }: { editing: Editing<TotpConfig>; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const record = editing?.record ?? null;

  return (
    <ConfigFormModal<Values, TotpConfigSave>
      resource={totpConfigs}
      isOpen={editing !== null}
      id={record?.id}
      title={record ? t('integrations.totp.editTitle', { name: record.name }) : t('integrations.totp.create')}
      form={form}
      initialValues={
        record
          ? {
              name: record.name,
              issuer: record.issuer,
              accountName: record.accountName,
              algorithm: record.algorithm,
              digits: record.digits === 8 ? 8 : 6,
              period: record.period,
            }
          : { algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD.default }
      }
      toBody={(v) => ({
        name: v.name?.trim(),
        issuer: v.issuer?.trim() ?? '',
        accountName: v.accountName?.trim() ?? '',
        ...(v.secret ? { secret: v.secret } : {}),
        algorithm: v.algorithm,
        digits: v.digits,
        period: v.period,
      })}
      check={(body) => checkTotpConfig(body, !record)}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('integrations.name')}
        rules={[{ required: true, whitespace: true, message: t('integrations.messages.nameRequired') }]}
      >
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="issuer" label={t('integrations.totp.issuer')}>
            <Input autoComplete="off" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="accountName" label={t('integrations.totp.accountName')}>
            <Input autoComplete="off" maxLength={255} />
          </Form.Item>
        </Col>
      </Row>
      <SecretField
        name="secret"
        label={t('integrations.totp.secret')}
        isStored={Boolean(record?.hasSecret)}
        requiredMessage={t('integrations.messages.secretRequired')}
        help={t('integrations.totp.secretHint')}
      />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="algorithm" label={t('integrations.totp.algorithm')}>
            <AppSelect<TotpConfig['algorithm']>
              aria-label={t('integrations.totp.algorithm')}
              allowClear={false}
              options={TOTP_ALGORITHMS.map((a) => ({ value: a, label: a }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="digits" label={t('integrations.totp.digits')}>
            <AppSelect<number>
              aria-label={t('integrations.totp.digits')}
              allowClear={false}
              options={[6, 8].map((d) => ({ value: d, label: String(d) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="period" label={t('integrations.totp.period')}>
            <InputNumber
              aria-label={t('integrations.totp.period')}
              min={TOTP_PERIOD.min}
              max={TOTP_PERIOD.max}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
    </ConfigFormModal>
  );
}

/**
 * Settings › Integrations › Connected Apps: the authenticator (TOTP) apps connected for the marketplace bots'
 * second sign-in step. The seed is write-only.
 */
export default function ConnectedAppsPage() {
  const { t } = useTranslation();
  return (
    <ConfigListPage<TotpConfig, TotpConfigSave>
      resource={totpConfigs}
      title={t('integrations.totp.title')}
      description={t('integrations.totp.description')}
      createLabel={t('integrations.totp.create')}
      nameOf={(row) => row.name}
      scrollX={900}
      columns={[
        {
          title: t('integrations.name'),
          dataIndex: 'name',
          key: 'name',
          sorter: (a, b) => a.name.localeCompare(b.name),
        },
        {
          title: t('integrations.totp.issuer'),
          dataIndex: 'issuer',
          key: 'issuer',
          width: 160,
          render: (v: string) => v || '—',
        },
        {
          title: t('integrations.totp.accountName'),
          dataIndex: 'accountName',
          key: 'accountName',
          width: 220,
          render: (v: string) => v || '—',
        },
        {
          title: t('integrations.totp.codes'),
          key: 'codes',
          width: 190,
          render: (_, row) =>
            t('integrations.totp.codesValue', { digits: row.digits, period: row.period, algorithm: row.algorithm }),
        },
        {
          title: t('integrations.totp.secret'),
          key: 'secret',
          width: 130,
          render: (_, row) => <MaskedSecret isStored={row.hasSecret} />,
        },
      ]}
      form={(editing, close) => <TotpForm editing={editing} onClose={close} />}
    />
  );
}
