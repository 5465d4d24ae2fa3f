import { MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** Same rule as the server: an optional + and 10 to 15 digits. */
export const MOBILE_PATTERN = /^\+?\d{10,15}$/;

type Props = { isSending: boolean; onSubmit: (mobile: string) => void };

/** Asks for a mobile number for a user who has none, so a code can be sent to it. */
export function MobileNumberForm({ isSending, onSubmit }: Props) {
  const { t } = useTranslation();
  return (
    <Form<{ mobile: string }>
      layout="vertical"
      validateTrigger="onBlur"
      requiredMark={false}
      onFinish={(values) => onSubmit(values.mobile.trim())}
    >
      <Form.Item
        name="mobile"
        label={t('auth.mobile')}
        rules={[
          { required: true, message: t('auth.mobileInvalid') },
          { pattern: MOBILE_PATTERN, message: t('auth.mobileInvalid') },
        ]}
      >
        <Input prefix={<MobileOutlined />} inputMode="tel" autoComplete="tel" autoFocus size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={isSending}>
        {t('auth.sendCode')}
      </Button>
    </Form>
  );
}
