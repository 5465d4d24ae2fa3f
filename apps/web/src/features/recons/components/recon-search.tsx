import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { search?: string; onApply: (search: string | undefined) => void };

export function ReconSearch({ search, onApply }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ search?: string }>();

  useEffect(() => {
    form.setFieldsValue({ search });
  }, [form, search]);

  return (
    <Form name="reconSearch" form={form} layout="vertical" onFinish={(v) => onApply(v.search?.trim() || undefined)}>
      <Flex gap={12} wrap align="flex-end">
        <Form.Item name="search" label={t('opsConfig.common.searchLabel')} style={{ minWidth: 280, marginBottom: 0 }}>
          <Input allowClear autoComplete="off" placeholder={t('opsConfig.recons.searchHint')} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply(undefined);
            }}
          >
            {t('common.reset')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
