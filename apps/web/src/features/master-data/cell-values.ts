import { checkColumnValue, type DataTableColumn, NUMERIC_DATA_TYPES } from '@recon/contract';
import { DATE_FORMATS } from '@recon/contract/constants';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDate, formatDateTime, type NumberLocale } from '@/lib/format';

/** What a row form holds for one cell: text, or a picked day / moment for date columns. */
export type CellInput = string | Dayjs | null | undefined;

/** The wire formats of the rows call: dates YYYY-MM-DD, date-times YYYY-MM-DDTHH:mm:ss. */
const WIRE_DATE = DATE_FORMATS.iso;
const WIRE_DATE_TIME = 'YYYY-MM-DDTHH:mm:ss';
/** Up to the 4 decimals numeric(20,4) keeps, never fewer than the currency's 2. */
const AMOUNT_DECIMALS = { min: 2, max: 4 } as const;

export const isNumericColumn = (c: DataTableColumn) => c.isMoney || NUMERIC_DATA_TYPES.includes(c.dataType);

/** A cell's stored text as the form edits it. */
export function toCellInput(column: DataTableColumn, text: string | null | undefined): CellInput {
  if (text === null || text === undefined || text === '') return column.dataType === 'VARCHAR' ? '' : null;
  if (column.dataType === 'DATE' || column.dataType === 'DATETIME') {
    const d = dayjs(text);
    return d.isValid() ? d : text;
  }
  return text;
}

/** A form cell as the call sends it: text in the wire format, null for an empty cell. */
export function toWireValue(column: DataTableColumn, input: CellInput): string | null {
  if (input === null || input === undefined) return null;
  if (typeof input !== 'string') return input.format(column.dataType === 'DATETIME' ? WIRE_DATE_TIME : WIRE_DATE);
  return input === '' ? null : input;
}

/** The server's check of one cell, run before sending (the same messages). */
export function cellProblem(column: DataTableColumn, input: CellInput): string | null {
  const checked = checkColumnValue(column, toWireValue(column, input));
  return checked.ok ? null : checked.message;
}

/** An exact decimal string grouped per the module's number format (Intl reads the string, not a float). */
function formatAmount(text: string, locale: NumberLocale): string {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: AMOUNT_DECIMALS.min,
    maximumFractionDigits: AMOUNT_DECIMALS.max,
  }).format(text as Intl.StringNumericLiteral);
}

/** A cell as the list shows it: money grouped with its decimals, dates in the product's formats. */
export function displayCell(column: DataTableColumn, text: string | null | undefined, locale: NumberLocale): string {
  if (text === null || text === undefined) return '';
  if (column.isMoney) return formatAmount(text, locale);
  if (column.dataType === 'DATE') return formatDate(text);
  if (column.dataType === 'DATETIME') return formatDateTime(text);
  return text;
}
