import {
  LOADED_AT_DATE_COLUMN,
  type ReconPeriods,
  type TransactionDataSource,
  type TransactionRecon,
} from '@recon/contract';
import { DatePicker, Flex, Form, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PERIOD_PRESETS, type PeriodPreset } from '@/features/transactions/period';
import { statusLabel } from '@/features/transactions/status';
import { humanize } from '@/features/transactions/view-columns';
import { formatDate } from '@/lib/format';
import { AppSelect } from '@/ui/app-select';

type Props = {
  recons: readonly TransactionRecon[] | undefined;
  isLoading: boolean;
  recon: TransactionRecon | undefined;
  onRecon: (id: number) => void;
  dataSource: TransactionDataSource | undefined;
  dateColumn: string;
  onDateColumn: (column: string) => void;
  /** Hidden in the match view, where each side's range is on its first date column. */
  isDateColumnHidden?: boolean;
  /** The section's period: its preset (none while it resolves), its days, and the recon's presets' days. */
  preset: PeriodPreset | undefined;
  onPreset: (preset: PeriodPreset) => void;
  periods: ReconPeriods | undefined;
  range: readonly [string, string] | undefined;
  onRange: (range: [string, string]) => void;
  /** The tab's statuses when it shows more than one. */
  statusChoices?: readonly string[];
  statuses: readonly string[];
  onStatuses: (statuses: string[]) => void;
};

export const sideLabel = (d: TransactionDataSource) => (d.side ? `${d.side} · ${d.name}` : d.name);

/** A preset's days (and the whole file's names), as its hover text; null when the recon has nothing for it. */
function presetSpan(preset: PeriodPreset, periods: ReconPeriods | undefined): string | undefined | null {
  if (preset !== 'latestRun' && preset !== 'wholeFile') return undefined;
  if (!periods) return undefined;
  const days = (span: { fromDate: string; toDate: string }) =>
    `${formatDate(span.fromDate)} – ${formatDate(span.toDate)}`;
  if (preset === 'latestRun') return periods.latestRun ? days(periods.latestRun) : null;
  return periods.wholeFile ? `${periods.wholeFile.fileNames.join(', ')}: ${days(periods.wholeFile)}` : null;
}

/**
 * The recon, the date column, the status filter, and the period (shared by every tab of the section) last: on a
 * narrow screen it wraps onto its own line whole rather than pushing the status filter under it.
 */
export function ReconToolbar(p: Props) {
  const { t } = useTranslation();
  const dateColumns = [...(p.dataSource?.dateColumns ?? []), LOADED_AT_DATE_COLUMN];
  const item = { layout: 'vertical' as const, style: { marginBottom: 0 } };
  return (
    <Flex gap={12} wrap align="flex-end">
      <Form.Item label={t('transactions.toolbar.recon')} {...item} style={{ marginBottom: 0, minWidth: 260 }}>
        <AppSelect<number>
          aria-label={t('transactions.toolbar.recon')}
          allowClear={false}
          loading={p.isLoading}
          value={p.recon?.id}
          onChange={p.onRecon}
          options={(p.recons ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </Form.Item>
      {!p.isDateColumnHidden && (
        <Form.Item label={t('transactions.toolbar.dateColumn')} {...item} style={{ marginBottom: 0, minWidth: 170 }}>
          <AppSelect<string>
            aria-label={t('transactions.toolbar.dateColumn')}
            allowClear={false}
            value={p.dateColumn}
            onChange={p.onDateColumn}
            options={dateColumns.map((c) => ({
              value: c,
              label: c === LOADED_AT_DATE_COLUMN ? t('transactions.fields._loaded_at') : humanize(c),
            }))}
          />
        </Form.Item>
      )}
      {p.statusChoices && (
        <Form.Item label={t('transactions.toolbar.status')} {...item} style={{ marginBottom: 0, minWidth: 220 }}>
          <AppSelect<string[]>
            mode="multiple"
            aria-label={t('transactions.toolbar.status')}
            placeholder={t('transactions.toolbar.allStatuses')}
            value={[...p.statuses]}
            onChange={p.onStatuses}
            options={p.statusChoices.map((s) => ({ value: s, label: statusLabel(s) }))}
          />
        </Form.Item>
      )}
      <Form.Item label={t('transactions.period.label')} {...item}>
        <Flex gap={8} wrap>
          <Segmented<PeriodPreset>
            aria-label={t('transactions.period.label')}
            value={p.preset}
            onChange={p.onPreset}
            options={PERIOD_PRESETS.map((preset) => {
              const span = presetSpan(preset, p.periods);
              return {
                value: preset,
                label: t(`transactions.period.presets.${preset}`),
                disabled: span === null,
                title: span === null ? t('transactions.period.nothingLoaded') : (span ?? undefined),
              };
            })}
          />
          <DatePicker.RangePicker
            aria-label={t('transactions.toolbar.dateRange')}
            format="DD-MM-YYYY"
            allowClear={false}
            disabled={!p.range}
            value={p.range ? [dayjs(p.range[0]), dayjs(p.range[1])] : null}
            onChange={(days) => {
              if (days?.[0] && days[1]) p.onRange([days[0].format('YYYY-MM-DD'), days[1].format('YYYY-MM-DD')]);
            }}
          />
        </Flex>
      </Form.Item>
    </Flex>
  );
}
