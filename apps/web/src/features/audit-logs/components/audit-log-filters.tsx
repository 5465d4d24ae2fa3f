import { SearchOutlined } from '@ant-design/icons';
import { AUDIT_EVENTS, AUDIT_OUTCOMES } from '@recon/contract';
import { DATE_FORMATS } from '@recon/contract/constants';
import { Button, DatePicker, Flex, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditLogFilterValues, type AuditLogUrlState, eventLabel } from '@/features/audit-logs/audit-log-params';
import { AppSelect } from '@/ui/app-select';

type FilterValues = {
  event?: string;
  userName?: string;
  outcome?: AuditLogUrlState['outcome'];
  range?: [Dayjs | null, Dayjs | null] | null;
};

/** Reset goes back to no filter and the default day range. */
type Props = { state: AuditLogUrlState; onApply: (filters: AuditLogFilterValues) => void };

export function AuditLogFilters({ state, onApply }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();

  // The URL is the source of truth: back/forward and shared links refill the form.
  useEffect(() => {
    form.setFieldsValue({
      event: state.event,
      userName: state.userName,
      outcome: state.outcome,
      range: [dayjs(state.from), dayjs(state.to)],
    });
  }, [form, state.event, state.userName, state.outcome, state.from, state.to]);

  const onFinish = (values: FilterValues) =>
    onApply({
      event: values.event || undefined,
      userName: values.userName?.trim() || undefined,
      outcome: values.outcome || undefined,
      from: values.range?.[0]?.format(DATE_FORMATS.iso),
      to: values.range?.[1]?.format(DATE_FORMATS.iso),
    });

  const onReset = () => {
    form.resetFields();
    onApply({});
  };

  return (
    <Form<FilterValues> form={form} layout="vertical" onFinish={onFinish}>
      <Flex gap={12} wrap align="flex-end">
        <Form.Item name="event" label={t('audit.event')} style={{ minWidth: 220, marginBottom: 0 }}>
          <AppSelect<string> options={AUDIT_EVENTS.map((e) => ({ value: e, label: eventLabel(e) }))} />
        </Form.Item>
        <Form.Item name="userName" label={t('audit.user')} style={{ minWidth: 200, marginBottom: 0 }}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="outcome" label={t('audit.outcome')} style={{ minWidth: 160, marginBottom: 0 }}>
          <AppSelect<string> options={AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`audit.outcomes.${o}`) }))} />
        </Form.Item>
        <Form.Item name="range" label={t('audit.dateRange')} style={{ marginBottom: 0 }}>
          <DatePicker.RangePicker format={DATE_FORMATS.display} allowClear={false} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common.search')}
          </Button>
          <Button onClick={onReset}>{t('common.reset')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}
