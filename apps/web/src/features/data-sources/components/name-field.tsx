import { CheckCircleOutlined } from '@ant-design/icons';
import { DATA_SOURCE_NAME_MAX } from '@recon/contract';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NameCheck } from '@/features/data-sources/api/check-data-source-name';

type Props = {
  /** The server's answer for the name now in the field, if it was asked. */
  check: NameCheck | null;
  onBlurName: (name: string) => void;
};

/** The name; on blur the server says whether it is free in the module, and its answer is shown. */
export function NameField({ check, onBlurName }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="name"
      label={t('opsConfig.dataSources.name')}
      required
      extra={
        check?.isValid && (
          <Typography.Text type="success">
            <CheckCircleOutlined /> {check.message}
          </Typography.Text>
        )
      }
    >
      <Input
        autoComplete="off"
        maxLength={DATA_SOURCE_NAME_MAX}
        onBlur={(event) => onBlurName(event.target.value.trim())}
      />
    </Form.Item>
  );
}
