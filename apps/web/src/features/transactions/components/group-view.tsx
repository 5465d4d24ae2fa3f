import type { GroupRow, TransactionDataSource, TransactionRecon } from '@recon/contract';
import { Card, Col, Descriptions, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCell } from '@/features/transactions/cell-format';
import { StatusBadge } from '@/features/transactions/components/status-badge';
import { closedByText } from '@/features/transactions/components/transaction-columns';
import { sumDecimals } from '@/features/transactions/money';
import { humanize } from '@/features/transactions/view-columns';
import { formatCurrency, formatDateTime } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';

type Props = {
  recon: TransactionRecon | undefined;
  rows: readonly GroupRow[];
  /** The row the person came from, outlined. */
  focusRowId?: { dataSourceId: number; rowId: number };
};

/** One row: its status, how it was closed, and its shown columns in the module's formats. */
export function RowCard({
  row,
  dataSource,
  isFocused,
}: {
  row: GroupRow;
  dataSource: TransactionDataSource | undefined;
  isFocused?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const columns = (dataSource?.columns ?? []).filter((c) => c.isShown);
  const closedBy = closedByText(t, row);
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center" wrap>
          <StatusBadge status={row.status} />
          <Typography.Text type="secondary">{t('transactions.group.rowId', { id: row.id })}</Typography.Text>
        </Flex>
      }
      style={
        isFocused
          ? { borderColor: 'var(--ant-color-primary)', boxShadow: '0 0 0 1px var(--ant-color-primary)' }
          : undefined
      }
    >
      <Descriptions
        size="small"
        column={1}
        styles={{ label: { width: 140 } }}
        items={[
          ...columns.map((c) => ({
            key: c.name,
            label: humanize(c.name),
            children: formatCell(row.values[c.name], { type: c.type, isMoney: c.isMoney }, locale) || '—',
          })),
          ...(closedBy ? [{ key: '_by', label: t('transactions.fields._rule_name'), children: closedBy }] : []),
          ...(row.reason ? [{ key: '_reason', label: t('transactions.fields._reason'), children: row.reason }] : []),
          ...(row.reconciledAt
            ? [
                {
                  key: '_at',
                  label: t('transactions.fields._reconciled_at'),
                  children: formatDateTime(row.reconciledAt),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

/** The totals of a side's money columns, so a person sees at once whether the group balances. */
function SideTotals({
  rows,
  dataSource,
}: {
  rows: readonly GroupRow[];
  dataSource: TransactionDataSource | undefined;
}) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const money = (dataSource?.columns ?? []).filter((c) => c.isMoney && c.isShown);
  if (money.length === 0 || rows.length < 2) return null;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      title={t('transactions.group.totals')}
      items={money.map((c) => ({
        key: c.name,
        label: humanize(c.name),
        children: formatCurrency(sumDecimals(rows.map((r) => r.values[c.name])), locale),
      }))}
    />
  );
}

/** A matched group side by side: side A's rows on the left, side B's on the right. */
export function GroupView({ recon, rows, focusRowId }: Props) {
  const { t } = useTranslation();
  const sources = recon?.dataSources ?? [];
  const bySource = new Map<number, GroupRow[]>();
  for (const row of rows) bySource.set(row.dataSourceId, [...(bySource.get(row.dataSourceId) ?? []), row]);
  // Both sides are shown even when one has no row (a same-side reversal), so the layout does not jump.
  const shown = sources.filter((s) => s.side !== null || bySource.has(s.id));
  return (
    <Row gutter={16}>
      {shown.map((source) => {
        const sideRows = bySource.get(source.id) ?? [];
        return (
          <Col key={source.id} xs={24} md={24 / Math.max(1, Math.min(shown.length, 2))}>
            <Flex vertical gap={12}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('transactions.group.side', { side: source.side ?? '', name: source.name, count: sideRows.length })}
              </Typography.Title>
              {sideRows.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('transactions.group.noRowsOnSide')} />
              ) : (
                sideRows.map((row) => (
                  <RowCard
                    key={row.id}
                    row={row}
                    dataSource={source}
                    isFocused={focusRowId?.dataSourceId === row.dataSourceId && focusRowId.rowId === row.id}
                  />
                ))
              )}
              <SideTotals rows={sideRows} dataSource={source} />
            </Flex>
          </Col>
        );
      })}
    </Row>
  );
}
