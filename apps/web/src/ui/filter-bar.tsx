import { SearchOutlined } from '@ant-design/icons';
import { DATE_FORMATS } from '@recon/contract/constants';
import { Button, DatePicker, Flex, Form, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** What a filter field holds: text, an id or a code; empty means "any". */
type FilterValue = string | number | undefined;
type FilterValues = Record<string, FilterValue>;
/** Days as YYYY-MM-DD, both inclusive. */
export type DayRange = { from: string; to: string };

/** One labelled field of a filter bar; `name` is the key of the bar's values. */
export function FilterField({
  name,
  label,
  minWidth,
  children,
}: {
  name: string;
  label: ReactNode;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Form.Item name={name} label={label} style={{ minWidth, marginBottom: 0 }}>
      {children}
    </Form.Item>
  );
}

/** Trimmed text and chosen values; a blank text or an empty choice becomes undefined ("any"). */
function cleanValues<V extends FilterValues>(values: Record<string, unknown>): V {
  const clean: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(values)) {
    clean[key] = (typeof value === 'string' ? value.trim() : (value as FilterValue)) || undefined;
  }
  return clean as V;
}

/**
 * The URL is the source of truth: back / forward and shared links refill the form. The values are compared by
 * content, so a parent that builds a new object each render does not wipe what the user is typing.
 */
function useRefill(form: FormInstance, values: FilterValues, range?: DayRange) {
  const key = JSON.stringify([Object.entries(values), range ?? null]);
  useEffect(() => {
    const [entries, days] = JSON.parse(key) as [[string, FilterValue | null][], DayRange | null];
    form.setFieldsValue({
      ...Object.fromEntries(entries.map(([name, value]) => [name, value ?? undefined])),
      ...(days && { range: [dayjs(days.from), dayjs(days.to)] }),
    });
  }, [form, key]);
}

/** A filter card's form: its fields, then Search (submits) and Reset (clears the form, then `onReset`). */
export function FilterForm({
  form,
  name,
  onFinish,
  onReset,
  children,
}: {
  form: FormInstance;
  name?: string;
  onFinish: (values: Record<string, unknown>) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form name={name} form={form} layout="vertical" onFinish={onFinish}>
      <Flex gap={12} wrap align="flex-end">
        {children}
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

type FilterBarProps<V extends FilterValues> = {
  /** The form's name (prefixes its field ids). */
  name?: string;
  /** The filters as the URL has them. */
  values: V;
  /** Search: the fields' values, cleaned (see `cleanValues`). */
  onApply: (values: V) => void;
  /** Reset: the form is cleared first. */
  onReset: () => void;
  /** The `FilterField`s. */
  children: ReactNode;
};

/** A list's filter fields with Search and Reset, kept in step with the URL. */
export function FilterBar<V extends FilterValues>({ name, values, onApply, onReset, children }: FilterBarProps<V>) {
  const [form] = Form.useForm();
  useRefill(form, values);
  return (
    <FilterForm form={form} name={name} onFinish={(v) => onApply(cleanValues<V>(v))} onReset={onReset}>
      {children}
    </FilterForm>
  );
}

type DatedFilterBarProps<V extends FilterValues> = Omit<FilterBarProps<V>, 'onApply'> & {
  /** The day range as the URL has it; it is always set (a history page has a default range). */
  range: DayRange;
  rangeLabel: string;
  rangeRequiredMessage: string;
  onApply: (values: V & DayRange) => void;
};

/** A history page's filter bar: its fields, then a required day range, then Search and Reset. */
export function DatedFilterBar<V extends FilterValues>({
  name,
  values,
  range,
  rangeLabel,
  rangeRequiredMessage,
  onApply,
  onReset,
  children,
}: DatedFilterBarProps<V>) {
  const [form] = Form.useForm();
  useRefill(form, values, range);
  const onFinish = ({ range: days, ...fields }: Record<string, unknown>) => {
    const [from, to] = days as [Dayjs, Dayjs];
    onApply({ ...cleanValues<V>(fields), from: from.format(DATE_FORMATS.iso), to: to.format(DATE_FORMATS.iso) });
  };
  return (
    <FilterForm form={form} name={name} onFinish={onFinish} onReset={onReset}>
      {children}
      <Form.Item
        name="range"
        label={rangeLabel}
        style={{ marginBottom: 0 }}
        rules={[{ required: true, message: rangeRequiredMessage }]}
      >
        <DatePicker.RangePicker format={DATE_FORMATS.display} allowClear={false} />
      </Form.Item>
    </FilterForm>
  );
}
