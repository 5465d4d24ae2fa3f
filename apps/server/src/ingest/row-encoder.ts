import { Transform, type TransformCallback } from 'node:stream';
import type { FileDateFormat } from '@recon/contract';
import { problemOf, readerOf, type StagedMapping, type ValueReader } from './column-readers.ts';
import { formatDateCell } from './date-formats.ts';
import { invalidContent } from './ingest-error.ts';
import type { Cell, RawRecord } from './records.ts';
import type { SpillBuffer } from './spill-buffer.ts';

/** What the header decides: the file position of each loaded column, in mapping order. */
export type LoadedColumns = { positions: number[] };

const COPY_BATCH_CHARS = 256 * 1024;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const NEEDS_ESCAPE = /[\\\t\n\r\0]/;
const NULL = '\\N';

/** Text in COPY text format: backslash, tab and line breaks escaped; a NUL character makes the file unreadable. */
function escapeCopy(text: string, rowNo: number): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  if (text.includes('\0')) throw invalidContent(`Row ${rowNo} contains a NUL character`);
  return text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] as string);
}

/** One element of a PostgreSQL array literal, quoted. */
const arrayElement = (s: string) => `"${s.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

type Column = {
  read: ValueReader;
  isRequired: boolean;
  /** VARCHAR text goes out as written, so it may need escaping; numbers and dates never do. */
  isText: boolean;
  dateFormat: FileDateFormat | null;
  requiredReason: string;
  invalidReason: string;
};

/**
 * Checks and types every record in Node while the file streams, and writes COPY text lines:
 * - a row whose values all pass goes out (the readable side) as `_file_id, _execution_id, _row_no, v1 … vN`
 *   for the data table, typed values as PostgreSQL reads them, blank as NULL;
 * - any other row goes to `invalid` as `_file_id, _execution_id, _row_no, _reasons, t1 … tN` for the invalid
 *   table (the trimmed text as read), to be copied after the data table's COPY ends (one connection runs one
 *   COPY at a time).
 * Values are trimmed; blank is NULL. The first record is the header: onHeader checks it and says where each
 * loaded column is. Output is batched so COPY gets large writes.
 */
export class RowEncoder extends Transform {
  dataRows = 0;
  invalidRows = 0;
  header: Cell[] | null = null;
  private positions: number[] | null = null;
  private readonly columns: Column[];
  private readonly rowPrefix: string;
  private batch = '';

  /**
   * headerRow: the row number of the header, so a record read without one (CSV) is numbered as a spreadsheet
   * would number it.
   */
  constructor(
    mappings: readonly StagedMapping[],
    ids: { fileId: number; jobExecutionId: number },
    private readonly headerRow: number,
    private readonly onHeader: (header: Cell[]) => LoadedColumns,
    private readonly invalid: SpillBuffer,
  ) {
    super({ writableObjectMode: true, readableObjectMode: false, writableHighWaterMark: 512 });
    this.rowPrefix = `${ids.fileId}\t${ids.jobExecutionId}\t`;
    this.columns = mappings.map((m) => ({
      read: readerOf(m),
      isRequired: m.isRequired,
      isText: m.column.dataType === 'VARCHAR' && !m.column.isMoney,
      dateFormat: m.dateFormat,
      requiredReason: `${m.column.name}: is required`,
      invalidReason: `${m.column.name}: ${problemOf(m)}`,
    }));
  }

  override _transform(record: RawRecord | string[], _enc: BufferEncoding, callback: TransformCallback): void {
    try {
      const cells: Cell[] = Array.isArray(record) ? record : record.cells;
      if (!this.positions) {
        this.header = cells;
        this.positions = this.onHeader(cells).positions;
        callback();
        return;
      }
      const rowNo = Array.isArray(record) ? this.headerRow + this.dataRows + 1 : record.no;
      const width = this.header?.length ?? 0;
      for (let i = width; i < cells.length; i++) {
        const extra = cells[i];
        if (typeof extra !== 'string' || extra.trim() !== '') {
          throw invalidContent(`Row ${rowNo} has a value beyond the last header column`);
        }
      }
      this.dataRows += 1;
      const line = this.validLine(cells, rowNo);
      if (line === null) {
        this.invalidRows += 1;
        this.invalid.append(this.invalidLine(cells, rowNo));
      } else {
        this.batch += line;
        if (this.batch.length >= COPY_BATCH_CHARS) {
          this.push(this.batch);
          this.batch = '';
        }
      }
      callback();
    } catch (err) {
      callback(err as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    if (this.batch) this.push(this.batch);
    this.batch = '';
    callback();
  }

  private textOf(cell: Cell | undefined, column: Column): string | null {
    if (cell === undefined) return null;
    const text = typeof cell === 'string' ? cell.trim() : formatDateCell(cell, column.dateFormat);
    return text === '' ? null : text;
  }

  /** The data-table line of a row whose values all pass, else null. */
  private validLine(cells: Cell[], rowNo: number): string | null {
    const positions = this.positions as number[];
    let line = `${this.rowPrefix}${rowNo}`;
    for (let i = 0; i < positions.length; i++) {
      const column = this.columns[i] as Column;
      const text = this.textOf(cells[positions[i] as number], column);
      if (text === null) {
        if (column.isRequired) return null;
        line += `\t${NULL}`;
        continue;
      }
      const value = column.read(text);
      if (value === null) return null;
      line += `\t${column.isText ? escapeCopy(value, rowNo) : value}`;
    }
    return `${line}\n`;
  }

  /** The invalid-table line of a row: its reasons ("column: problem", in column order) and its text as read. */
  private invalidLine(cells: Cell[], rowNo: number): string {
    const positions = this.positions as number[];
    const reasons: string[] = [];
    let values = '';
    for (let i = 0; i < positions.length; i++) {
      const column = this.columns[i] as Column;
      const text = this.textOf(cells[positions[i] as number], column);
      if (text === null) {
        if (column.isRequired) reasons.push(column.requiredReason);
        values += `\t${NULL}`;
        continue;
      }
      if (column.read(text) === null) reasons.push(column.invalidReason);
      values += `\t${escapeCopy(text, rowNo)}`;
    }
    const reasonArray = escapeCopy(`{${reasons.map(arrayElement).join(',')}}`, rowNo);
    return `${this.rowPrefix}${rowNo}\t${reasonArray}${values}\n`;
  }
}
