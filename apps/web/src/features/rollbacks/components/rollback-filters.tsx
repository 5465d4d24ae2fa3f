import { ROLLBACK_STATUS_LABELS, ROLLBACK_STATUSES, type RollbackStatus } from '@recon/contract';
import { DATE_FORMATS } from '@recon/contract/constants';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RollbackUrlState } from '@/features/rollbacks/rollback-params';
import { AppSelect } from '@/ui/app-select';
import { FilterForm } from '@/ui/filter-bar';

type FilterValues = { status?: RollbackStatus; jobName?: string; range: [Dayjs, Dayjs] };
export type RollbackFilterChoice = Pick<RollbackUrlState, 'status' | 'jobName' | 'from' | 'to'>;

type Props = { state: RollbackUrlState; onApply: (filters: RollbackFilterChoice) => void; onReset: () => void };

/** Job name, status and request-day range; applied with Search, kept in the URL. */
export function RollbackFilters({ state, onApply, onReset }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();

  // The URL is the source of truth: back/forward and shared links refill the form.
  useEffect(() => {
    form.setFieldsValue({ status: state.status, jobName: state.jobName, range: [dayjs(state.from), dayjs(state.to)] });
  }, [form, state.status, state.jobName, state.from, state.to]);

  const onFinish = (values: FilterValues) =>
    onApply({
      status: values.status || undefined,
      jobName: values.jobName?.trim() || undefined,
      from: values.range[0].format(DATE_FORMATS.iso),
      to: values.range[1].format(DATE_FORMATS.iso),
    });

  return (
    <FilterForm form={form} onFinish={(values) => onFinish(values as FilterValues)} onReset={onReset}>
      <Form.Item name="jobName" label={t('rollbacks.jobName')} style={{ minWidth: 200, marginBottom: 0 }}>
        <Input allowClear autoComplete="off" />
      </Form.Item>
      <Form.Item name="status" label={t('common.status')} style={{ minWidth: 190, marginBottom: 0 }}>
        <AppSelect<string> options={ROLLBACK_STATUSES.map((s) => ({ value: s, label: ROLLBACK_STATUS_LABELS[s] }))} />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('rollbacks.dateRange')}
        style={{ marginBottom: 0 }}
        rules={[{ required: true, message: t('rollbacks.dateRangeRequired') }]}
      >
        <DatePicker.RangePicker format={DATE_FORMATS.display} allowClear={false} />
      </Form.Item>
    </FilterForm>
  );
}
