import type { SamlConfig, SamlGroupMapping } from '@recon/contract';
import { Button, Divider, Drawer, Flex, Form, Input, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveSamlConfig } from '@/features/saml-setup/api/saml-configs';
import { setFieldMessages } from '@/lib/form-errors';
import { useModuleSelection } from '@/lib/module-context';
import { saveWithFieldErrors } from '@/lib/save-form';
import { GroupMappingsList } from '@/ui/group-mappings-list';

const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----$/;

type Values = {
  registrationId: string;
  name: string;
  isEnabled: boolean;
  idpEntryPoint: string;
  idpIssuer?: string;
  idpCertificate: string;
  spEntityId: string;
  audience?: string;
  emailAttribute?: string;
  nameAttribute?: string;
  groupsAttribute?: string;
  groupMappings: SamlGroupMapping[];
};

const NEW_VALUES: Partial<Values> = { isEnabled: true, groupMappings: [] };

function valuesOf(c: SamlConfig): Values {
  return {
    registrationId: c.registrationId,
    name: c.name,
    isEnabled: c.isEnabled,
    idpEntryPoint: c.idpEntryPoint,
    idpIssuer: c.idpIssuer ?? undefined,
    idpCertificate: c.idpCertificate,
    spEntityId: c.spEntityId,
    audience: c.audience ?? undefined,
    emailAttribute: c.emailAttribute ?? undefined,
    nameAttribute: c.nameAttribute ?? undefined,
    groupsAttribute: c.groupsAttribute ?? undefined,
    groupMappings: c.groupMappings,
  };
}

type Props = {
  /** The registration edited, `'new'` for a new one, null when closed. */
  editing: SamlConfig | 'new' | null;
  onClose: () => void;
};

/** Adds or changes one SAML identity provider. */
export function SamlConfigDrawer({ editing, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { modules } = useModuleSelection();
  const isNew = editing === 'new';
  const save = useSaveSamlConfig(isNew ? t('saml.created') : t('saml.updated'));

  const onFinish = async (values: Values) => {
    const id = editing && editing !== 'new' ? editing.id : null;
    const body = {
      ...values,
      idpIssuer: values.idpIssuer || null,
      audience: values.audience || null,
      emailAttribute: values.emailAttribute || null,
      nameAttribute: values.nameAttribute || null,
      groupsAttribute: values.groupsAttribute || null,
      groupMappings: values.groupMappings ?? [],
    };
    let isSaved = false;
    const fields = await saveWithFieldErrors(async () => {
      await save.mutateAsync({ id, body });
      isSaved = true;
    });
    if (fields) setFieldMessages(form, fields);
    else if (isSaved) onClose();
  };

  const required = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <Drawer
      open={editing !== null}
      title={isNew ? t('saml.addTitle') : t('saml.editTitle')}
      size={720}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {editing !== null && (
        <Form<Values>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={editing === 'new' ? NEW_VALUES : valuesOf(editing)}
          onFinish={onFinish}
        >
          <Flex gap={16}>
            <Form.Item
              name="name"
              label={t('saml.name')}
              rules={required(t('saml.nameRequired'))}
              style={{ flex: 1 }}
              extra={t('saml.nameHelp')}
            >
              <Input autoComplete="off" maxLength={200} />
            </Form.Item>
            <Form.Item
              name="registrationId"
              label={t('saml.registrationId')}
              style={{ flex: 1 }}
              extra={t('saml.registrationIdHelp')}
              rules={[
                ...required(t('saml.registrationIdRequired')),
                { pattern: /^[A-Za-z0-9_-]+$/, message: t('saml.registrationIdPattern') },
              ]}
            >
              <Input autoComplete="off" maxLength={64} />
            </Form.Item>
          </Flex>
          <Form.Item name="isEnabled" label={t('saml.enabled')} valuePropName="checked">
            <Switch aria-label={t('saml.enabled')} />
          </Form.Item>
          {editing !== 'new' && (
            <Form.Item label={t('saml.acsUrl')} extra={t('saml.acsUrlHelp')}>
              <Typography.Text copyable code>
                {editing.acsUrl}
              </Typography.Text>
            </Form.Item>
          )}

          <Divider titlePlacement="start">{t('saml.identityProvider')}</Divider>
          <Form.Item
            name="idpEntryPoint"
            label={t('saml.idpEntryPoint')}
            rules={[
              ...required(t('saml.idpEntryPointRequired')),
              { pattern: /^https?:\/\/\S+$/, message: t('saml.idpEntryPointPattern') },
            ]}
          >
            <Input autoComplete="off" placeholder="https://idp.example.com/sso/saml" />
          </Form.Item>
          <Form.Item name="idpIssuer" label={t('saml.idpIssuer')} extra={t('saml.idpIssuerHelp')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="idpCertificate"
            label={t('saml.idpCertificate')}
            extra={t('saml.idpCertificateHelp')}
            rules={[
              ...required(t('saml.idpCertificateRequired')),
              {
                validator: (_, value: string | undefined) =>
                  !value?.trim() || PEM_CERTIFICATE.test(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('saml.idpCertificatePattern'))),
              },
            ]}
          >
            <Input.TextArea
              rows={6}
              spellCheck={false}
              style={{ fontFamily: 'monospace', fontSize: 12 }}
              placeholder={'-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'}
            />
          </Form.Item>

          <Divider titlePlacement="start">{t('saml.serviceProvider')}</Divider>
          <Flex gap={16}>
            <Form.Item
              name="spEntityId"
              label={t('saml.spEntityId')}
              rules={required(t('saml.spEntityIdRequired'))}
              style={{ flex: 1 }}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="audience" label={t('saml.audience')} extra={t('saml.audienceHelp')} style={{ flex: 1 }}>
              <Input autoComplete="off" />
            </Form.Item>
          </Flex>

          <Divider titlePlacement="start">{t('saml.attributes')}</Divider>
          <Flex gap={16}>
            <Form.Item name="emailAttribute" label={t('saml.emailAttribute')} style={{ flex: 1 }}>
              <Input autoComplete="off" placeholder="email" />
            </Form.Item>
            <Form.Item name="nameAttribute" label={t('saml.nameAttribute')} style={{ flex: 1 }}>
              <Input autoComplete="off" placeholder="displayName" />
            </Form.Item>
            <Form.Item name="groupsAttribute" label={t('saml.groupsAttribute')} style={{ flex: 1 }}>
              <Input autoComplete="off" placeholder="groups" />
            </Form.Item>
          </Flex>

          <Divider titlePlacement="start">{t('saml.groupMappings')}</Divider>
          <Typography.Paragraph type="secondary">{t('saml.groupMappingsHelp')}</Typography.Paragraph>
          <GroupMappingsList
            name="groupMappings"
            modules={modules}
            labels={{
              group: t('saml.group'),
              groupRequired: t('saml.groupRequired'),
              roles: t('saml.roles'),
              modules: t('saml.modules'),
              addMapping: t('saml.addMapping'),
              removeMapping: t('saml.removeMapping'),
            }}
          />
        </Form>
      )}
    </Drawer>
  );
}
