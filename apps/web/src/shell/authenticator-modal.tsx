import {
  type UserTotpConfirm,
  type UserTotpEnrolment,
  type UserTotpRecoveryCodes,
  userTotpEndpoints,
} from '@recon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/call';
import { setFieldMessages } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { saveWithFieldErrors } from '@/lib/save-form';
import { showSuccessToast } from '@/lib/toast';
import { QueryError } from '@/ui/query-error';

const STATUS_KEY = ['mfa', 'totp'] as const;
const QR_SIZE = 200;
/** At this many recovery codes left or fewer, the user is told to make new ones. */
const FEW_RECOVERY_CODES = 3;

/**
 * The signed-in user's authenticator app (decision 0028): while multi-factor authentication is on, a user sets one up
 * by scanning the QR code and typing its first code; sign-in then asks for the app's code. The confirmation answers
 * ten recovery codes, shown this once; the user makes new ones with a current app code. A lost phone is reset by an
 * administrator (Settings › Users).
 */
export function AuthenticatorModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserTotpConfirm>();
  const [enrolment, setEnrolment] = useState<UserTotpEnrolment | null>(null);
  /** Recovery codes just made: shown until the user says they saved them (never again after). */
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [isRegenerating, setIsRegenerating] = useState(false);
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => call(userTotpEndpoints.status) });
  const enrol = useMutation({ mutationFn: () => call(userTotpEndpoints.enrol) });
  const confirm = useMutation({
    mutationFn: (body: UserTotpConfirm): Promise<UserTotpRecoveryCodes> =>
      isRegenerating
        ? call(userTotpEndpoints.regenerateRecoveryCodes, { body })
        : call(userTotpEndpoints.confirm, { body }),
    meta: { isGlobalErrorSkipped: true },
  });

  const onConfirm = async (body: UserTotpConfirm) => {
    const fields = await saveWithFieldErrors(async () => {
      const answer = await confirm.mutateAsync(body);
      showSuccessToast(t(isRegenerating ? 'account.totp.recoveryCreated' : 'account.totp.confirmed'));
      setEnrolment(null);
      setIsRegenerating(false);
      setRecoveryCodes(answer.recoveryCodes);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    });
    if (fields) setFieldMessages(form, fields);
  };

  const codeField = (
    <Form<UserTotpConfirm>
      form={form}
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      onFinish={(v) => void onConfirm(v)}
    >
      <Form.Item
        name="code"
        label={t('account.totp.code')}
        rules={[{ required: true, pattern: /^\d{6}$/, message: t('account.totp.codeFormat') }]}
      >
        <Input.OTP length={6} />
      </Form.Item>
    </Form>
  );

  const body = () => {
    if (status.isError) return <QueryError onRetry={() => void status.refetch()} />;
    if (!status.data) return <Skeleton active />;
    if (recoveryCodes)
      return (
        <Flex vertical gap={12}>
          <Alert
            type="warning"
            showIcon
            title={t('account.totp.recoveryTitle')}
            description={t('account.totp.recoveryHelp')}
          />
          <ul
            aria-label={t('account.totp.recoveryList')}
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(2, max-content)',
              gap: '8px 48px',
              justifyContent: 'center',
              margin: 0,
              padding: '12px 0',
              listStyle: 'none',
            }}
          >
            {recoveryCodes.map((code) => (
              <li key={code}>
                <Typography.Text code style={{ fontSize: 15 }}>
                  {code}
                </Typography.Text>
              </li>
            ))}
          </ul>
          <Typography.Text copyable={{ text: recoveryCodes.join('\n') }} style={{ alignSelf: 'center' }}>
            {t('account.totp.recoveryCopy')}
          </Typography.Text>
        </Flex>
      );
    if (!status.data.mfaEnabled) return <Alert type="info" showIcon title={t('account.totp.mfaOff')} />;
    if (status.data.enrolled && isRegenerating)
      return (
        <Flex vertical gap={12}>
          <Typography.Text>{t('account.totp.regenerateHelp')}</Typography.Text>
          {codeField}
        </Flex>
      );
    if (status.data.enrolled) {
      const left = status.data.recoveryCodesLeft;
      return (
        <Result
          status="success"
          title={t('account.totp.enrolled')}
          subTitle={
            <>
              {status.data.confirmedAt && t('account.totp.since', { date: formatDateTime(status.data.confirmedAt) })}
              <br />
              {t('account.totp.lostPhone')}
            </>
          }
          extra={
            <Flex vertical gap={8} align="center">
              <Typography.Text type={left <= FEW_RECOVERY_CODES ? 'warning' : undefined} strong>
                {t('account.totp.recoveryLeft', { count: left })}
              </Typography.Text>
              {left <= FEW_RECOVERY_CODES && (
                <Typography.Text type="warning">{t('account.totp.recoveryLow')}</Typography.Text>
              )}
              <Button onClick={() => setIsRegenerating(true)}>{t('account.totp.regenerate')}</Button>
            </Flex>
          }
        />
      );
    }
    if (!enrolment)
      return (
        <Flex vertical gap={16} align="flex-start">
          <Typography.Paragraph style={{ margin: 0 }}>{t('account.totp.intro')}</Typography.Paragraph>
          <Button
            type="primary"
            loading={enrol.isPending}
            onClick={() => enrol.mutate(undefined, { onSuccess: setEnrolment })}
          >
            {t('account.totp.start')}
          </Button>
        </Flex>
      );
    return (
      <Flex vertical gap={12}>
        <Typography.Text>{t('account.totp.scan')}</Typography.Text>
        <Flex gap={16} align="center" wrap>
          <img
            src={enrolment.qrCodeDataUrl}
            alt={t('account.totp.qrAlt')}
            width={QR_SIZE}
            height={QR_SIZE}
            style={{ imageRendering: 'pixelated', border: '1px solid #f0f0f0', borderRadius: 8 }}
          />
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 180 }}>
            <Typography.Text type="secondary">{t('account.totp.manual')}</Typography.Text>
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {enrolment.secret}
            </Typography.Text>
          </Flex>
        </Flex>
        {codeField}
      </Flex>
    );
  };

  const isConfirming = !recoveryCodes && enrolment !== null && status.data?.enrolled === false;
  const isAskingCode = isConfirming || (!recoveryCodes && isRegenerating && status.data?.enrolled === true);
  const footer = recoveryCodes ? (
    <Button type="primary" onClick={() => setRecoveryCodes(null)}>
      {t('account.totp.recoverySaved')}
    </Button>
  ) : isAskingCode ? (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={isConfirming ? onClose : () => setIsRegenerating(false)}>{t('common.cancel')}</Button>
      <Button type="primary" loading={confirm.isPending} onClick={() => form.submit()}>
        {t(isConfirming ? 'account.totp.confirm' : 'account.totp.regenerateSubmit')}
      </Button>
    </Flex>
  ) : (
    <Button onClick={onClose}>{t('common.close')}</Button>
  );
  return (
    <Modal
      open
      title={t('account.totp.title')}
      onCancel={onClose}
      // The codes are shown once: a click beside the dialog must not lose them.
      mask={{ closable: !recoveryCodes }}
      destroyOnHidden
      footer={footer}
    >
      {body()}
    </Modal>
  );
}
