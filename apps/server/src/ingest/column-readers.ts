import type { DataType } from '@recon/contract';
import { describeNumberFormat, isDefaultNumberFormat, type NumberFormat, readNumberText } from '@recon/formats';
import { dateReaderOf } from './date-formats.ts';
import { readFloat, readInteger, readMoney } from './number-values.ts';

export type TableColumn = { name: string; dataType: DataType; isMoney: boolean; maxLength: number | null };
/**
 * A loaded column: the table column a file column is mapped to, and how its values are read. dateFormats:
 * tried in order (none: ISO); numberFormat null: plain, grouped, signed numbers.
 */
export type StagedMapping = {
  column: TableColumn;
  dateFormats: readonly string[];
  numberFormat: NumberFormat | null;
  isRequired: boolean;
  /** A blank cell takes the column's last non-blank value above it, skipped rows included. */
  fillDown?: boolean;
};

/**
 * Reads one trimmed, non-blank text into the COPY text of the column's typed value, or null when it is not a
 * valid value. Numbers and dates come out in plain ASCII (nothing to escape); VARCHAR text as it is.
 */
export type ValueReader = (text: string) => string | null;

// A file carries few distinct dates: a DATE column remembers its readings, up to this many texts.
const DATE_MEMO_ENTRIES = 10_000;

function memoised(read: ValueReader): ValueReader {
  const memo = new Map<string, string | null>();
  return (text) => {
    let value = memo.get(text);
    if (value === undefined) {
      value = read(text);
      if (memo.size < DATE_MEMO_ENTRIES) memo.set(text, value);
    }
    return value;
  };
}

/** Characters (code points, as PostgreSQL counts them) of a text, counted only as far as `max` + 1. */
function isWithin(text: string, max: number): boolean {
  if (text.length <= max) return true;
  let n = 0;
  for (const _ of text) if (++n > max) return false;
  return true;
}

/**
 * A number reader behind the format's own reading (Dr/Cr, currency, scale …): the format turns the text into
 * a plain decimal, then the column's reader checks its range. The default format keeps the direct path.
 */
function withNumberFormat(format: NumberFormat | null, read: ValueReader, isWhole = false): ValueReader {
  if (isDefaultNumberFormat(format)) return read;
  return (text) => {
    const plain = readNumberText(text, format as NumberFormat);
    if (plain === null) return null;
    // A scaled whole number ("12300" paise → "123.00") is still whole.
    return read(isWhole ? plain.replace(/\.0*$/, '') : plain);
  };
}

export function readerOf(m: StagedMapping): ValueReader {
  const col = m.column;
  if (col.isMoney) return withNumberFormat(m.numberFormat, readMoney);
  switch (col.dataType) {
    case 'INT':
      return withNumberFormat(m.numberFormat, (t) => readInteger(t, false), true);
    case 'BIGINT':
      return withNumberFormat(m.numberFormat, (t) => readInteger(t, true), true);
    case 'DOUBLE':
    case 'FLOAT':
      return withNumberFormat(m.numberFormat, readFloat);
    case 'DATE':
      return memoised(dateReaderOf(m.dateFormats, 'DATE'));
    case 'DATETIME':
      return dateReaderOf(m.dateFormats, 'DATETIME');
    case 'VARCHAR': {
      const max = col.maxLength;
      return max ? (t) => (isWithin(t, max) ? t : null) : (t) => t;
    }
  }
}

const formatNote = (m: StagedMapping) => {
  const note = m.numberFormat ? describeNumberFormat(m.numberFormat) : '';
  return note ? ` (${note})` : '';
};

/** Why a value failed, as stored in the invalid table's _reasons after "column: ". */
export function problemOf(m: StagedMapping): string {
  const col = m.column;
  if (col.isMoney) return `not an amount${formatNote(m)}`;
  switch (col.dataType) {
    case 'INT':
    case 'BIGINT':
      return `not a whole number in the ${col.dataType} range${formatNote(m)}`;
    case 'DOUBLE':
    case 'FLOAT':
      return `not a number${formatNote(m)}`;
    case 'DATE':
    case 'DATETIME':
      return `not a valid date in format ${(m.dateFormats.length ? m.dateFormats : ['ISO']).join(' or ')}`;
    case 'VARCHAR':
      return `longer than ${col.maxLength} characters`;
  }
}
