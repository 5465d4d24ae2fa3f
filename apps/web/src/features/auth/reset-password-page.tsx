import { MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Flex, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePasswordPolicy } from '@/features/auth/api/password-policy';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { useSendResetOtp } from '@/features/auth/api/send-reset-otp';
import { useUpdateNumber } from '@/features/auth/api/update-number';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { MOBILE_PATTERN } from '@/features/auth/components/mobile-number-form';
import { errorBodyOf, errorMessagesFor } from '@/lib/http-errors';
import { passwordMissesText } from '@/lib/password-misses';
import { notifyHttpError } from '@/lib/query-client';

type ResetForm = { password: string; confirmPassword: string; otp?: string; mobile?: string };

/** The server's code for a user without a contact number, answered by send-otp-reset-password. */
const CONTACT_NUMBER_REQUIRED = 'CONTACT_NUMBER_REQUIRED';

type CodeStep = 'idle' | 'needsNumber' | 'sent';

function hasErrorCode(error: unknown, code: string): boolean {
  const body = errorBodyOf(error);
  return Array.isArray(body) && body.some((item: unknown) => (item as { code?: unknown })?.code === code);
}

/**
 * Reset with the emailed tempToken. Whether a code is needed is a server setting this page cannot read
 * before sign-in, so sending a code is always offered and the server says when it is required.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const tempToken = searchParams.get('tempToken') ?? '';
  const isExpired = searchParams.get('expired') === '1';
  const policy = usePasswordPolicy();
  const [form] = Form.useForm<ResetForm>();
  const [codeStep, setCodeStep] = useState<CodeStep>('idle');
  const [maskedNumber, setMaskedNumber] = useState<string | null>(null);
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const sendOtp = useSendResetOtp();
  const updateNumber = useUpdateNumber();
  const resetPassword = useResetPassword();

  if (!tempToken) {
    return (
      <AuthLayout title={t('auth.reset.title')}>
        <Result
          status="warning"
          title={t('auth.reset.invalidLink')}
          extra={
            <Link to="/forgot-password">
              <Button type="primary">{t('auth.reset.requestNew')}</Button>
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <AuthLayout title={t('auth.reset.title')}>
        <Result
          status="success"
          title={t('auth.reset.doneTitle')}
          subTitle={resetPassword.data.message}
          extra={
            <Link to="/login">
              <Button type="primary">{t('auth.backToLogin')}</Button>
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  const onSendCode = () => {
    setCodeNotice(null);
    sendOtp.mutate(tempToken, {
      onSuccess: (result) => {
        setMaskedNumber(result.maskedContactNumber);
        setCodeNotice(result.message);
        setCodeStep('sent');
      },
      onError: async (error) => {
        if (hasErrorCode(error, CONTACT_NUMBER_REQUIRED)) {
          setCodeNotice((await errorMessagesFor(error))[0] ?? null);
          setCodeStep('needsNumber');
        } else {
          await notifyHttpError(error);
        }
      },
    });
  };

  const onNumber = async () => {
    const mobile = String(form.getFieldValue('mobile') ?? '').trim();
    if (!mobile) {
      form.setFields([{ name: 'mobile', errors: [t('auth.mobileInvalid')] }]);
      return;
    }
    try {
      await form.validateFields(['mobile']);
    } catch {
      return;
    }
    updateNumber.mutate(
      { mobile, tempToken },
      {
        onSuccess: (result) => {
          setMaskedNumber(result.maskedContactNumber);
          setCodeNotice(result.message);
          setCodeStep('sent');
        },
      },
    );
  };

  const onFinish = (values: ResetForm) =>
    resetPassword.mutate({
      tempToken,
      password: values.password,
      confirmPassword: values.confirmPassword,
      otp: values.otp?.trim() ? values.otp.trim() : undefined,
    });

  return (
    <AuthLayout title={t('auth.reset.title')}>
      {isExpired && <Alert type="warning" showIcon title={t('auth.reset.expired')} style={{ marginBottom: 16 }} />}
      <Form<ResetForm> form={form} layout="vertical" requiredMark={false} validateTrigger="onBlur" onFinish={onFinish}>
        <Form.Item
          name="password"
          label={t('auth.reset.newPassword')}
          extra={policy.text}
          rules={[
            {
              validator: async (_, value: unknown) => {
                // The rules show under the field; the error says what this password lacks.
                const misses = passwordMissesText(t, String(value ?? ''), policy);
                if (misses) throw new Error(t('auth.reset.missing', { list: misses }));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" size="large" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('auth.reset.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('auth.reset.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, value: unknown) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('auth.reset.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" size="large" />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          {t('auth.reset.codeTitle')}
        </Divider>
        {codeStep === 'needsNumber' ? (
          <Flex vertical gap={8} style={{ marginBottom: 16 }}>
            <Typography.Text type="secondary">{codeNotice ?? t('auth.reset.mobileHelp')}</Typography.Text>
            <Flex gap={8} align="flex-start">
              <Form.Item
                name="mobile"
                style={{ flex: 1 }}
                rules={[{ pattern: MOBILE_PATTERN, message: t('auth.mobileInvalid') }]}
              >
                <Input
                  prefix={<MobileOutlined />}
                  placeholder={t('auth.mobile')}
                  aria-label={t('auth.mobile')}
                  inputMode="tel"
                  autoComplete="tel"
                  size="large"
                />
              </Form.Item>
              <Button size="large" onClick={onNumber} loading={updateNumber.isPending}>
                {t('auth.sendCode')}
              </Button>
            </Flex>
          </Flex>
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              {codeStep === 'sent'
                ? maskedNumber
                  ? t('auth.codeSentTo', { number: maskedNumber })
                  : t('auth.codeSentToRegistered')
                : t('auth.reset.codeHelp')}
            </Typography.Paragraph>
            {codeStep === 'sent' && codeNotice && (
              <Alert type="info" showIcon title={codeNotice} style={{ marginBottom: 12 }} />
            )}
            <Flex gap={8} align="flex-start">
              <Form.Item name="otp" style={{ flex: 1 }} rules={[{ pattern: /^\d{6}$/, message: t('auth.otpInvalid') }]}>
                <Input
                  placeholder={t('auth.otp')}
                  aria-label={t('auth.otp')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  size="large"
                />
              </Form.Item>
              <Button size="large" onClick={onSendCode} loading={sendOtp.isPending}>
                {codeStep === 'sent' ? t('auth.resendCode') : t('auth.sendCode')}
              </Button>
            </Flex>
          </>
        )}

        <Button type="primary" htmlType="submit" block size="large" loading={resetPassword.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
