import { type UserTotpConfirm, type UserTotpEnrolment, userTotpEndpoints } from '@recon/contract';
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

/**
 * The signed-in user's authenticator app (decision 0028): while multi-factor authentication is on, a user sets one up
 * by scanning the QR code and typing its first code; sign-in then asks for the app's code. A lost phone is reset by
 * an administrator (Settings › Users).
 */
export function AuthenticatorModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserTotpConfirm>();
  const [enrolment, setEnrolment] = useState<UserTotpEnrolment | null>(null);
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => call(userTotpEndpoints.status) });
  const enrol = useMutation({ mutationFn: () => call(userTotpEndpoints.enrol) });
  const confirm = useMutation({
    mutationFn: (body: UserTotpConfirm) => call(userTotpEndpoints.confirm, { body }),
    meta: { isGlobalErrorSkipped: true },
  });

  const onConfirm = async (body: UserTotpConfirm) => {
    const fields = await saveWithFieldErrors(async () => {
      await confirm.mutateAsync(body);
      showSuccessToast(t('account.totp.confirmed'));
      setEnrolment(null);
      await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    });
    if (fields) setFieldMessages(form, fields);
  };

  const body = () => {
    if (status.isError) return <QueryError onRetry={() => void status.refetch()} />;
    if (!status.data) return <Skeleton active />;
    if (!status.data.mfaEnabled) return <Alert type="info" showIcon title={t('account.totp.mfaOff')} />;
    if (status.data.enrolled)
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
        />
      );
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
      </Flex>
    );
  };

  const isConfirming = enrolment !== null && status.data?.enrolled === false;
  return (
    <Modal
      open
      title={t('account.totp.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        isConfirming ? (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={confirm.isPending} onClick={() => form.submit()}>
              {t('account.totp.confirm')}
            </Button>
          </Flex>
        ) : (
          <Button onClick={onClose}>{t('common.close')}</Button>
        )
      }
    >
      {body()}
    </Modal>
  );
}
