import { CURRENCY_DECIMALS, DATE_FORMATS, DEFAULT_CURRENCY, NUMBER_FORMATS } from '@recon/contract/constants';
import dayjs from 'dayjs';

export type NumberLocale = (typeof NUMBER_FORMATS)[keyof typeof NUMBER_FORMATS];

/** The NUMBER_FORMAT setting names the locale; anything unknown falls back to the Indian format. */
export function numberLocaleFromSetting(value: string | undefined): NumberLocale {
  return value === NUMBER_FORMATS.international ? NUMBER_FORMATS.international : NUMBER_FORMATS.indian;
}

const DECIMAL_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * Intl formats a decimal string exactly (it does not go through a float), so money that arrives as a
 * string keeps every digit. Numbers are accepted for counts. Unreadable input is shown as it came.
 */
function toFormattable(value: string | number): Intl.StringNumericLiteral | number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  return DECIMAL_PATTERN.test(trimmed) ? (trimmed as Intl.StringNumericLiteral) : null;
}

export function formatNumber(
  value: string | number,
  locale: NumberLocale,
  maxFractionDigits = 2,
  minFractionDigits = 0,
): string {
  const v = toFormattable(value);
  if (v === null) return String(value);
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: maxFractionDigits,
    minimumFractionDigits: Math.min(minFractionDigits, maxFractionDigits),
  }).format(v);
}

/** Money: INR, always 2 decimals, grouped per the number format setting. */
export function formatCurrency(
  value: string | number,
  locale: NumberLocale,
  currency: string = DEFAULT_CURRENCY,
): string {
  const v = toFormattable(value);
  if (v === null) return String(value);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: CURRENCY_DECIMALS,
    maximumFractionDigits: CURRENCY_DECIMALS,
  }).format(v);
}

/** A day on every screen: DD-MM-YYYY (decision 0018); empty for no date, unreadable input shown as it came. */
export function formatDate(value: string | Date | null | undefined): string {
  return formatWith(value, DATE_FORMATS.display);
}

/** A moment on every screen: DD-MM-YYYY hh:mm A in the browser's time zone (decision 0018). */
export function formatDateTime(value: string | Date | null | undefined): string {
  return formatWith(value, DATE_FORMATS.dateTime);
}

function formatWith(value: string | Date | null | undefined, format: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : String(value);
}
