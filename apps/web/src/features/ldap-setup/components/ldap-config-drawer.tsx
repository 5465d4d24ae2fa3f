import type { LdapBindMode, LdapConfig, LdapConfigInput, LdapTestResponse } from '@recon/contract';
import { Alert, Button, Divider, Drawer, Flex, Form, Input, InputNumber, Radio, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveLdapConfig, useTestLdapConfig } from '@/features/ldap-setup/api/ldap-config';
import { setFieldMessages } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { notifyHttpError } from '@/lib/query-client';
import { saveWithFieldErrors } from '@/lib/save-form';
import { GroupMappingsList } from '@/ui/group-mappings-list';

type Values = {
  isEnabled: boolean;
  url: string;
  bindMode: LdapBindMode;
  userDnTemplate?: string;
  bindDn?: string;
  bindPassword?: string;
  baseDn?: string;
  userFilter?: string;
  emailAttribute?: string;
  nameAttribute?: string;
  groupsAttribute?: string;
  groupMappings: LdapConfigInput['groupMappings'];
  connectTimeoutMs: number;
  caCertificate?: string;
  startTls: boolean;
  rejectUnauthorized: boolean;
};

const NEW_VALUES: Values = {
  isEnabled: true,
  url: '',
  bindMode: 'SEARCH',
  userFilter: '(uid={username})',
  groupMappings: [],
  connectTimeoutMs: 5000,
  startTls: false,
  rejectUnauthorized: true,
};

function valuesOf(c: LdapConfig): Values {
  return {
    isEnabled: c.isEnabled,
    url: c.url,
    bindMode: c.bindMode,
    userDnTemplate: c.userDnTemplate ?? undefined,
    bindDn: c.bindDn ?? undefined,
    baseDn: c.baseDn ?? undefined,
    userFilter: c.userFilter ?? undefined,
    emailAttribute: c.emailAttribute ?? undefined,
    nameAttribute: c.nameAttribute ?? undefined,
    groupsAttribute: c.groupsAttribute ?? undefined,
    groupMappings: c.groupMappings,
    connectTimeoutMs: c.connectTimeoutMs,
    caCertificate: c.caCertificate ?? undefined,
    startTls: c.startTls,
    rejectUnauthorized: c.rejectUnauthorized,
  };
}

/** The form as the call's body: empty texts are "not set"; an empty password keeps the stored one. */
function bodyOf(v: Values): LdapConfigInput {
  const text = (s: string | undefined) => (s?.trim() ? s.trim() : null);
  return {
    isEnabled: v.isEnabled,
    url: v.url?.trim() ?? '',
    bindMode: v.bindMode,
    userDnTemplate: text(v.userDnTemplate),
    bindDn: text(v.bindDn),
    bindPassword: v.bindPassword ? v.bindPassword : null,
    baseDn: text(v.baseDn),
    userFilter: text(v.userFilter),
    emailAttribute: text(v.emailAttribute),
    nameAttribute: text(v.nameAttribute),
    groupsAttribute: text(v.groupsAttribute),
    groupMappings: v.groupMappings ?? [],
    connectTimeoutMs: v.connectTimeoutMs,
    caCertificate: text(v.caCertificate),
    startTls: v.startTls,
    rejectUnauthorized: v.rejectUnauthorized,
  };
}

type Props = {
  /** The directory edited (null: none yet), or undefined when the drawer is closed. */
  editing: LdapConfig | null | undefined;
  onClose: () => void;
};

/** Sets up or changes the installation's LDAP directory, with a connection test on the values typed. */
export function LdapConfigDrawer({ editing, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { modules } = useModuleSelection();
  const save = useSaveLdapConfig(t('ldap.saved'));
  const test = useTestLdapConfig();
  const [testResult, setTestResult] = useState<LdapTestResponse | null>(null);
  const bindMode = Form.useWatch('bindMode', form);
  const url = Form.useWatch('url', form) ?? '';
  const rejectUnauthorized = Form.useWatch('rejectUnauthorized', form);
  const isLdaps = /^ldaps:/i.test(url.trim());
  const isOpen = editing !== undefined;
  const hasStoredPassword = editing?.hasBindPassword ?? false;

  const close = () => {
    setTestResult(null);
    onClose();
  };

  const onFinish = async (values: Values) => {
    let isSaved = false;
    const fields = await saveWithFieldErrors(async () => {
      await save.mutateAsync(bodyOf(values));
      isSaved = true;
    });
    if (fields) setFieldMessages(form, fields);
    else if (isSaved) close();
  };

  const onTest = async () => {
    setTestResult(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      setTestResult(await test.mutateAsync(bodyOf(values)));
    } catch (error) {
      void notifyHttpError(error);
    }
  };

  const required = (message: string) => [{ required: true, whitespace: true, message }];
  const withUserName = (message: string) => ({
    validator: (_: unknown, value: string | undefined) =>
      !value?.trim() || value.includes('{username}') ? Promise.resolve() : Promise.reject(new Error(message)),
  });

  return (
    <Drawer
      open={isOpen}
      title={editing ? t('ldap.editTitle') : t('ldap.addTitle')}
      size={760}
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button loading={test.isPending} onClick={() => void onTest()}>
            {t('ldap.testConnection')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {isOpen && (
        <Form<Values>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={editing ? valuesOf(editing) : NEW_VALUES}
          onFinish={onFinish}
        >
          {testResult && (
            <Alert
              showIcon
              type={testResult.success ? 'success' : 'error'}
              title={testResult.message}
              style={{ marginBottom: 16 }}
              role="status"
            />
          )}
          <Form.Item name="isEnabled" label={t('ldap.enabled')} valuePropName="checked">
            <Switch aria-label={t('ldap.enabled')} />
          </Form.Item>
          <Flex gap={16}>
            <Form.Item
              name="url"
              label={t('ldap.url')}
              extra={t('ldap.urlHelp')}
              style={{ flex: 3 }}
              rules={[
                ...required(t('ldap.urlRequired')),
                { pattern: /^ldaps?:\/\/[^\s/]+\/?$/i, message: t('ldap.urlPattern') },
              ]}
            >
              <Input autoComplete="off" placeholder="ldaps://ldap.example.com:636" />
            </Form.Item>
            <Form.Item
              name="connectTimeoutMs"
              label={t('ldap.connectTimeout')}
              style={{ flex: 1 }}
              rules={[{ required: true, message: t('ldap.connectTimeoutRequired') }]}
            >
              <InputNumber min={500} max={60000} step={500} suffix="ms" style={{ width: '100%' }} />
            </Form.Item>
          </Flex>

          <Divider titlePlacement="start">{t('ldap.tls')}</Divider>
          <Flex gap={16}>
            <Form.Item
              name="startTls"
              label={t('ldap.startTls')}
              extra={isLdaps ? t('ldap.startTlsLdaps') : t('ldap.startTlsHelp')}
              valuePropName="checked"
              style={{ flex: 1 }}
            >
              <Switch aria-label={t('ldap.startTls')} disabled={isLdaps} />
            </Form.Item>
            <Form.Item
              name="rejectUnauthorized"
              label={t('ldap.rejectUnauthorized')}
              extra={t('ldap.rejectUnauthorizedHelp')}
              valuePropName="checked"
              style={{ flex: 1 }}
            >
              <Switch aria-label={t('ldap.rejectUnauthorized')} />
            </Form.Item>
          </Flex>
          {rejectUnauthorized === false && (
            <Alert type="warning" showIcon title={t('ldap.unverifiedWarning')} style={{ marginBottom: 16 }} />
          )}
          <Form.Item
            name="caCertificate"
            label={t('ldap.caCertificate')}
            extra={
              editing?.caCertificateSubject
                ? t('ldap.caCertificateStored', {
                    subject: editing.caCertificateSubject,
                    date: formatDate(editing.caCertificateValidTo ?? ''),
                  })
                : t('ldap.caCertificateHelp')
            }
            rules={[
              {
                validator: (_: unknown, value: string | undefined) =>
                  !value?.trim() || value.includes('-----BEGIN CERTIFICATE-----')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('ldap.caCertificateInvalid'))),
              },
            ]}
          >
            <Input.TextArea
              rows={4}
              spellCheck={false}
              placeholder="-----BEGIN CERTIFICATE-----"
              style={{ fontFamily: 'monospace', fontSize: 12 }}
            />
          </Form.Item>

          <Divider titlePlacement="start">{t('ldap.bind')}</Divider>
          <Form.Item name="bindMode" label={t('ldap.bindMode')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'SEARCH', label: t('ldap.bindModes.SEARCH') },
                { value: 'DIRECT', label: t('ldap.bindModes.DIRECT') },
              ]}
            />
          </Form.Item>
          {bindMode === 'DIRECT' ? (
            <Form.Item
              name="userDnTemplate"
              label={t('ldap.userDnTemplate')}
              extra={t('ldap.userDnTemplateHelp')}
              rules={[...required(t('ldap.userDnTemplateRequired')), withUserName(t('ldap.userDnTemplatePattern'))]}
            >
              <Input autoComplete="off" placeholder="uid={username},ou=people,dc=example,dc=com" />
            </Form.Item>
          ) : (
            <Flex gap={16}>
              <Form.Item
                name="baseDn"
                label={t('ldap.baseDn')}
                rules={required(t('ldap.baseDnRequired'))}
                style={{ flex: 1 }}
              >
                <Input autoComplete="off" placeholder="dc=example,dc=com" />
              </Form.Item>
              <Form.Item
                name="userFilter"
                label={t('ldap.userFilter')}
                extra={t('ldap.userFilterHelp')}
                rules={[withUserName(t('ldap.userFilterPattern'))]}
                style={{ flex: 1 }}
              >
                <Input autoComplete="off" placeholder="(uid={username})" />
              </Form.Item>
            </Flex>
          )}
          <Typography.Paragraph type="secondary">
            {bindMode === 'DIRECT' ? t('ldap.serviceAccountOptional') : t('ldap.serviceAccountHelp')}
          </Typography.Paragraph>
          <Flex gap={16}>
            <Form.Item
              name="bindDn"
              label={t('ldap.bindDn')}
              rules={bindMode === 'DIRECT' ? [] : required(t('ldap.bindDnRequired'))}
              style={{ flex: 1 }}
            >
              <Input autoComplete="off" placeholder="cn=recon-service,ou=services,dc=example,dc=com" />
            </Form.Item>
            <Form.Item
              name="bindPassword"
              label={t('ldap.bindPassword')}
              extra={hasStoredPassword ? t('ldap.bindPasswordKept') : undefined}
              rules={
                bindMode === 'DIRECT' || hasStoredPassword
                  ? []
                  : [{ required: true, message: t('ldap.bindPasswordRequired') }]
              }
              style={{ flex: 1 }}
            >
              <Input.Password autoComplete="new-password" placeholder={hasStoredPassword ? '••••••••' : undefined} />
            </Form.Item>
          </Flex>

          <Divider titlePlacement="start">{t('ldap.attributes')}</Divider>
          <Flex gap={16}>
            <Form.Item name="emailAttribute" label={t('ldap.emailAttribute')} style={{ flex: 1 }}>
              <Input autoComplete="off" placeholder="mail" />
            </Form.Item>
            <Form.Item name="nameAttribute" label={t('ldap.nameAttribute')} style={{ flex: 1 }}>
              <Input autoComplete="off" placeholder="cn" />
            </Form.Item>
            <Form.Item name="groupsAttribute" label={t('ldap.groupsAttribute')} style={{ flex: 1 }}>
              <Input autoComplete="off" placeholder="memberOf" />
            </Form.Item>
          </Flex>

          <Divider titlePlacement="start">{t('ldap.groupMappings')}</Divider>
          <Typography.Paragraph type="secondary">{t('ldap.groupMappingsHelp')}</Typography.Paragraph>
          <GroupMappingsList
            name="groupMappings"
            modules={modules}
            labels={{
              group: t('ldap.group'),
              groupRequired: t('ldap.groupRequired'),
              roles: t('ldap.roles'),
              modules: t('ldap.modules'),
              addMapping: t('ldap.addMapping'),
              removeMapping: t('ldap.removeMapping'),
            }}
          />
        </Form>
      )}
    </Drawer>
  );
}
