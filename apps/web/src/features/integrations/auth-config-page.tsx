import type { AuthConfig } from '@recon/contract';
import { AUTH_CONFIG_LIMITS, passwordPolicyText } from '@recon/contract';
import { Button, Card, Checkbox, Col, Flex, Form, InputNumber, Modal, Row, Skeleton, Switch, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthConfig, useSaveAuthConfig } from '@/features/integrations/api/auth-config';
import { setFieldMessages } from '@/lib/form-errors';
import { saveWithFieldErrors } from '@/lib/save-form';
import { LeaveGuard } from '@/ui/leave-guard';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

type NumberField = keyof typeof AUTH_CONFIG_LIMITS;
type Unit = 'characters' | 'days' | 'passwords' | 'minutes' | 'attempts';
const FIELDS = [
  'passwordMinLength',
  'passwordRequireUppercase',
  'passwordRequireLowercase',
  'passwordRequireDigit',
  'passwordRequireSymbol',
  'passwordExpiryDays',
  'passwordHistoryCount',
  'sessionIdleMinutes',
  'sessionMaxMinutes',
  'lockoutThreshold',
  'lockoutMinutes',
  'multifactorAuthentication',
  'captcha',
] as const satisfies readonly (keyof AuthConfig)[];

/** What a change means for users, one line per changed field, for the confirmation. */
function changeLines(before: AuthConfig, after: AuthConfig, t: TFunction): string[] {
  const lines: string[] = [];
  const passwordChanged = (
    [
      'passwordMinLength',
      'passwordRequireUppercase',
      'passwordRequireLowercase',
      'passwordRequireDigit',
      'passwordRequireSymbol',
    ] as const
  ).some((f) => before[f] !== after[f]);
  if (passwordChanged) lines.push(t('authConfig.effects.password', { text: passwordPolicyText(after) }));
  if (before.passwordExpiryDays !== after.passwordExpiryDays)
    lines.push(
      after.passwordExpiryDays === 0
        ? t('authConfig.effects.expiryOff')
        : t('authConfig.effects.expiry', { count: after.passwordExpiryDays }),
    );
  if (before.passwordHistoryCount !== after.passwordHistoryCount)
    lines.push(
      after.passwordHistoryCount === 0
        ? t('authConfig.effects.historyOff')
        : t('authConfig.effects.history', { count: after.passwordHistoryCount }),
    );
  if (before.sessionIdleMinutes !== after.sessionIdleMinutes || before.sessionMaxMinutes !== after.sessionMaxMinutes)
    lines.push(t('authConfig.effects.sessions', { idle: after.sessionIdleMinutes, max: after.sessionMaxMinutes }));
  if (before.lockoutThreshold !== after.lockoutThreshold || before.lockoutMinutes !== after.lockoutMinutes)
    lines.push(t('authConfig.effects.lockout', { count: after.lockoutThreshold, minutes: after.lockoutMinutes }));
  if (before.multifactorAuthentication !== after.multifactorAuthentication)
    lines.push(t(after.multifactorAuthentication ? 'authConfig.effects.mfaOn' : 'authConfig.effects.mfaOff'));
  if (before.captcha !== after.captcha)
    lines.push(t(after.captcha ? 'authConfig.effects.captchaOn' : 'authConfig.effects.captchaOff'));
  return lines;
}

const sameConfig = (a: AuthConfig, b: AuthConfig) => FIELDS.every((f) => a[f] === b[f]);

/** Settings › Integrations › Auth Config: how users sign in (decision 0024). */
export default function AuthConfigPage() {
  const { t } = useTranslation();
  const query = useAuthConfig();
  const save = useSaveAuthConfig(t('authConfig.saved'));
  const [form] = Form.useForm<AuthConfig>();
  const values = Form.useWatch([], form) as AuthConfig | undefined;
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const saved = query.data?.config;

  useEffect(() => {
    if (saved) form.setFieldsValue(saved);
  }, [saved, form]);

  const current = useMemo(() => (saved && values ? { ...saved, ...values } : undefined), [saved, values]);
  const isDirty = !!saved && !!current && !sameConfig(saved, current);

  if (query.isError && !query.data) return <QueryError onRetry={() => void query.refetch()} />;
  if (!saved || !query.data) return <Skeleton active />;
  const defaults = query.data.defaults;

  const onReview = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (!current) return;
    setConfirming(changeLines(saved, current, t));
  };

  const onConfirm = async () => {
    if (!current) return;
    const fields = await saveWithFieldErrors(() => save.mutateAsync(current));
    setConfirming(null);
    if (fields) setFieldMessages(form, fields);
  };

  const range = (field: NumberField) => AUTH_CONFIG_LIMITS[field];
  const rangeRule = (field: NumberField) => ({
    validator: async (_: unknown, value: unknown) => {
      const { min, max } = range(field);
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
        throw new Error(t(`authConfig.ranges.${field}`));
    },
  });
  const number = (field: NumberField, unit: Unit, help?: ReactNode, extraRules: object[] = []) => (
    <Form.Item
      name={field}
      label={t(`authConfig.fields.${field}`)}
      extra={help}
      rules={[rangeRule(field), ...extraRules]}
      validateFirst
    >
      {/* No min and max here: InputNumber would clamp a value out of range silently; the rule says what is allowed. */}
      <InputNumber precision={0} style={{ width: 200 }} suffix={t(`authConfig.units.${unit}`)} />
    </Form.Item>
  );
  const section = (title: string, description: string, children: ReactNode) => (
    <Card title={title} size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {description}
      </Typography.Paragraph>
      {children}
    </Card>
  );

  return (
    <>
      <LeaveGuard isDirty={isDirty && !save.isPending} text={t('authConfig.leaveText')} />
      <PageHeader
        title={t('authConfig.title')}
        description={t('authConfig.description')}
        extra={
          <Flex gap={8}>
            <Button onClick={() => form.setFieldsValue(defaults)} disabled={!current || sameConfig(current, defaults)}>
              {t('authConfig.restoreDefaults')}
            </Button>
            <Button onClick={() => form.setFieldsValue(saved)} disabled={!isDirty}>
              {t('authConfig.discard')}
            </Button>
            <Button type="primary" onClick={() => void onReview()} disabled={!isDirty} loading={save.isPending}>
              {t('authConfig.save')}
            </Button>
          </Flex>
        }
      />
      <Form<AuthConfig> form={form} layout="vertical" requiredMark={false} initialValues={saved}>
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            {section(
              t('authConfig.sections.password'),
              t('authConfig.sections.passwordHelp'),
              <>
                {number('passwordMinLength', 'characters')}
                <Form.Item label={t('authConfig.fields.requirements')} style={{ marginBottom: 16 }}>
                  <Flex vertical gap={4}>
                    {(
                      [
                        'passwordRequireUppercase',
                        'passwordRequireLowercase',
                        'passwordRequireDigit',
                        'passwordRequireSymbol',
                      ] as const
                    ).map((f) => (
                      <Form.Item key={f} name={f} valuePropName="checked" noStyle>
                        <Checkbox>{t(`authConfig.fields.${f}`)}</Checkbox>
                      </Form.Item>
                    ))}
                  </Flex>
                </Form.Item>
                {current && (
                  <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                    {t('authConfig.preview', { text: passwordPolicyText(current) })}
                  </Typography.Paragraph>
                )}
                {number('passwordExpiryDays', 'days', t('authConfig.help.passwordExpiryDays'))}
                {number('passwordHistoryCount', 'passwords', t('authConfig.help.passwordHistoryCount'))}
              </>,
            )}
          </Col>
          <Col xs={24} xl={12}>
            {section(
              t('authConfig.sections.sessions'),
              t('authConfig.sections.sessionsHelp'),
              <>
                {number('sessionIdleMinutes', 'minutes', t('authConfig.help.sessionIdleMinutes'))}
                {number('sessionMaxMinutes', 'minutes', t('authConfig.help.sessionMaxMinutes'), [
                  ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
                    validator: async (_: unknown, value: unknown) => {
                      const idle = getFieldValue('sessionIdleMinutes');
                      if (typeof value === 'number' && typeof idle === 'number' && value < idle)
                        throw new Error(t('authConfig.ranges.sessionMaxBelowIdle'));
                    },
                  }),
                ])}
              </>,
            )}
            {section(
              t('authConfig.sections.lockout'),
              t('authConfig.sections.lockoutHelp'),
              <>
                {number('lockoutThreshold', 'attempts')}
                {number('lockoutMinutes', 'minutes')}
              </>,
            )}
            {section(
              t('authConfig.sections.mfa'),
              t('authConfig.sections.mfaHelp'),
              <Form.Item
                name="multifactorAuthentication"
                label={t('authConfig.fields.multifactorAuthentication')}
                valuePropName="checked"
                style={{ marginBottom: 0 }}
              >
                <Switch />
              </Form.Item>,
            )}
            {section(
              t('authConfig.sections.captcha'),
              t('authConfig.sections.captchaHelp'),
              <Form.Item
                name="captcha"
                label={t('authConfig.fields.captcha')}
                valuePropName="checked"
                style={{ marginBottom: 0 }}
              >
                <Switch />
              </Form.Item>,
            )}
          </Col>
        </Row>
      </Form>
      <Modal
        open={confirming !== null}
        title={t('authConfig.confirmTitle')}
        okText={t('authConfig.confirmOk')}
        cancelText={t('authConfig.confirmCancel')}
        confirmLoading={save.isPending}
        onOk={() => void onConfirm()}
        onCancel={() => setConfirming(null)}
      >
        <Typography.Paragraph>{t('authConfig.confirmIntro')}</Typography.Paragraph>
        <ul style={{ paddingInlineStart: 20 }}>
          {(confirming ?? []).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('authConfig.confirmNote')}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
