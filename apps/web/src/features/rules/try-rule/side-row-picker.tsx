import {
  type DataType,
  TRANSACTION_STATUS_LABELS,
  TRY_RULE_ROWS_MAX,
  type TransactionRow,
  type TransactionStatus,
} from '@recon/contract';
import { Alert, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SideInfo } from '@/features/rules/condition-rows';
import { useSideRows } from '@/features/rules/try-rule/api/get-side-rows';
import { formatDate, type NumberLocale } from '@/lib/format';
import { errorBodyOf, firstServerMessage } from '@/lib/http-errors';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';

const PAGE_SIZE = 10;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A stored value in the app's formats: decimals with two to four places, grouped; days as the app writes them. */
export function shownValue(value: string | null | undefined, type: DataType, locale: NumberLocale): string {
  if (value === null || value === undefined) return '';
  if ((type === 'DOUBLE' || type === 'FLOAT') && DECIMAL.test(value))
    return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(
      value as Intl.StringNumericLiteral,
    );
  if (type === 'DATE' && ISO_DAY.test(value)) return formatDate(value);
  return value;
}

/** Columns shown of a side's rows: the first data elements, enough to recognise a row. */
const SHOWN_COLUMNS = 5;

type Props = {
  reconId: number;
  side: SideInfo;
  picked: readonly number[];
  onPick: (rowIds: number[]) => void;
};

/** A small paged, searchable list of one side's rows; the rows ticked are the ones the rule is tried on. */
export function SideRowPicker({ reconId, side, picked, onPick }: Props) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const moduleId = useModuleSelection().current.id;
  const [start, setStart] = useState(0);
  const firstText = side.elements.find((e) => e.type === 'VARCHAR')?.name ?? side.elements[0]?.name;
  // The side's columns may arrive after the first render: until the user picks one, the first text column is searched.
  const [chosenColumn, setColumn] = useState<string | undefined>();
  const column = chosenColumn ?? firstText;
  const [search, setSearch] = useState('');
  const rows = useSideRows(moduleId, {
    reconId,
    dataSourceId: side.dataSourceId,
    start,
    length: PAGE_SIZE,
    search: column && search ? { column, value: search } : undefined,
  });
  const shown = side.elements.slice(0, SHOWN_COLUMNS);
  const isFull = picked.length >= TRY_RULE_ROWS_MAX;
  const error = rows.isError ? (firstServerMessage(errorBodyOf(rows.error)) ?? t('common.loadFailed')) : null;

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('rules.try.sideTitle', { side: side.side, name: side.name })}</Typography.Text>
        <Tag color={picked.length ? 'processing' : 'default'}>
          {t('rules.try.picked', { count: picked.length, max: TRY_RULE_ROWS_MAX })}
        </Tag>
      </Flex>
      <Flex gap={8}>
        <Select<string>
          aria-label={t('rules.try.searchColumn', { side: side.side })}
          style={{ minWidth: 160 }}
          value={column}
          onChange={setColumn}
          options={side.elements.map((e) => ({ value: e.name, label: e.name }))}
        />
        <Input.Search
          aria-label={t('rules.try.search', { side: side.side })}
          placeholder={t('rules.try.searchHint')}
          allowClear
          onSearch={(value) => {
            setSearch(value.trim());
            setStart(0);
          }}
        />
      </Flex>
      {error && <Alert type="warning" showIcon message={error} />}
      <Table<TransactionRow>
        size="small"
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data?.data ?? []}
        scroll={{ x: true }}
        rowSelection={{
          selectedRowKeys: [...picked],
          preserveSelectedRowKeys: true,
          hideSelectAll: true,
          getCheckboxProps: (r) => ({
            disabled: isFull && !picked.includes(r.id),
            'aria-label': t('rules.try.pickRow', { side: side.side, id: r.id }),
          }),
          onChange: (keys) => onPick(keys.map(Number).slice(0, TRY_RULE_ROWS_MAX)),
        }}
        pagination={{
          current: start / PAGE_SIZE + 1,
          pageSize: PAGE_SIZE,
          total: rows.data?.recordsFiltered ?? 0,
          showSizeChanger: false,
          size: 'small',
          onChange: (page) => setStart((page - 1) * PAGE_SIZE),
        }}
        locale={{ emptyText: t('rules.try.noRows') }}
        columns={[
          { title: t('rules.try.rowId'), dataIndex: 'id', key: 'id', width: 80 },
          {
            title: t('common.status'),
            key: 'status',
            render: (_: unknown, r: TransactionRow) =>
              TRANSACTION_STATUS_LABELS[r.status as TransactionStatus] ?? r.status,
          },
          ...shown.map((e) => ({
            title: e.name,
            key: e.name,
            // Amounts and days as everywhere else ("540.00", "05-03-2026"), never the stored "540.0000" or ISO.
            render: (_: unknown, r: TransactionRow) => (
              <span style={{ whiteSpace: 'nowrap' }}>{shownValue(r.values[e.name], e.type, locale)}</span>
            ),
          })),
        ]}
      />
    </Flex>
  );
}
