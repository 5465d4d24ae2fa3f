import { SearchOutlined } from '@ant-design/icons';
import { DATA_TABLE_KINDS, type DataTableKind } from '@recon/contract';
import { Button, Flex, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableListState } from '@/features/data-tables/data-table-list-params';
import { AppSelect } from '@/ui/app-select';

type Values = { search?: string; kind?: DataTableKind };
type Props = { state: DataTableListState; onApply: (filters: Values) => void };

export function DataTableFilters({ state, onApply }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  // The URL is the source of truth: back / forward and shared links refill the form.
  useEffect(() => {
    form.setFieldsValue({ search: state.search, kind: state.kind });
  }, [form, state.search, state.kind]);

  return (
    <Form<Values>
      name="dataTableFilters"
      form={form}
      layout="vertical"
      onFinish={(v) => onApply({ search: v.search?.trim() || undefined, kind: v.kind || undefined })}
    >
      <Flex gap={12} wrap align="flex-end">
        <Form.Item name="search" label={t('opsConfig.common.searchLabel')} style={{ minWidth: 260, marginBottom: 0 }}>
          <Input allowClear autoComplete="off" placeholder={t('opsConfig.dataTables.searchHint')} />
        </Form.Item>
        <Form.Item name="kind" label={t('opsConfig.dataTables.kind')} style={{ minWidth: 160, marginBottom: 0 }}>
          <AppSelect<DataTableKind>
            options={DATA_TABLE_KINDS.map((k) => ({ value: k, label: t(`opsConfig.dataTables.kinds.${k}`) }))}
          />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {t('common.reset')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
