import { BATCH_NUMBER_MAX, BATCH_TIME_SLOTS } from '@recon/contract';
import type { Dayjs } from 'dayjs';

/** Date-range pickers (spec 2 §2): a day, a week (Monday to Sunday), a month (first to last day), a year. */
export const PERIOD_UNITS = ['day', 'week', 'month', 'year'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

const DAYS_FROM_MONDAY = (day: number) => (day + 6) % 7;

export function periodRange(unit: PeriodUnit, value: Dayjs): [Dayjs, Dayjs] {
  if (unit === 'week') {
    const monday = value.subtract(DAYS_FROM_MONDAY(value.day()), 'day').startOf('day');
    return [monday, monday.add(6, 'day')];
  }
  if (unit === 'month') return [value.startOf('month'), value.endOf('month').startOf('day')];
  if (unit === 'year') return [value.startOf('year'), value.endOf('year').startOf('day')];
  return [value.startOf('day'), value.startOf('day')];
}

/**
 * Batch choices: with the time mapping, the 48 half-hour slots (1 is 00:30 … 48 is 00:00); otherwise the batch
 * numbers 1 to 96.
 */
export function batchOptions(isTimeMapped: boolean): { value: number; label: string }[] {
  if (isTimeMapped)
    return BATCH_TIME_SLOTS.map((s) => ({ value: s.batchNumber, label: `${s.batchNumber} (${s.time})` }));
  return Array.from({ length: BATCH_NUMBER_MAX }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
}
