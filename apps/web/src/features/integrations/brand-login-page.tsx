import { type BotCredential, type BotCredentialSave, botTypeName, checkBotCredential } from '@recon/contract';
import type { INTEGRATION_TEXTS } from '@recon/contract/texts';
import { Col, Form, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { botCredentials, useBotBrands, useTotpChoices } from '@/features/integrations/api/resources';
import { ConfigFormModal } from '@/features/integrations/components/config-form-modal';
import { ConfigListPage, type Editing } from '@/features/integrations/components/config-list-page';
import { SecretField } from '@/features/integrations/components/secret-field';
import { ActiveTag, MaskedSecret } from '@/features/integrations/components/value-cells';
import { useModuleSelection } from '@/lib/module-context';
import { AppSelect } from '@/ui/app-select';
import { CellText } from '@/ui/cell-text';

type Values = {
  name: string;
  botType?: BotCredential['botType'];
  userName: string;
  password?: string;
  totpConfigId?: number | null;
  vendorCodes: string[];
  isActive: boolean;
};

function BrandLoginForm({ editing, onClose }: { editing: Editing<BotCredential>; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { current } = useModuleSelection();
  const brands = useBotBrands();
  const totps = useTotpChoices(current.id);
  const record = editing?.record ?? null;
  const required = (key: keyof typeof INTEGRATION_TEXTS) => ({
    required: true,
    whitespace: true,
    message: t(`integrations.messages.${key}`),
  });

  return (
    <ConfigFormModal<Values, BotCredentialSave>
      resource={botCredentials}
      isOpen={editing !== null}
      id={record?.id}
      title={
        record ? t('integrations.brandLogin.editTitle', { name: record.name }) : t('integrations.brandLogin.create')
      }
      form={form}
      initialValues={
        record
          ? {
              name: record.name,
              botType: record.botType,
              userName: record.userName,
              totpConfigId: record.totpConfig?.id ?? null,
              vendorCodes: record.vendorCodes,
              isActive: record.isActive,
            }
          : { vendorCodes: [], isActive: true }
      }
      toBody={(v) => ({
        name: v.name?.trim(),
        botType: v.botType,
        userName: v.userName?.trim(),
        ...(v.password ? { password: v.password } : {}),
        totpConfigId: v.totpConfigId ?? null,
        vendorCodes: v.vendorCodes ?? [],
        isActive: v.isActive,
      })}
      check={(body) => checkBotCredential(body, !record)}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('integrations.name')} rules={[required('nameRequired')]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="botType"
            label={t('integrations.brand')}
            rules={[{ required: true, message: t('integrations.messages.botTypeRequired') }]}
          >
            <AppSelect<BotCredential['botType']>
              aria-label={t('integrations.brand')}
              loading={brands.isPending}
              options={(brands.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="userName"
            label={t('integrations.brandLogin.userName')}
            rules={[required('userNameRequired')]}
          >
            <Input autoComplete="off" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <SecretField
            name="password"
            label={t('integrations.brandLogin.password')}
            isStored={Boolean(record?.hasPassword)}
            requiredMessage={t('integrations.messages.passwordRequired')}
          />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="totpConfigId"
            label={t('integrations.brandLogin.totpConfig')}
            extra={t('integrations.brandLogin.totpHint')}
          >
            <AppSelect<number>
              aria-label={t('integrations.brandLogin.totpConfig')}
              allowClear
              loading={totps.isPending}
              options={(totps.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="vendorCodes"
            label={t('integrations.brandLogin.vendorCodes')}
            extra={t('integrations.brandLogin.vendorCodesHint')}
          >
            <AppSelect<string[]> aria-label={t('integrations.brandLogin.vendorCodes')} mode="tags" open={false} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="isActive" label={t('integrations.active')} valuePropName="checked" style={{ marginBottom: 0 }}>
        <Switch aria-label={t('integrations.active')} />
      </Form.Item>
    </ConfigFormModal>
  );
}

/** Settings › Integrations › Brand Login: the accounts the marketplace bots sign in with (bot credentials). */
export default function BrandLoginPage() {
  const { t } = useTranslation();
  return (
    <ConfigListPage<BotCredential, BotCredentialSave>
      resource={botCredentials}
      title={t('integrations.brandLogin.title')}
      description={t('integrations.brandLogin.description')}
      createLabel={t('integrations.brandLogin.create')}
      nameOf={(row) => row.name}
      // Every column has its width (one without got squeezed to nothing and stood its title on end); long text is
      // cut, whole in a tooltip.
      scrollX={1210}
      columns={[
        {
          title: t('integrations.name'),
          dataIndex: 'name',
          key: 'name',
          width: 200,
          ellipsis: { showTitle: false },
          render: (name: string) => <CellText text={name} width={200} />,
          sorter: (a, b) => a.name.localeCompare(b.name),
        },
        {
          title: t('integrations.brand'),
          dataIndex: 'botType',
          key: 'botType',
          width: 130,
          render: (code: string) => botTypeName(code),
        },
        {
          title: t('integrations.brandLogin.userName'),
          dataIndex: 'userName',
          key: 'userName',
          width: 200,
          ellipsis: { showTitle: false },
          render: (userName: string) => <CellText text={userName} width={200} />,
        },
        {
          title: t('integrations.brandLogin.password'),
          key: 'password',
          width: 130,
          render: (_, row) => <MaskedSecret isStored={row.hasPassword} />,
        },
        {
          title: t('integrations.brandLogin.totpConfig'),
          key: 'totp',
          width: 180,
          ellipsis: { showTitle: false },
          render: (_, row) => <CellText text={row.totpConfig?.name ?? '—'} width={180} />,
        },
        {
          title: t('integrations.brandLogin.vendorCodes'),
          key: 'vendorCodes',
          width: 160,
          ellipsis: { showTitle: false },
          render: (_, row) => <CellText text={row.vendorCodes.join(', ') || '—'} width={160} />,
        },
        {
          title: t('common.status'),
          dataIndex: 'isActive',
          key: 'isActive',
          width: 100,
          render: (isActive: boolean) => <ActiveTag isActive={isActive} />,
        },
      ]}
      form={(editing, close) => <BrandLoginForm editing={editing} onClose={close} />}
    />
  );
}
