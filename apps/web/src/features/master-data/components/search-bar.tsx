import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedSearchState } from '@/features/master-data/list-params';
import { AppSelect } from '@/ui/app-select';

type Values = { search?: string; column?: string; value?: string };
type Props = {
  state: PagedSearchState;
  onApply: (filters: Values) => void;
  /** A rows page: the columns one may search in. */
  columns?: readonly string[];
  placeholder?: string;
};

/** A search over every column, and on a rows page one column's "contains" search; kept in the URL. */
export function SearchBar({ state, onApply, columns, placeholder }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    form.setFieldsValue({ search: state.search, column: state.column, value: state.value });
  }, [form, state.search, state.column, state.value]);

  const onFinish = (v: Values) =>
    onApply({
      search: v.search?.trim() || undefined,
      column: v.column || undefined,
      value: v.column ? v.value?.trim() || undefined : undefined,
    });

  return (
    <Form<Values> name="masterSearch" form={form} layout="vertical" onFinish={onFinish}>
      <Flex gap={12} wrap align="flex-end">
        <Form.Item name="search" label={t('opsConfig.common.searchLabel')} style={{ minWidth: 240, marginBottom: 0 }}>
          <Input allowClear autoComplete="off" placeholder={placeholder} />
        </Form.Item>
        {columns && (
          <>
            <Form.Item
              name="column"
              label={t('opsConfig.masterData.column')}
              style={{ minWidth: 180, marginBottom: 0 }}
            >
              <AppSelect<string> options={columns.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
            <Form.Item
              name="value"
              label={t('opsConfig.masterData.contains')}
              style={{ minWidth: 200, marginBottom: 0 }}
            >
              <Input allowClear autoComplete="off" />
            </Form.Item>
          </>
        )}
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
