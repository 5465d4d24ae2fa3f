import { FILTER_OPERATOR_LABELS, TRANSACTION_STATUSES } from '@recon/contract';
import type { FilterOperator } from '@recon/contract/constants';
import { Button, DatePicker, Flex, Input, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnFilterValue } from '@/features/transactions/api/get-transactions';
import { statusLabel } from '@/features/transactions/status';
import type { ValueKind } from '@/features/transactions/view-columns';

const TEXT_OPERATORS: FilterOperator[] = [
  'CONTAINS',
  'EQUAL',
  'NOT_EQUAL',
  'STARTS_WITH',
  'ENDS_WITH',
  'IN',
  'NOT_IN',
  'LIKE',
  'NOT_LIKE',
  'IS_NULL',
  'IS_NOT_NULL',
];
const ORDERED_OPERATORS: FilterOperator[] = [
  'EQUAL',
  'NOT_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_EQUAL',
  'LESS_THAN',
  'LESS_THAN_EQUAL',
  'BETWEEN',
  'NOT_BETWEEN',
  'IN',
  'NOT_IN',
  'IS_NULL',
  'IS_NOT_NULL',
];
const OPERATORS: Record<ValueKind, FilterOperator[]> = {
  text: TEXT_OPERATORS,
  number: ORDERED_OPERATORS,
  date: ORDERED_OPERATORS.filter((o) => o !== 'IN' && o !== 'NOT_IN'),
  timestamp: ORDERED_OPERATORS.filter((o) => o !== 'IN' && o !== 'NOT_IN'),
  status: ['IN', 'NOT_IN'],
};
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

export const defaultOperator = (kind: ValueKind): FilterOperator =>
  kind === 'text' ? 'CONTAINS' : kind === 'status' ? 'IN' : 'EQUAL';
const isTwo = (o: FilterOperator) => o === 'BETWEEN' || o === 'NOT_BETWEEN';
const isNone = (o: FilterOperator) => o === 'IS_NULL' || o === 'IS_NOT_NULL';

/** How a filter reads in a chip: "Amount ≥ 100", "Value Date between 01-10-2026 and 05-10-2026". */
export function describeFilter(title: string, f: ColumnFilterValue): string {
  return isNone(f.operator)
    ? `${title} ${FILTER_OPERATOR_LABELS[f.operator].toLowerCase()}`
    : `${title} ${FILTER_OPERATOR_LABELS[f.operator].toLowerCase()} ${f.value}`;
}

type Props = {
  title: string;
  kind: ValueKind;
  value: ColumnFilterValue | undefined;
  onApply: (filter: ColumnFilterValue | undefined) => void;
  close: () => void;
};

/** A column's filter: an operator of the spec fitting the column's type and its value(s). */
export function ColumnFilter({ title, kind, value, onApply, close }: Props) {
  const { t } = useTranslation();
  const [operator, setOperator] = useState<FilterOperator>(value?.operator ?? defaultOperator(kind));
  const [first, setFirst] = useState(() =>
    value && isTwo(value.operator) ? (value.value.split(',')[0] ?? '') : (value?.value ?? ''),
  );
  const [second, setSecond] = useState(() => (value && isTwo(value.operator) ? (value.value.split(',')[1] ?? '') : ''));
  const [statuses, setStatuses] = useState<string[]>(() => (kind === 'status' && value ? value.value.split(',') : []));
  const text =
    kind === 'status' ? statuses.join(',') : isTwo(operator) ? `${first.trim()},${second.trim()}` : first.trim();
  const problem = (() => {
    if (isNone(operator)) return null;
    const parts = isTwo(operator)
      ? [first, second]
      : operator === 'IN' || operator === 'NOT_IN'
        ? first.split(',')
        : [first];
    if (kind === 'status') return statuses.length ? null : t('transactions.filter.valueRequired');
    if (parts.some((p) => p.trim() === '')) return t('transactions.filter.valueRequired');
    if (kind === 'number' && parts.some((p) => !DECIMAL.test(p.trim()))) return t('transactions.filter.notNumber');
    return null;
  })();
  const apply = () => {
    if (problem) return;
    onApply({ operator, value: isNone(operator) ? '' : text });
    close();
  };
  const isDate = kind === 'date' || kind === 'timestamp';
  const dateInput = (v: string, set: (v: string) => void, label: string) => (
    <DatePicker
      aria-label={label}
      format="DD-MM-YYYY"
      style={{ width: '100%' }}
      value={v ? dayjs(v) : null}
      onChange={(d) => set(d ? d.format('YYYY-MM-DD') : '')}
    />
  );
  const textInput = (v: string, set: (v: string) => void, label: string) => (
    <Input
      autoFocus
      aria-label={label}
      placeholder={operator === 'IN' || operator === 'NOT_IN' ? t('transactions.filter.listHint') : label}
      value={v}
      inputMode={kind === 'number' ? 'decimal' : undefined}
      onChange={(e) => set(e.target.value)}
      onPressEnter={apply}
    />
  );
  const input = isDate ? dateInput : textInput;
  return (
    // Keys typed here belong to the box, not to the table's keyboard handling.
    <Flex vertical gap={8} style={{ padding: 8, width: 280 }} onKeyDown={(e) => e.stopPropagation()}>
      <Typography.Text strong>{title}</Typography.Text>
      <Select<FilterOperator>
        aria-label={t('transactions.filter.operator')}
        value={operator}
        onChange={setOperator}
        options={OPERATORS[kind].map((o) => ({ value: o, label: FILTER_OPERATOR_LABELS[o] }))}
        getPopupContainer={(node) => node.parentElement ?? document.body}
      />
      {kind === 'status' ? (
        <Select<string[]>
          mode="multiple"
          aria-label={t('transactions.filter.value')}
          value={statuses}
          onChange={setStatuses}
          options={TRANSACTION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          getPopupContainer={(node) => node.parentElement ?? document.body}
        />
      ) : isNone(operator) ? null : isTwo(operator) ? (
        <Flex gap={8}>
          {input(first, setFirst, t('transactions.filter.from'))}
          {input(second, setSecond, t('transactions.filter.to'))}
        </Flex>
      ) : (
        input(first, setFirst, t('transactions.filter.value'))
      )}
      {problem && first + second !== '' && <Typography.Text type="danger">{problem}</Typography.Text>}
      <Flex gap={8} justify="flex-end">
        <Button
          size="small"
          onClick={() => {
            onApply(undefined);
            close();
          }}
        >
          {t('common.reset')}
        </Button>
        <Button type="primary" size="small" disabled={problem !== null} onClick={apply}>
          {t('transactions.filter.apply')}
        </Button>
      </Flex>
    </Flex>
  );
}
