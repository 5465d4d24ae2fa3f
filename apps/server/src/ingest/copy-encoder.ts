import { Transform, type TransformCallback } from 'node:stream';
import type { FileDateFormat } from '@recon/contract';
import { formatDateCell } from './date-formats.ts';
import { invalidContent } from './ingest-error.ts';
import type { Cell, RawRecord } from './records.ts';

/** What the header decides: which file positions are staged, in staging-column order, and their date formats. */
export type StagedColumns = { positions: number[]; dateFormats: (FileDateFormat | null)[] };

const COPY_BATCH_CHARS = 256 * 1024;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const NEEDS_ESCAPE = /[\\\t\n\r\0]/;

/** One value in COPY text format: trimmed, blank as NULL (\N), backslash/tab/newline escaped. */
function copyValue(cell: Cell | undefined, format: FileDateFormat | null, rowNo: number): string {
  if (cell === undefined) return '\\N';
  const text = typeof cell === 'string' ? cell.trim() : formatDateCell(cell, format);
  if (text === '') return '\\N';
  if (!NEEDS_ESCAPE.test(text)) return text;
  if (text.includes('\0')) throw invalidContent(`Row ${rowNo} contains a NUL character`);
  return text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] as string);
}

/**
 * Turns records (RawRecord, or a bare cell list numbered by position) into COPY text lines `_row_no, c1 … cN` for the staging table. The first record is the
 * header: onHeader checks it and says which columns to keep. Output is batched so COPY gets large writes.
 */
export class CopyEncoder extends Transform {
  dataRows = 0;
  header: Cell[] | null = null;
  private staged: StagedColumns | null = null;
  private batch = '';

  /**
   * headerRow: the row number of the header, so a record read without one (CSV) is numbered as a spreadsheet
   * would number it.
   */
  constructor(
    private readonly headerRow: number,
    private readonly onHeader: (header: Cell[]) => StagedColumns,
  ) {
    super({ writableObjectMode: true, readableObjectMode: false, writableHighWaterMark: 512 });
  }

  override _transform(record: RawRecord | string[], _enc: BufferEncoding, callback: TransformCallback): void {
    try {
      const cells: Cell[] = Array.isArray(record) ? record : record.cells;
      if (!this.staged) {
        this.header = cells;
        this.staged = this.onHeader(cells);
        callback();
        return;
      }
      const rowNo = Array.isArray(record) ? this.headerRow + this.dataRows + 1 : record.no;
      const { positions, dateFormats } = this.staged;
      const width = this.header?.length ?? 0;
      for (let i = width; i < cells.length; i++) {
        const extra = cells[i];
        if (typeof extra !== 'string' || extra.trim() !== '') {
          throw invalidContent(`Row ${rowNo} has a value beyond the last header column`);
        }
      }
      let line = String(rowNo);
      for (let i = 0; i < positions.length; i++) {
        line += `\t${copyValue(cells[positions[i] as number], dateFormats[i] ?? null, rowNo)}`;
      }
      this.batch += `${line}\n`;
      this.dataRows += 1;
      if (this.batch.length >= COPY_BATCH_CHARS) {
        this.push(this.batch);
        this.batch = '';
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
}
