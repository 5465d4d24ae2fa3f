import { UserOutlined } from '@ant-design/icons';
import type { ForgotPasswordRequest } from '@recon/contract';
import { Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { AuthLayout } from '@/features/auth/components/auth-layout';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgotPassword = useForgotPassword();

  if (forgotPassword.isSuccess) {
    return (
      <AuthLayout title={t('auth.forgot.title')}>
        <Result
          status="success"
          title={t('auth.forgot.sentTitle')}
          subTitle={forgotPassword.data.message}
          extra={
            <Link to="/login">
              <Button type="primary">{t('auth.backToLogin')}</Button>
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.help')}>
      <Form<ForgotPasswordRequest>
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        onFinish={(values) => forgotPassword.mutate({ userName: values.userName.trim() })}
      >
        <Form.Item
          name="userName"
          label={t('auth.userName')}
          rules={[{ required: true, whitespace: true, message: t('auth.userNameRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={forgotPassword.isPending}>
          {t('auth.forgot.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
