import { FilterFilled, FilterOutlined, TagOutlined } from '@ant-design/icons';
import type { TransactionRow } from '@recon/contract';
import { Flex, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ColumnFilterValue } from '@/features/transactions/api/get-transactions';
import { formatCell, isNumericType } from '@/features/transactions/cell-format';
import { ColumnFilter } from '@/features/transactions/components/column-filter';
import { StatusBadge } from '@/features/transactions/components/status-badge';
import { humanize, type RowField, type ViewColumn } from '@/features/transactions/view-columns';
import { formatDateTime, type NumberLocale } from '@/lib/format';
import { CellText } from '@/ui/cell-text';
import { DATE_TIME_COLUMN_WIDTH } from '@/ui/column-widths';

export function columnTitle(t: TFunction, column: ViewColumn): string {
  return column.isField ? t(`transactions.fields.${column.key}`) : humanize(column.key);
}

/** Who or what closed a row: its rule, or the person's action. */
export function closedByText(t: TFunction, row: TransactionRow): string {
  if (row.ruleName) return row.ruleName;
  if (!row.closedBy || row.closedBy === 'ENGINE') return '';
  const action = t(`transactions.closedBy.${row.closedBy}`, { defaultValue: row.closedBy });
  return row.closedByUser ? `${action} · ${row.closedByUser}` : action;
}

/** A row's status, and the tickets raised on it (issue 14: they open from the row's drawer). */
function StatusWithTickets({ t, row }: { t: TFunction; row: TransactionRow }) {
  const ids = row.ticketIds ?? [];
  if (ids.length === 0) return <StatusBadge status={row.status} />;
  const names = ids.map((id) => t('transactions.group.ticket', { id })).join(', ');
  return (
    <Flex gap={4} align="center" wrap={false}>
      <StatusBadge status={row.status} />
      <Tag icon={<TagOutlined />} color="geekblue" style={{ marginInlineEnd: 0 }} title={names} aria-label={names}>
        {`#${ids[0]}${ids.length > 1 ? ` +${ids.length - 1}` : ''}`}
      </Tag>
    </Flex>
  );
}

function fieldCell(t: TFunction, key: RowField, row: TransactionRow, width: number) {
  switch (key) {
    case '_status':
      return <StatusWithTickets t={t} row={row} />;
    case '_match_id':
      return row.matchId ?? '';
    case '_rule_name':
      return <CellText text={closedByText(t, row)} width={width} />;
    case '_reconciled_at':
      return formatDateTime(row.reconciledAt);
    case '_reason':
      return <CellText text={row.reason} width={width} />;
    case '_file_name':
      return <CellText text={row.fileName} width={width} />;
    case '_loaded_at':
      return formatDateTime(row.loadedAt);
  }
}

const FIELD_WIDTHS: Record<RowField, number> = {
  _status: 200,
  _match_id: 110,
  _rule_name: 200,
  _reconciled_at: DATE_TIME_COLUMN_WIDTH,
  _reason: 240,
  _file_name: 220,
  _loaded_at: DATE_TIME_COLUMN_WIDTH,
};

/**
 * Room for the values of the type, and for the heading with its sort and filter icons (about 80 px; 60 in a small
 * table, where text is cut sooner so both sides of the match view fit).
 */
function width(column: ViewColumn, title: string, isSmall: boolean): number {
  const heading = Math.ceil(title.length * (isSmall ? 8 : 8.5)) + (isSmall ? 74 : 80);
  if (column.isField) return Math.max(FIELD_WIDTHS[column.key], column.key === '_status' ? 0 : heading);
  if (column.cell.type === 'DATE') return Math.max(isSmall ? 105 : 120, heading);
  if (column.cell.type === 'DATETIME') return Math.max(isSmall ? 140 : DATE_TIME_COLUMN_WIDTH, heading);
  if (column.cell.isMoney) return Math.max(isSmall ? 125 : 150, heading);
  if (isNumericType(column.cell.type)) return Math.max(isSmall ? 100 : 120, heading);
  return Math.max(isSmall ? 135 : 180, heading);
}

type Options = {
  t: TFunction;
  locale: NumberLocale;
  columns: readonly ViewColumn[];
  filters: Readonly<Record<string, ColumnFilterValue>>;
  sort: { column: string; dir: 'asc' | 'desc' } | undefined;
  onFilter: (column: string, filter: ColumnFilterValue | undefined) => void;
  isSmall?: boolean;
  /** Columns fixed on the left (they come first). */
  pinned?: readonly string[];
};

/** The visible columns as table columns: each sorted and filtered by the server. */
export function transactionTableColumns(o: Options): ColumnsType<TransactionRow> {
  return o.columns.map((column) => {
    const title = columnTitle(o.t, column);
    const filter = o.filters[column.key];
    // Amounts and counts line up on the right; identifiers (match id) read from the left.
    const isRight = column.kind === 'number' && !column.isField;
    const columnWidth = width(column, title, o.isSmall ?? false);
    return {
      title,
      key: column.key,
      width: columnWidth,
      fixed: o.pinned?.includes(column.key) ? ('left' as const) : undefined,
      // Long text is cut with an ellipsis; the cell shows the whole of it in a tooltip.
      ellipsis: column.key !== '_status' ? { showTitle: false } : undefined,
      align: isRight ? ('right' as const) : undefined,
      sorter: true,
      sortOrder:
        o.sort?.column === column.key ? (o.sort.dir === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      filteredValue: filter ? [filter.value] : null,
      filterIcon: (isFiltered: boolean) =>
        isFiltered ? <FilterFilled style={{ color: 'var(--ant-color-primary)' }} /> : <FilterOutlined />,
      filterDropdown: ({ close }) => (
        <ColumnFilter
          key={`${filter?.operator}:${filter?.value}`}
          title={title}
          kind={column.kind}
          value={filter}
          onApply={(next) => o.onFilter(column.key, next)}
          close={close}
        />
      ),
      render: (_: unknown, row: TransactionRow) => {
        if (column.isField) return fieldCell(o.t, column.key, row, columnWidth);
        const text = formatCell(row.values[column.key], column.cell, o.locale);
        return column.kind === 'text' ? <CellText text={text} width={columnWidth} /> : text;
      },
    };
  });
}
