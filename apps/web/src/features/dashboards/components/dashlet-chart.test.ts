import type { DashletFigures } from '@recon/contract';
import { NUMBER_FORMATS } from '@recon/contract/constants';
import { describe, expect, it } from 'vitest';
import { chartOption } from '@/features/dashboards/components/dashlet-chart';

const INDIAN = NUMBER_FORMATS.indian;

const TREND: DashletFigures = {
  kind: 'TREND',
  chartType: 'LINE',
  title: 'Trend',
  asOnDate: '2026-11-27',
  columns: [
    { key: 'day', label: 'Day', kind: 'label' },
    { key: 'matched', label: 'Matched', kind: 'count' },
    { key: 'open', label: 'Open', kind: 'count' },
  ],
  rows: [
    { day: '2026-11-26', matched: 150, open: 3 },
    { day: '2026-11-27', matched: 0, open: 9 },
  ],
  headline: null,
};

describe('a dashlet chart', () => {
  it('names its days as every other screen does (DD-MM-YYYY) and draws the counts as they are, unsmoothed', () => {
    const option = chartOption(TREND, INDIAN) as {
      xAxis: { data: string[] };
      series: { name: string; data: number[]; smooth?: boolean }[];
    };
    expect(option.xAxis.data).toEqual(['26-11-2026', '27-11-2026']);
    expect(option.series.map((s) => [s.name, s.data, s.smooth ?? false])).toEqual([
      ['Matched', [150, 0], false],
      ['Open', [3, 9], false],
    ]);
  });

  it('keeps age buckets as they are', () => {
    const ages: DashletFigures = {
      ...TREND,
      kind: 'OPEN_BY_AGE',
      chartType: 'BAR',
      columns: [
        { key: 'bucket', label: 'Age (days)', kind: 'label' },
        { key: 'open', label: 'Open rows', kind: 'count' },
      ],
      rows: [
        { bucket: '0-7', open: 2 },
        { bucket: '90+', open: 1 },
      ],
    };
    expect((chartOption(ages, INDIAN) as { xAxis: { data: string[] } }).xAxis.data).toEqual(['0-7', '90+']);
  });

  it('draws a report by its shown columns: groups named by every label column, its first kind of number side by side', () => {
    const report: DashletFigures = {
      ...TREND,
      kind: 'REPORT',
      chartType: 'BAR',
      columns: [
        { key: 'c1', label: 'Region', kind: 'label' },
        { key: 'c2', label: 'Day', kind: 'label' },
        { key: 'c3', label: 'Total', kind: 'money' },
        { key: 'c4', label: 'Rows', kind: 'count' },
        { key: 'c5', label: 'Fees', kind: 'money' },
      ],
      rows: [
        { c1: 'NORTH', c2: '2026-11-26', c3: '1250.35', c4: 2, c5: '-4.50' },
        { c1: 'WEST', c2: '2026-11-27', c3: '500.01', c4: 2, c5: '0.00' },
      ],
    };
    const option = chartOption(report, INDIAN) as {
      xAxis: { data: string[] };
      series: { name: string; data: number[]; stack?: string }[];
    };
    expect(option.xAxis.data).toEqual(['NORTH · 26-11-2026', 'WEST · 27-11-2026']);
    expect(option.series.map((s) => [s.name, s.data, s.stack ?? null])).toEqual([
      ['Total', [1250.35, 500.01], null],
      ['Fees', [-4.5, 0], null],
    ]);
  });

  it('groups the axis and the tooltip as the number format says, amounts with their paise', () => {
    const amounts: DashletFigures = {
      kind: 'OPEN_BY_AGE',
      chartType: 'BAR',
      title: 'Amounts',
      asOnDate: '2026-11-27',
      columns: [
        { key: 'bucket', label: 'Age (days)', kind: 'label' },
        { key: 'amount', label: 'Open amount', kind: 'money' },
      ],
      rows: [{ bucket: '0-7', amount: '70000000.50' }],
      headline: null,
    };
    const option = (locale: string) =>
      chartOption(amounts, locale as typeof INDIAN) as {
        yAxis: { axisLabel: { formatter: (v: number) => string } };
        tooltip: { valueFormatter: (v: unknown) => string };
      };
    expect(option(INDIAN).yAxis.axisLabel.formatter(70_000_000)).toBe('7,00,00,000');
    expect(option(INDIAN).tooltip.valueFormatter(70_000_000.5)).toBe('7,00,00,000.50');
    expect(option(NUMBER_FORMATS.international).yAxis.axisLabel.formatter(70_000_000)).toBe('70,000,000');
  });
});
