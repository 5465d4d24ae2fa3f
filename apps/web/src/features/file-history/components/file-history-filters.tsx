import { SearchOutlined } from '@ant-design/icons';
import { DATE_FORMATS, FILE_STATUSES, type FileStatus } from '@recon/contract';
import { Button, DatePicker, Flex, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePipelineOptions } from '@/features/file-history/api/get-pipeline-options';
import { statusWords } from '@/features/file-history/components/file-tags';
import type { FileHistoryUrlState } from '@/features/file-history/file-history-params';
import { AppSelect } from '@/ui/app-select';

type FilterValues = { pipelineId?: number; status?: FileStatus; fileName?: string; range: [Dayjs, Dayjs] };
export type FileFilterChoice = Pick<FileHistoryUrlState, 'pipelineId' | 'status' | 'fileName' | 'from' | 'to'>;

type Props = {
  moduleId: number;
  state: FileHistoryUrlState;
  onApply: (filters: FileFilterChoice) => void;
  onReset: () => void;
};

/** Pipeline, file status, file name and upload-day range; applied with Search, kept in the URL. */
export function FileHistoryFilters({ moduleId, state, onApply, onReset }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const pipelines = usePipelineOptions(moduleId);

  // The URL is the source of truth: back/forward and shared links refill the form.
  useEffect(() => {
    form.setFieldsValue({
      pipelineId: state.pipelineId,
      status: state.status,
      fileName: state.fileName,
      range: [dayjs(state.from), dayjs(state.to)],
    });
  }, [form, state.pipelineId, state.status, state.fileName, state.from, state.to]);

  const onFinish = (values: FilterValues) =>
    onApply({
      pipelineId: values.pipelineId || undefined,
      status: values.status || undefined,
      fileName: values.fileName?.trim() || undefined,
      from: values.range[0].format(DATE_FORMATS.iso),
      to: values.range[1].format(DATE_FORMATS.iso),
    });

  return (
    <Form<FilterValues> form={form} layout="vertical" onFinish={onFinish}>
      <Flex gap={12} wrap align="flex-end">
        <Form.Item name="fileName" label={t('fileHistory.fileName')} style={{ minWidth: 170, marginBottom: 0 }}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="pipelineId" label={t('fileHistory.pipeline')} style={{ minWidth: 180, marginBottom: 0 }}>
          <AppSelect<number>
            loading={pipelines.isPending}
            options={(pipelines.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')} style={{ minWidth: 160, marginBottom: 0 }}>
          <AppSelect<string> options={FILE_STATUSES.map((s) => ({ value: s, label: statusWords(s) }))} />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('fileHistory.dateRange')}
          style={{ marginBottom: 0 }}
          rules={[{ required: true, message: t('fileHistory.dateRangeRequired') }]}
        >
          <DatePicker.RangePicker format={DATE_FORMATS.display} allowClear={false} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {t('common.reset')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
