import type { DataType, FileDateFormat } from '@recon/contract';
import { readDate, readDateTime } from './date-formats.ts';
import { readFloat, readInteger, readMoney } from './number-values.ts';

export type TableColumn = { name: string; dataType: DataType; isMoney: boolean; maxLength: number | null };
/** A loaded column: the table column a file column is mapped to, and how its values are read. */
export type StagedMapping = { column: TableColumn; dateFormat: FileDateFormat | null; isRequired: boolean };

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

export function readerOf(m: StagedMapping): ValueReader {
  const col = m.column;
  const format = m.dateFormat ?? 'ISO';
  if (col.isMoney) return readMoney;
  switch (col.dataType) {
    case 'INT':
      return (t) => readInteger(t, false);
    case 'BIGINT':
      return (t) => readInteger(t, true);
    case 'DOUBLE':
    case 'FLOAT':
      return readFloat;
    case 'DATE':
      return memoised((t) => readDate(t, format));
    case 'DATETIME':
      return (t) => readDateTime(t, format);
    case 'VARCHAR': {
      const max = col.maxLength;
      return max ? (t) => (isWithin(t, max) ? t : null) : (t) => t;
    }
  }
}

/** Why a value failed, as stored in the invalid table's _reasons: "column: problem". */
export function problemOf(m: StagedMapping): string {
  const col = m.column;
  if (col.isMoney) return 'not an amount';
  switch (col.dataType) {
    case 'INT':
    case 'BIGINT':
      return `not a whole number in the ${col.dataType} range`;
    case 'DOUBLE':
    case 'FLOAT':
      return 'not a number';
    case 'DATE':
    case 'DATETIME':
      return `not a valid date in format ${m.dateFormat ?? 'ISO'}`;
    case 'VARCHAR':
      return `longer than ${col.maxLength} characters`;
  }
}
