import { RECOVERY_CODE_PATTERN } from '@recon/contract';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { pathAfterSignIn } from '@/features/auth/access-pending';
import { useResendOtp } from '@/features/auth/api/resend-otp';
import { useUpdateNumber } from '@/features/auth/api/update-number';
import { useVerifyOtp } from '@/features/auth/api/verify-otp';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { MobileNumberForm } from '@/features/auth/components/mobile-number-form';
import { ResendCodeButton } from '@/features/auth/components/resend-code-button';
import { clearPendingLogin, readPendingLogin } from '@/features/auth/pending-login';
import { saveSignedInUser } from '@/lib/session';
import { showSuccessToast } from '@/lib/toast';
import { formatMinutesSeconds, useSecondsLeft } from '@/lib/use-countdown';

const RESEND_COOLDOWN_MS = 30_000;
const OTP_LENGTH = 6;

/** The one-time-code step of a sign-in; a user without a contact number first gives one. */
export default function VerifyNumberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending] = useState(readPendingLogin);
  const [needsNumber, setNeedsNumber] = useState(pending?.contactNumberRequired ?? false);
  const [maskedNumber, setMaskedNumber] = useState(pending?.maskedContactNumber ?? null);
  const [expiresAtMs, setExpiresAtMs] = useState(() => Date.now() + (pending?.otpExpiresInSeconds ?? 0) * 1000);
  const [resendAtMs, setResendAtMs] = useState(() => Date.now() + RESEND_COOLDOWN_MS);
  const updateNumber = useUpdateNumber();
  const verifyOtp = useVerifyOtp();
  const resendOtp = useResendOtp();
  const secondsLeft = useSecondsLeft(expiresAtMs);
  /** With an authenticator app: the user types one of their recovery codes instead of the app's code. */
  const [isRecovery, setIsRecovery] = useState(false);
  const [form] = Form.useForm<{ otp: string }>();

  if (!pending) return <Navigate to="/login" replace />;

  const restartTimers = () => {
    setExpiresAtMs(Date.now() + pending.otpExpiresInSeconds * 1000);
    setResendAtMs(Date.now() + RESEND_COOLDOWN_MS);
  };

  const onNumber = (mobile: string) =>
    updateNumber.mutate(
      { mobile, tempToken: pending.tempToken },
      {
        onSuccess: (result) => {
          setMaskedNumber(result.maskedContactNumber);
          setNeedsNumber(false);
          restartTimers();
        },
      },
    );

  const onVerify = ({ otp }: { otp: string }) =>
    verifyOtp.mutate(
      { userId: pending.userId, otp },
      {
        onSuccess: ({ recoveryCodesLeft, ...user }) => {
          clearPendingLogin();
          saveSignedInUser(user);
          if (recoveryCodesLeft !== undefined)
            showSuccessToast(t('auth.verify.recoveryUsed', { count: recoveryCodesLeft }));
          navigate(pathAfterSignIn(user), { replace: true });
        },
      },
    );

  const onResend = () =>
    resendOtp.mutate(pending.userId, {
      onSuccess: (result) => {
        showSuccessToast(result.message);
        restartTimers();
      },
    });

  const backToLogin = (
    <div style={{ marginTop: 16, textAlign: 'center' }}>
      <Link to="/login" onClick={clearPendingLogin}>
        {t('auth.backToLogin')}
      </Link>
    </div>
  );

  if (needsNumber) {
    return (
      <AuthLayout title={t('auth.verify.mobileTitle')} subtitle={t('auth.verify.mobileHelp')}>
        <MobileNumberForm isSending={updateNumber.isPending} onSubmit={onNumber} />
        {backToLogin}
      </AuthLayout>
    );
  }

  // With an authenticator app the code is the app's: nothing was sent, nothing to resend, no countdown of ours.
  const isTotp = pending.mfaMethod === 'TOTP';
  const subtitle = isTotp
    ? t(isRecovery ? 'auth.verify.recoveryHelp' : 'auth.verify.totpHelp')
    : maskedNumber
      ? t('auth.codeSentTo', { number: maskedNumber })
      : t('auth.codeSentToRegistered');

  return (
    <AuthLayout title={t('auth.verify.title')} subtitle={subtitle}>
      <Form<{ otp: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        onFinish={onVerify}
      >
        {isRecovery ? (
          <Form.Item
            key="recovery"
            name="otp"
            label={t('auth.verify.recoveryLabel')}
            rules={[
              { required: true, message: t('auth.verify.recoveryFormat') },
              { pattern: RECOVERY_CODE_PATTERN, message: t('auth.verify.recoveryFormat') },
            ]}
          >
            <Input autoFocus size="large" autoComplete="one-time-code" spellCheck={false} placeholder="abcde-12345" />
          </Form.Item>
        ) : (
          <Form.Item
            key="code"
            name="otp"
            label={isTotp ? t('auth.verify.totpLabel') : t('auth.otp')}
            rules={[
              { required: true, message: t('auth.otpInvalid') },
              { pattern: /^\d{6}$/, message: t('auth.otpInvalid') },
            ]}
          >
            <Input.OTP length={OTP_LENGTH} autoFocus size="large" />
          </Form.Item>
        )}
        {isTotp && (
          <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
            <Button
              type="link"
              size="small"
              style={{ paddingInline: 0 }}
              onClick={() => {
                form.resetFields();
                setIsRecovery(!isRecovery);
              }}
            >
              {isRecovery ? t('auth.verify.useApp') : t('auth.verify.useRecovery')}
            </Button>
          </Flex>
        )}
        {!isTotp && (
          <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
            <Typography.Text type={secondsLeft > 0 ? 'secondary' : 'danger'}>
              {secondsLeft > 0
                ? t('auth.verify.expiresIn', { time: formatMinutesSeconds(secondsLeft) })
                : t('auth.verify.expired')}
            </Typography.Text>
            <ResendCodeButton availableAtMs={resendAtMs} isSending={resendOtp.isPending} onResend={onResend} />
          </Flex>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={verifyOtp.isPending}>
          {t('auth.verify.submit')}
        </Button>
      </Form>
      {backToLogin}
    </AuthLayout>
  );
}
