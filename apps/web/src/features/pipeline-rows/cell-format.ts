import type { DataType } from '@recon/contract';
import { formatCurrency, formatDate, formatDateTime, formatNumber, type NumberLocale } from '@/lib/format';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

export type CellType = { type?: DataType; isMoney: boolean };

/**
 * A value as the server sent it (text: money exact, dates ISO) in the module's formats. Invalid rows hold the
 * file's own text: what is not a plain number or an ISO date is shown exactly as written.
 */
export function formatCell(value: string | null, column: CellType, locale: NumberLocale): string {
  if (value === null) return '';
  const text = value.trim();
  switch (column.type) {
    case 'DOUBLE':
    case 'FLOAT':
      if (!DECIMAL.test(text)) return value;
      return column.isMoney ? formatCurrency(text, locale) : formatNumber(text, locale, 4);
    case 'DATE':
      return ISO_DAY.test(text) ? formatDate(text) : value;
    case 'DATETIME':
      // Stored without a zone (the file's wall-clock time): read as local, so it is shown as written.
      return ISO_DATE_TIME.test(text) ? formatDateTime(text.replace(' ', 'T')) : value;
    default:
      return value;
  }
}

export function isNumericType(type: DataType | undefined): boolean {
  return type === 'DOUBLE' || type === 'FLOAT' || type === 'INT' || type === 'BIGINT';
}
