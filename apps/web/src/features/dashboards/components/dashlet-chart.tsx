import type { DashletFigures } from '@recon/contract';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { formatNumber, type NumberLocale } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { labelText } from './figure-text';

// ECharts is imported here only: this module is reached from the Dashboard pages' lazy chunks, never the first load.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const PALETTE = ['#1677ff', '#fa8c16', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2'];

/** The figures' label columns and the number columns a chart draws (money as numbers; percents stay in tables). */
function seriesOf(figures: DashletFigures) {
  const numbers = figures.columns.filter((c) => c.kind === 'count' || c.kind === 'money');
  if (figures.kind === 'REPORT') {
    // A report's groups are named by all its shown columns; its first number column says what is drawn, with the
    // number columns of the same kind after it (amounts and counts are not drawn on one axis).
    const first = numbers[0];
    return {
      labels: figures.columns.filter((c) => c.kind === 'label'),
      drawn: numbers.filter((c) => c.kind === first?.kind),
      rows: figures.rows,
    };
  }
  const label = figures.columns.find((c) => c.kind === 'label');
  // MATCH_RATE's last row is the total: a chart of the parts leaves it out.
  const rows = figures.kind === 'MATCH_RATE' ? figures.rows.slice(0, -1) : figures.rows;
  // Counts and amounts on one axis mislead: draw the counts unless the dashlet is only about amounts.
  const drawn =
    numbers.filter((c) => c.kind === 'count').length > 0 ? numbers.filter((c) => c.kind === 'count') : numbers;
  return { labels: label ? [label] : [], drawn, rows };
}

/**
 * The chart of some figures. Values on the axis and in the tooltip are grouped as every other screen groups them
 * (the NUMBER_FORMAT setting: 1,00,00,000 in the Indian format), amounts with their two decimals in the tooltip.
 */
export function chartOption(figures: DashletFigures, locale: NumberLocale): echarts.EChartsCoreOption {
  const { labels, drawn, rows } = seriesOf(figures);
  const isMoney = drawn[0]?.kind === 'money';
  const valueText = (value: unknown) =>
    typeof value === 'number' ? formatNumber(value, locale, isMoney ? 2 : 0, isMoney ? 2 : 0) : String(value ?? '');
  const categories = rows.map((r) => labels.map((l) => labelText(r[l.key])).join(' · '));
  if (figures.chartType === 'PIE') {
    const first = drawn[0];
    return {
      color: PALETTE,
      tooltip: { trigger: 'item', valueFormatter: valueText },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          top: -20,
          data: rows.map((r, i) => ({ name: categories[i], value: Number(first ? r[first.key] : 0) })),
        },
      ],
    };
  }
  const type = figures.chartType === 'LINE' ? 'line' : 'bar';
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', valueFormatter: valueText },
    legend: { bottom: 0 },
    // The last day's name is centred on the axis's end: room on the right keeps it whole.
    grid: { left: 8, right: 32, top: 16, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: categories, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => formatNumber(v, locale) } },
    series: drawn.map((c) => ({
      name: c.label,
      type,
      data: rows.map((r) => Number(r[c.key] ?? 0)),
      // Parts of a whole stack (matched and open); a report's columns are side by side.
      ...(type === 'bar' && drawn.length > 1 && figures.kind !== 'REPORT' ? { stack: 'all' } : {}),
    })),
  };
}

/** One dashlet's chart; it follows its box's size (a resize on the grid redraws it). */
export function DashletChart({ figures, label }: { figures: DashletFigures; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const locale = useNumberLocale();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el);
    chart.setOption(chartOption(figures, locale));
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [figures, locale]);
  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height: '100%', minHeight: 120 }} />;
}
