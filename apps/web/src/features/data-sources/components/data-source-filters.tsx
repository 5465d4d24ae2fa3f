import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useReconOptions } from '@/features/data-sources/api/get-recon-options';
import type { DataSourceListState } from '@/features/data-sources/list-params';
import { useModuleSelection } from '@/lib/module-context';
import { AppSelect } from '@/ui/app-select';

type Filters = Omit<DataSourceListState, 'page' | 'size'>;
type Props = { state: DataSourceListState; onApply: (filters: Filters) => void };

/** Name, recon, pipeline and table filters of the data sources list. */
export function DataSourceFilters({ state, onApply }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const recons = useReconOptions(current.id);
  const [form] = Form.useForm<Filters>();

  // The URL is the source of truth: back / forward and shared links refill the form.
  useEffect(() => {
    form.setFieldsValue({ name: state.name, recon: state.recon, pipeline: state.pipeline, table: state.table });
  }, [form, state.name, state.recon, state.pipeline, state.table]);

  const onFinish = (v: Filters) =>
    onApply({
      name: v.name?.trim() || undefined,
      recon: v.recon || undefined,
      pipeline: v.pipeline?.trim() || undefined,
      table: v.table?.trim() || undefined,
    });

  return (
    <Form<Filters> name="dataSourceFilters" form={form} layout="vertical" onFinish={onFinish}>
      <Flex gap={12} wrap align="flex-end">
        <Form.Item name="name" label={t('opsConfig.dataSources.name')} style={{ minWidth: 200, marginBottom: 0 }}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="recon" label={t('opsConfig.dataSources.recon')} style={{ minWidth: 220, marginBottom: 0 }}>
          <AppSelect<number>
            loading={recons.isPending}
            options={(recons.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
        <Form.Item
          name="pipeline"
          label={t('opsConfig.dataSources.pipeline')}
          style={{ minWidth: 200, marginBottom: 0 }}
        >
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="table" label={t('opsConfig.dataSources.table')} style={{ minWidth: 200, marginBottom: 0 }}>
          <Input allowClear autoComplete="off" />
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
