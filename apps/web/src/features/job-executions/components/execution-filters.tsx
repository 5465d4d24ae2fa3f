import { SearchOutlined } from '@ant-design/icons';
import { DATE_FORMATS, JOB_EXECUTION_STATUSES, type JobExecutionStatus, jobStatusLabel } from '@recon/contract';
import { Button, DatePicker, Flex, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useJobOptions } from '@/features/job-executions/api/get-job-options';
import type { ExecutionUrlState } from '@/features/job-executions/execution-params';
import { AppSelect } from '@/ui/app-select';

type FilterValues = { jobId?: number; status?: JobExecutionStatus; range: [Dayjs, Dayjs] };
export type ExecutionFilterChoice = Pick<ExecutionUrlState, 'jobId' | 'status' | 'from' | 'to'>;

type Props = {
  moduleId: number;
  state: ExecutionUrlState;
  onApply: (filters: ExecutionFilterChoice) => void;
  onReset: () => void;
};

/** Job, status and creation-date range of the runs; applied with Search, kept in the URL. */
export function ExecutionFilters({ moduleId, state, onApply, onReset }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const jobs = useJobOptions(moduleId);

  // The URL is the source of truth: back/forward and links from the jobs screens refill the form.
  useEffect(() => {
    form.setFieldsValue({ jobId: state.jobId, status: state.status, range: [dayjs(state.from), dayjs(state.to)] });
  }, [form, state.jobId, state.status, state.from, state.to]);

  const onFinish = (values: FilterValues) =>
    onApply({
      jobId: values.jobId || undefined,
      status: values.status || undefined,
      from: values.range[0].format(DATE_FORMATS.iso),
      to: values.range[1].format(DATE_FORMATS.iso),
    });

  return (
    <Form<FilterValues> form={form} layout="vertical" onFinish={onFinish}>
      <Flex gap={12} wrap align="flex-end">
        <Form.Item name="jobId" label={t('jobExecutions.job')} style={{ minWidth: 240, marginBottom: 0 }}>
          <AppSelect<number>
            loading={jobs.isPending}
            options={(jobs.data ?? []).map((job) => ({ value: job.id, label: job.name }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')} style={{ minWidth: 200, marginBottom: 0 }}>
          <AppSelect<string> options={JOB_EXECUTION_STATUSES.map((s) => ({ value: s, label: jobStatusLabel(s) }))} />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('jobExecutions.dateRange')}
          style={{ marginBottom: 0 }}
          rules={[{ required: true, message: t('jobExecutions.dateRangeRequired') }]}
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
