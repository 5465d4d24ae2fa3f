import type { DashletFigures } from '@recon/contract';
import { Flex, Spin, Statistic, Table, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { EmptyState } from '@/ui/empty-state';

const DashletChart = lazy(() => import('./dashlet-chart').then((m) => ({ default: m.DashletChart })));

type Row = DashletFigures['rows'][number];

/** Whether the figures show nothing yet: no rows, or only zeros. */
export function isEmptyFigures(figures: DashletFigures): boolean {
  const numbers = figures.columns.filter((c) => c.kind !== 'label');
  return figures.rows.every((r) => numbers.every((c) => Number(r[c.key] ?? 0) === 0));
}

function FiguresTable({ figures }: { figures: DashletFigures }) {
  const locale = useNumberLocale();
  const show = (kind: string, v: string | number | undefined) => {
    if (v === undefined) return '';
    if (kind === 'money') return formatCurrency(v, locale);
    if (kind === 'count') return formatNumber(v, locale, 0);
    if (kind === 'percent') return `${v}%`;
    return String(v);
  };
  return (
    <Table<Row>
      size="small"
      pagination={false}
      rowKey={(r) => String(r[figures.columns[0]?.key ?? ''] ?? '')}
      dataSource={figures.rows}
      scroll={{ y: 'calc(100% - 40px)' }}
      columns={figures.columns.map((c) => ({
        key: c.key,
        title: c.label,
        dataIndex: c.key,
        align: c.kind === 'label' ? 'left' : 'right',
        ellipsis: c.kind === 'label',
        render: (v: string | number | undefined) => show(c.kind, v),
      }))}
    />
  );
}

/** A dashlet's figures as its chart type says: a number, a table, or a chart (ECharts, loaded on first use). */
export function DashletFiguresView({ figures }: { figures: DashletFigures }) {
  const { t } = useTranslation();
  const total = figures.kind === 'MATCH_RATE' ? figures.rows.at(-1) : undefined;
  if (figures.kind === 'MATCH_RATE' && Number(total?.total ?? 0) === 0) {
    return <EmptyState description={t('dashboards.noRowsLoaded')} />;
  }
  if (figures.kind !== 'MATCH_RATE' && isEmptyFigures(figures)) {
    return <EmptyState description={t(figures.kind === 'RUNS' ? 'dashboards.noRuns' : 'dashboards.noFigures')} />;
  }
  if (figures.chartType === 'TABLE') return <FiguresTable figures={figures} />;
  if (figures.chartType === 'NUMBER') {
    return (
      <Flex vertical justify="center" align="center" gap={4} style={{ height: '100%' }}>
        <Statistic title={figures.headline?.label} value={figures.headline?.value ?? '—'} />
        {total && (
          <Typography.Text type="secondary">
            {t('dashboards.matchedOf', { matched: total.matched, total: total.total, open: total.open })}
          </Typography.Text>
        )}
      </Flex>
    );
  }
  return (
    <Suspense fallback={<Spin />}>
      <DashletChart figures={figures} label={figures.title} />
    </Suspense>
  );
}
