import { rollbackDateBefore } from '@recon/contract';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The rollback date helper of spec 2 §5: the day `amount` DAYS, MONTHS or YEARS before `from` (start of that
 * day); any other unit throws "Invalid unit. Use DAYS, MONTHS, or YEARS.".
 */
export function rollbackDateFrom(from: Dayjs, amount: number, unit: string): Dayjs {
  // Calendar arithmetic on the local day: noon UTC of it keeps the date whatever the offset.
  const noon = new Date(Date.UTC(from.year(), from.month(), from.date(), 12));
  const before = rollbackDateBefore(noon, Math.max(0, amount), unit);
  return dayjs(new Date(before.getUTCFullYear(), before.getUTCMonth(), before.getUTCDate())).startOf('day');
}
