import { ISO_DATE_FORMAT } from '@recon/contract';
import { compileDatePattern, isoDate, isoTimestamp, readDateParts } from '@recon/formats';
import { readIsoDate, readIsoDateTime } from './iso-dates.ts';

/**
 * Date values as the mapping's formats say: patterns of @recon/formats (`DD.MM.YYYY`, `YYYYMMDD`, `DD-MMM-YY`,
 * `DD/MM/YYYY HH:mm:ss`, EPOCH_S / EPOCH_MS …: the value must have the pattern's exact shape and make a real
 * date — 31 April, 29 February of a common year, month 13 and hour 24 are refused), or ISO (iso-dates.ts). A
 * bad value answers null (its row goes to the invalid rows); only an ISO zone PostgreSQL refuses throws. A good
 * one answers the text PostgreSQL's COPY takes for a date or timestamp column.
 */

export type DateTarget = 'DATE' | 'DATETIME';
type Reader = (text: string) => string | null;

function readerOfFormat(format: string, target: DateTarget): Reader {
  if (format === ISO_DATE_FORMAT) return target === 'DATE' ? readIsoDate : readIsoDateTime;
  const compiled = compileDatePattern(format);
  return (text) => {
    const parts = readDateParts(text, compiled);
    if (!parts) return null;
    return target === 'DATE' ? isoDate(parts) : isoTimestamp(parts);
  };
}

/**
 * A reader trying the formats in order (the first that reads the value wins), for a DATE column (the date part
 * of a timestamp pattern) or a DATETIME one (a date pattern at midnight; epochs in UTC).
 */
export function dateReaderOf(formats: readonly string[], target: DateTarget): Reader {
  const readers = (formats.length ? formats : [ISO_DATE_FORMAT]).map((f) => readerOfFormat(f, target));
  if (readers.length === 1) return readers[0] as Reader;
  return (text) => {
    for (const read of readers) {
      const value = read(text);
      if (value !== null) return value;
    }
    return null;
  };
}

/** A DATE value in one format, as COPY text (YYYY-MM-DD), or null. */
export const readDate = (text: string, format: string) => dateReaderOf([format], 'DATE')(text);
/** A DATETIME value in one format, as COPY text for a timestamp column, or null. */
export const readDateTime = (text: string, format: string) => dateReaderOf([format], 'DATETIME')(text);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A spreadsheet date cell as the typed value of a date column: its wall-clock parts (exceljs hands them as UTC). */
export function dateCellValue(date: Date, target: DateTarget): string {
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  if (target === 'DATE') return day;
  const ms = date.getUTCMilliseconds();
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${day} ${time}${ms ? `.${pad(ms, 3)}` : ''}`;
}

/** A spreadsheet date cell as text (in a text or number column, in the invalid rows, in the preview). */
export function formatDateCell(date: Date): string {
  const value = dateCellValue(date, 'DATETIME');
  return value.endsWith(' 00:00:00') ? value.slice(0, 10) : value;
}
