import type { DashletFigures } from '@recon/contract';
import { describe, expect, it } from 'vitest';
import { chartOption } from '@/features/dashboards/components/dashlet-chart';

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
    const option = chartOption(TREND) as {
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
    expect((chartOption(ages) as { xAxis: { data: string[] } }).xAxis.data).toEqual(['0-7', '90+']);
  });
});
