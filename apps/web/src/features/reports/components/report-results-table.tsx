import type { ReportResultColumn } from '@recon/contract';
import { Table, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { EmptyState } from '@/ui/empty-state';

type Row = { key: number; cells: (string | null)[] };

/**
 * A report's rows as the server answers them (text values by column kind): amounts as money and numbers grouped
 * per the product's number format, right-aligned; days and moments as every screen shows them.
 */
export function ReportResultsTable({
  columns,
  rows,
  start = 0,
  loading = false,
  pagination = false,
}: {
  columns: readonly ReportResultColumn[];
  rows: readonly (string | null)[][];
  start?: number;
  loading?: boolean;
  pagination?: TablePaginationConfig | false;
}) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const shown = (kind: ReportResultColumn['kind'], v: string | null) => {
    if (v === null) return '';
    if (kind === 'amount') return formatCurrency(v, locale);
    if (kind === 'number') return formatNumber(v, locale, 4);
    if (kind === 'date') return formatDate(v);
    if (kind === 'timestamp') return formatDateTime(v);
    return v;
  };
  const isNumeric = (kind: ReportResultColumn['kind']) => kind === 'amount' || kind === 'number';
  return (
    <Table<Row>
      rowKey="key"
      size="small"
      loading={loading}
      dataSource={rows.map((cells, i) => ({ key: start + i, cells }))}
      locale={{ emptyText: loading ? ' ' : <EmptyState description={t('reports.noRows')} /> }}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      columns={columns.map((c, i) => ({
        title: c.label,
        key: c.key,
        align: isNumeric(c.kind) ? ('right' as const) : undefined,
        render: (_: unknown, row: Row) => shown(c.kind, row.cells[i] ?? null),
      }))}
    />
  );
}
