import { LockOutlined } from '@ant-design/icons';
import { Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  name: string;
  /** The label of a new record's secret ("Password", "Secret key"). */
  label: string;
  /** Editing a record whose secret is stored: the input replaces it, and may stay blank to keep it. */
  isStored: boolean;
  requiredMessage: string;
  help?: string;
};

/**
 * A write-only secret (decision 0021): the stored value is never shown, nor sent back — the field says it is
 * stored and offers a blank "replace" input; blank keeps it.
 */
export function SecretField({ name, label, isStored, requiredMessage, help }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={
        isStored ? (
          <>
            {t('integrations.replaceSecret', { label })}
            <Tag icon={<LockOutlined />} style={{ marginInlineStart: 8 }}>
              {t('integrations.secretStored')}
            </Tag>
          </>
        ) : (
          label
        )
      }
      extra={isStored ? t('integrations.secretKeepHint') : help}
      rules={isStored ? [] : [{ required: true, whitespace: true, message: requiredMessage }]}
    >
      <Input.Password
        aria-label={isStored ? t('integrations.replaceSecret', { label }) : label}
        autoComplete="new-password"
        placeholder={isStored ? t('integrations.secretPlaceholder') : undefined}
        visibilityToggle
      />
    </Form.Item>
  );
}
