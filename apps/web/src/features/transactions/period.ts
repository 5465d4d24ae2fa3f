import type { ReconPeriods } from '@recon/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { defaultDateRange } from '@/lib/date-range';

/**
 * The period of the Recon section (issue 12): one choice shared by every tab of a module's recons, kept in the
 * URL (`period`, and `from` / `to` for a custom range) so a link or a reload keeps it, and remembered per module
 * so moving to another tab keeps it too. A preset is resolved to days per recon: the latest run's, the latest
 * files', this month's.
 */

export const PERIOD_PRESETS = ['latestRun', 'wholeFile', 'thisMonth', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export type PeriodChoice = { preset: Exclude<PeriodPreset, 'custom'> } | { preset: 'custom'; from: string; to: string };

/** What the tabs read for: the days (YYYY-MM-DD, inclusive) and the preset they came from. */
export type ResolvedPeriod = { preset: PeriodPreset; range: [string, string] };

/** Before anything is chosen: the latest run, so a tab with data never opens empty. */
export const FIRST_CHOICE: PeriodChoice = { preset: 'latestRun' };

export const PERIOD_PARAMS = { preset: 'period', from: 'from', to: 'to' } as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: unknown): v is string => typeof v === 'string' && ISO_DAY.test(v) && dayjs(v).isValid();

/** A choice from stored or linked values; anything unreadable is no choice. */
export function toChoice(preset: unknown, from: unknown, to: unknown): PeriodChoice | null {
  if (preset === 'custom' || (preset == null && from != null)) {
    return isDay(from) && isDay(to) && from <= to ? { preset: 'custom', from, to } : null;
  }
  if (preset === 'latestRun' || preset === 'wholeFile' || preset === 'thisMonth') return { preset };
  return null;
}

export function choiceOfParams(params: URLSearchParams): PeriodChoice | null {
  return toChoice(params.get(PERIOD_PARAMS.preset), params.get(PERIOD_PARAMS.from), params.get(PERIOD_PARAMS.to));
}

/** The URL's search params with the choice written in; the page's other params stay. */
export function withChoice(params: URLSearchParams, choice: PeriodChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(PERIOD_PARAMS.preset, choice.preset);
  if (choice.preset === 'custom') {
    next.set(PERIOD_PARAMS.from, choice.from);
    next.set(PERIOD_PARAMS.to, choice.to);
  } else {
    next.delete(PERIOD_PARAMS.from);
    next.delete(PERIOD_PARAMS.to);
  }
  return next;
}

export const sameChoice = (a: PeriodChoice | null, b: PeriodChoice | null) =>
  a?.preset === b?.preset && (a?.preset !== 'custom' || (b?.preset === 'custom' && a.from === b.from && a.to === b.to));

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * The days a choice covers for a recon. A preset the recon has nothing for falls back: the latest run to the
 * latest files, either to the spec's default range (the last `defaultDays` days), shown as a custom range.
 * `periods` undefined: still loading, nothing resolved yet unless the choice needs no server answer.
 */
export function resolvePeriod(
  choice: PeriodChoice,
  periods: ReconPeriods | undefined,
  defaultDays: number,
  today: Dayjs = dayjs(),
): ResolvedPeriod | null {
  if (choice.preset === 'custom') return { preset: 'custom', range: [choice.from, choice.to] };
  if (choice.preset === 'thisMonth') {
    return { preset: 'thisMonth', range: [day(today.startOf('month')), day(today.endOf('month'))] };
  }
  if (!periods) return null;
  const span =
    choice.preset === 'latestRun' ? (periods.latestRun ?? periods.wholeFile) : (periods.wholeFile ?? periods.latestRun);
  if (span) {
    const preset = span === periods.latestRun ? 'latestRun' : 'wholeFile';
    return { preset, range: [span.fromDate, span.toDate] };
  }
  const [from, to] = defaultDateRange(defaultDays, today);
  return { preset: 'custom', range: [day(from), day(to)] };
}
