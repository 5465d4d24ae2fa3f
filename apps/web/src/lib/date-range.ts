import dayjs, { type Dayjs } from 'dayjs';

/** The default filter range: the last `days` days up to today (0 → today only), whole days. */
export function defaultDateRange(days: number, today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [today.subtract(Math.max(0, days), 'day').startOf('day'), today.endOf('day')];
}
