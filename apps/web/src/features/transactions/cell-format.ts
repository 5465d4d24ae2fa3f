import type { DataType } from '@recon/contract';
import { formatCurrency, formatDate, formatDateTime, formatNumber, type NumberLocale } from '@/lib/format';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

export type CellType = { type: DataType; isMoney: boolean };

export function isNumericType(type: DataType): boolean {
  return type === 'DOUBLE' || type === 'FLOAT' || type === 'INT' || type === 'BIGINT';
}

/** A value as the server sends it (text: money exact, dates ISO) in the module's formats. */
export function formatCell(value: string | null | undefined, column: CellType, locale: NumberLocale): string {
  if (value === null || value === undefined) return '';
  if (column.isMoney) return formatCurrency(value, locale);
  switch (column.type) {
    case 'DOUBLE':
    case 'FLOAT':
      return formatNumber(value, locale, 4);
    case 'INT':
    case 'BIGINT':
      return formatNumber(value, locale, 0);
    case 'DATE':
      return ISO_DAY.test(value) ? formatDate(value) : value;
    case 'DATETIME':
      // Stored without a zone (the file's wall-clock time): read as local, so it shows as written.
      return ISO_DATE_TIME.test(value) ? formatDateTime(value.replace(' ', 'T')) : value;
    default:
      return value;
  }
}
