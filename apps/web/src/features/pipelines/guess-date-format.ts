import type { FileDateFormat } from '@recon/contract';

const DAY = '(0[1-9]|[12]\\d|3[01])';
const MONTH = '(0[1-9]|1[0-2])';
const MON = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '([01]\\d|2[0-3]):[0-5]\\d';

/** Patterns in the order they are tried: the day-first reading wins when both fit (the product's habit). */
const PATTERNS: readonly [FileDateFormat, RegExp][] = [
  ['DD-MM-YYYY', new RegExp(`^${DAY}-${MONTH}-\\d{4}$`)],
  ['YYYY-MM-DD', new RegExp(`^\\d{4}-${MONTH}-${DAY}$`)],
  ['DD/MM/YYYY', new RegExp(`^${DAY}/${MONTH}/\\d{4}$`)],
  ['MM/DD/YYYY', new RegExp(`^${MONTH}/${DAY}/\\d{4}$`)],
  ['DD-MMM-YYYY', new RegExp(`^${DAY}-${MON}-\\d{4}$`, 'i')],
  ['DD/MM/YY', new RegExp(`^${DAY}/${MONTH}/\\d{2}$`)],
  ['YYYY-MM-DD HH:mm:ss', new RegExp(`^\\d{4}-${MONTH}-${DAY} ${TIME}:[0-5]\\d$`)],
  ['DD-MM-YYYY HH:mm:ss', new RegExp(`^${DAY}-${MONTH}-\\d{4} ${TIME}:[0-5]\\d$`)],
  ['DD/MM/YYYY HH:mm', new RegExp(`^${DAY}/${MONTH}/\\d{4} ${TIME}$`)],
  ['ISO', /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/],
];

/** The first date format every non-blank sample value fits, or null when there is none or no sample. */
export function guessDateFormat(samples: readonly string[]): FileDateFormat | null {
  const values = samples.map((s) => s.trim()).filter((s) => s.length > 0);
  if (values.length === 0) return null;
  return PATTERNS.find(([, pattern]) => values.every((v) => pattern.test(v)))?.[0] ?? null;
}
