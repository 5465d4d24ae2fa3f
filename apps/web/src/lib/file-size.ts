import { formatNumber, type NumberLocale } from '@/lib/format';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const STEP = 1024;

/** 1536 → "1.5 KB"; bytes below 1 KB are shown whole. */
export function formatFileSize(bytes: number, locale: NumberLocale): string {
  let value = bytes;
  let unit = 0;
  while (value >= STEP && unit < UNITS.length - 1) {
    value /= STEP;
    unit += 1;
  }
  return `${formatNumber(value, locale, unit === 0 ? 0 : 1)} ${UNITS[unit]}`;
}
