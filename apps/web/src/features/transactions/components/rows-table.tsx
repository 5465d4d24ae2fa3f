import { EyeOutlined } from '@ant-design/icons';
import type { TransactionDataSource, TransactionRecon, TransactionRow } from '@recon/contract';
import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import type { TransactionTab } from '@recon/contract/nav';
import { Button, Empty, Flex, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransactionCounts } from '@/features/transactions/api/get-transaction-counts';
import {
  type ColumnFilterValue,
  type TransactionsParams,
  useTransactions,
} from '@/features/transactions/api/get-transactions';
import { FilterChips } from '@/features/transactions/components/filter-chips';
import { columnTitle, transactionTableColumns } from '@/features/transactions/components/transaction-columns';
import type { ViewColumn } from '@/features/transactions/view-columns';
import { useBrand } from '@/lib/brand-context';
import { formatDate } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { columnsWidth } from '@/ui/column-widths';
import { EmptyState } from '@/ui/empty-state';
import { QueryError } from '@/ui/query-error';
import { useKeyboardRows } from '@/ui/use-keyboard-rows';

export type Sort = TransactionsParams['sort'];

export type RowsTableProps = {
  tab: TransactionTab;
  recon: TransactionRecon;
  dataSource: TransactionDataSource;
  /** The columns shown, in order. */
  columns: readonly ViewColumn[];
  /** Columns fixed on the left (the first ones). */
  pinned?: readonly string[];
  dateColumn: string;
  range: readonly [string, string];
  statuses: readonly string[];
  filters: Readonly<Record<string, ColumnFilterValue>>;
  onFilters: (filters: Record<string, ColumnFilterValue>) => void;
  pageSize?: number;
  onPageSize?: (size: number) => void;
  /** Rows kept selected across pages, by id. */
  selection?: ReadonlyMap<number, TransactionRow>;
  onSelection?: (selection: Map<number, TransactionRow>) => void;
  onOpen: (row: TransactionRow) => void;
  /** Offered when the range holds none of the tab's rows: the days up to the latest date there is. */
  onRange: (range: [string, string]) => void;
  /** The order, when the caller keeps it (the page's export follows it); else the table keeps its own. */
  sort?: Sort;
  onSort?: (sort: Sort) => void;
  size?: 'small' | 'middle';
};

/**
 * One data source's rows in a tab, asked of the server page by page: sorting, column filters with operators, row
 * selection kept across pages, a click on a row opens it. Filters and page size go back to the caller to remember.
 */
export function RowsTable(p: RowsTableProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const locale = useNumberLocale();
  const moduleId = useModuleSelection().current.id;
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(p.pageSize ?? brand.defaultPageSize);
  const [ownSort, setOwnSort] = useState<Sort>();
  const sort = p.onSort ? p.sort : ownSort;
  const setSort = p.onSort ?? setOwnSort;
  // Another range, date column or status filter starts again from the first page.
  const scope = `${p.dateColumn}|${p.range.join()}|${p.statuses.join()}`;
  const [lastScope, setLastScope] = useState(scope);
  if (scope !== lastScope) {
    setLastScope(scope);
    setPage(1);
  }
  const params: TransactionsParams = {
    tab: p.tab,
    reconId: p.recon.id,
    dataSourceId: p.dataSource.id,
    dateColumn: p.dateColumn,
    fromDate: p.range[0],
    toDate: p.range[1],
    statuses: p.statuses,
    start: (page - 1) * size,
    length: size,
    filters: p.filters,
    sort,
  };
  const rows = useTransactions(moduleId, params);
  // Past 10,000 rows the page comes with capped counts; the exact ones are asked for after it.
  const exact = useTransactionCounts(moduleId, params, rows.data?.isCountCapped === true);
  const counts = exact.data ?? rows.data;
  const isCountPending = rows.data?.isCountCapped === true && !exact.data;
  const columns = transactionTableColumns({
    t,
    locale,
    columns: p.columns,
    filters: p.filters,
    sort,
    isSmall: p.size === 'small',
    pinned: p.pinned,
    onFilter: (column, filter) => {
      const next = { ...p.filters };
      if (filter) next[column] = filter;
      else delete next[column];
      p.onFilters(next);
      setPage(1);
    },
  });
  // A small table (the match view's sides) opens a row by a click on it: no room for the button column.
  const open = {
    title: '',
    key: '_open',
    width: 56,
    fixed: 'right' as const,
    // The button is taller than a line of text: it must not make the row taller.
    onCell: () => ({ style: { paddingBlock: 0 } }),
    render: (_: unknown, row: TransactionRow) => (
      <Button
        type="text"
        size="small"
        icon={<EyeOutlined />}
        aria-label={t('transactions.table.open', { id: row.id })}
        onClick={(e) => {
          e.stopPropagation();
          p.onOpen(row);
        }}
      />
    ),
  };
  const onChange = (
    nextPage: number,
    nextSize: number,
    sorter: SorterResult<TransactionRow> | SorterResult<TransactionRow>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = typeof one?.columnKey === 'string' ? one.columnKey : undefined;
    const nextSort: Sort = column && one?.order ? { column, dir: one.order === 'ascend' ? 'asc' : 'desc' } : undefined;
    const isSortChange = nextSort?.column !== sort?.column || nextSort?.dir !== sort?.dir;
    setSort(nextSort);
    if (nextSize !== size) p.onPageSize?.(nextSize);
    setSize(nextSize);
    setPage(nextSize !== size || isSortChange ? 1 : nextPage);
  };
  const latest = rows.data?.recordsTotal === 0 ? rows.data.latestDate : null;
  const emptyText = rows.isPending ? (
    ' '
  ) : latest ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t('transactions.table.emptyRange', { date: formatDate(latest) })}
    >
      <Button
        onClick={() => {
          const days = Math.max(0, dayjs(p.range[1]).diff(dayjs(p.range[0]), 'day'));
          p.onRange([dayjs(latest).subtract(days, 'day').format('YYYY-MM-DD'), latest]);
        }}
      >
        {t('transactions.table.showLatest', { date: formatDate(latest) })}
      </Button>
    </Empty>
  ) : (
    <EmptyState />
  );
  const selection = p.selection;
  const onSelection = p.onSelection;
  const shownRows = rows.data?.data ?? [];
  const keyboardRow = useKeyboardRows<TransactionRow>({
    rows: shownRows,
    keyOf: (row) => row.id,
    onOpen: p.onOpen,
    isSelected: selection ? (row) => selection.has(row.id) : undefined,
    onToggle:
      selection && onSelection
        ? (row) => {
            const next = new Map(selection);
            if (next.has(row.id)) next.delete(row.id);
            else next.set(row.id, row);
            onSelection(next);
          }
        : undefined,
  });
  return (
    <Flex vertical gap={8}>
      <FilterChips
        filters={p.filters}
        titleOf={(key) => {
          const c = p.columns.find((x) => x.key === key);
          return c ? columnTitle(t, c) : key;
        }}
        onRemove={(key) => {
          const next = { ...p.filters };
          delete next[key];
          p.onFilters(next);
          setPage(1);
        }}
        onClear={() => {
          p.onFilters({});
          setPage(1);
        }}
      />
      {rows.isError && !rows.data ? (
        <QueryError onRetry={() => void rows.refetch()} />
      ) : (
        <Table<TransactionRow>
          rowKey="id"
          size={p.size}
          loading={rows.isFetching}
          dataSource={shownRows}
          columns={p.size === 'small' ? columns : [...columns, open]}
          scroll={{ x: columnsWidth(p.size === 'small' ? columns : [...columns, open]) + (selection ? 48 : 0) }}
          locale={{ emptyText }}
          onRow={(row, index) => ({
            ...keyboardRow(row, index),
            onClick: (e) => {
              // A click in the selection column selects; anywhere else it opens the row.
              if ((e.target as HTMLElement).closest('.ant-table-selection-column')) return;
              p.onOpen(row);
            },
            style: { cursor: 'pointer' },
          })}
          rowSelection={
            selection && onSelection
              ? {
                  fixed: 'left',
                  preserveSelectedRowKeys: true,
                  selectedRowKeys: [...selection.keys()],
                  onChange: (keys, chosen) => {
                    const next = new Map<number, TransactionRow>();
                    const wanted = new Set(keys.map(Number));
                    for (const [id, row] of selection) if (wanted.has(id)) next.set(id, row);
                    for (const row of chosen) if (row) next.set(row.id, row);
                    onSelection(next);
                  },
                }
              : undefined
          }
          onChange={(pagination, _filters, sorter) =>
            onChange(pagination.current ?? 1, pagination.pageSize ?? size, sorter)
          }
          pagination={{
            current: page,
            pageSize: size,
            total: counts?.recordsFiltered ?? 0,
            pageSizeOptions: [...PAGE_SIZE_OPTIONS],
            showSizeChanger: true,
            size: p.size === 'small' ? 'small' : undefined,
            showTotal: (total, [from, to]) =>
              isCountPending
                ? t('transactions.table.pageRangeMore', { from, to, total: (total - 1).toLocaleString(locale) })
                : t('common.pageRange', { from, to, total }),
          }}
        />
      )}
      {counts && !isCountPending && counts.recordsTotal !== counts.recordsFiltered && (
        <Typography.Text type="secondary">
          {t('transactions.table.filteredOf', {
            filtered: counts.recordsFiltered.toLocaleString(locale),
            total: counts.recordsTotal.toLocaleString(locale),
          })}
        </Typography.Text>
      )}
    </Flex>
  );
}
