import { authConfigEndpoints, type ChangePasswordRequest } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePasswordPolicy } from '@/features/auth/api/password-policy';
import { call } from '@/lib/call';
import { setFieldMessages } from '@/lib/form-errors';
import { endSession } from '@/lib/http';
import { passwordMissesText } from '@/lib/password-misses';
import { saveWithFieldErrors } from '@/lib/save-form';

/**
 * POST v2/changePassword: the signed-in user's new password, checked against the policy in force. The server ends
 * every session of the user, so a change signs out here too, with the server's message on the login page.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordRequest>();
  const policy = usePasswordPolicy();
  const change = useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(authConfigEndpoints.changePassword, { body }),
    meta: { isGlobalErrorSkipped: true },
  });

  const onFinish = async (values: ChangePasswordRequest) => {
    let message = '';
    const fields = await saveWithFieldErrors(async () => {
      message = (await change.mutateAsync(values)).message;
    });
    if (fields) setFieldMessages(form, fields);
    else if (message) endSession(message, 'notice');
  };

  return (
    <Modal
      open={open}
      title={t('account.changePassword')}
      okText={t('account.changePasswordSubmit')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form<ChangePasswordRequest>
        form={form}
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item
          name="currentPassword"
          label={t('account.currentPassword')}
          rules={[{ required: true, message: t('account.currentPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('account.newPassword')}
          extra={policy.text}
          rules={[
            {
              validator: async (_, value: unknown) => {
                // The rules show under the field; the error says what this password lacks.
                const misses = passwordMissesText(t, String(value ?? ''), policy);
                if (misses) throw new Error(t('account.missing', { list: misses }));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('account.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, value: unknown) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('account.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
