import type { DashletFigures } from '@recon/contract';
import { Flex, Spin, Statistic, Table, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { EmptyState } from '@/ui/empty-state';
import { labelText } from './figure-text';

const DashletChart = lazy(() => import('./dashlet-chart').then((m) => ({ default: m.DashletChart })));

type Row = DashletFigures['rows'][number];

/** Whether the figures show nothing yet: no rows, or only zeros (a report's rows are shown even when zero). */
export function isEmptyFigures(figures: DashletFigures): boolean {
  if (figures.kind === 'REPORT') return figures.rows.length === 0;
  const numbers = figures.columns.filter((c) => c.kind !== 'label');
  return figures.rows.every((r) => numbers.every((c) => Number(r[c.key] ?? 0) === 0));
}

function useShowValue() {
  const locale = useNumberLocale();
  return (kind: string, v: string | number | undefined) => {
    if (v === undefined) return '';
    if (kind === 'money') return formatCurrency(v, locale);
    if (kind === 'count') return formatNumber(v, locale, 0);
    if (kind === 'percent') return `${v}%`;
    return labelText(v);
  };
}

/** The key a table row goes by: a report's rows by position (its first column may repeat), the others by label. */
const ROW_INDEX = '__row';

function FiguresTable({ figures }: { figures: DashletFigures }) {
  const show = useShowValue();
  const byIndex = figures.kind === 'REPORT';
  return (
    <Table<Row>
      size="small"
      pagination={false}
      rowKey={(r) => String(r[byIndex ? ROW_INDEX : (figures.columns[0]?.key ?? '')] ?? '')}
      dataSource={byIndex ? figures.rows.map((r, i) => ({ ...r, [ROW_INDEX]: i })) : figures.rows}
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

/** The headline as shown: a report's as its column reads (money to the paisa, counts grouped); the others as sent. */
function headlineOf(figures: DashletFigures, show: ReturnType<typeof useShowValue>): string {
  const headline = figures.headline;
  if (!headline) return '—';
  if (figures.kind !== 'REPORT') return headline.value;
  const column = figures.columns.find((c) => c.label === headline.label && c.kind !== 'label');
  return column ? show(column.kind, headline.value) : headline.value;
}

/** Under a report's headline: the row it is of, by its shown columns ("Side: CR"); nothing for an ungrouped total. */
function ReportRowOf({ figures }: { figures: DashletFigures }) {
  const { t } = useTranslation();
  const first = figures.rows[0];
  const labels = figures.columns.filter((c) => c.kind === 'label');
  if (!first || labels.length === 0 || !figures.headline) return null;
  const row = labels.map((c) => t('dashboards.labelValue', { label: c.label, value: labelText(first[c.key]) }));
  return <Typography.Text type="secondary">{row.join(' · ')}</Typography.Text>;
}

/** A dashlet's figures as its chart type says: a number, a table, or a chart (ECharts, loaded on first use). */
export function DashletFiguresView({ figures }: { figures: DashletFigures }) {
  const { t } = useTranslation();
  const show = useShowValue();
  const total = figures.kind === 'MATCH_RATE' ? figures.rows.at(-1) : undefined;
  if (figures.kind === 'MATCH_RATE' && Number(total?.total ?? 0) === 0) {
    return <EmptyState description={t('dashboards.noRowsLoaded')} />;
  }
  if (figures.kind !== 'MATCH_RATE' && isEmptyFigures(figures)) {
    const empty =
      figures.kind === 'RUNS'
        ? 'dashboards.noRuns'
        : figures.kind === 'REPORT'
          ? 'dashboards.noReportRows'
          : 'dashboards.noFigures';
    return <EmptyState description={t(empty)} />;
  }
  if (figures.chartType === 'TABLE') return <FiguresTable figures={figures} />;
  if (figures.chartType === 'NUMBER') {
    return (
      <Flex vertical justify="center" align="center" gap={4} style={{ height: '100%' }}>
        <Statistic title={figures.headline?.label} value={headlineOf(figures, show)} />
        {total && (
          <Typography.Text type="secondary">
            {t('dashboards.matchedOf', { matched: total.matched, total: total.total, open: total.open })}
          </Typography.Text>
        )}
        {figures.kind === 'REPORT' && <ReportRowOf figures={figures} />}
      </Flex>
    );
  }
  return (
    <Suspense fallback={<Spin />}>
      <DashletChart figures={figures} label={figures.title} />
    </Suspense>
  );
}
