import { Transform, type TransformCallback } from 'node:stream';
import type { SkippedCount } from '@recon/contract';
import { problemOf, readerOf, type StagedMapping, type ValueReader } from './column-readers.ts';
import { dateCellValue, formatDateCell } from './date-formats.ts';
import { invalidContent } from './ingest-error.ts';
import type { Cell, RawRecord } from './records.ts';
import { RejectionSummary } from './rejection-summary.ts';
import { RowSkipper, type SkipPlan } from './skip-rules.ts';
import type { SpillBuffer } from './spill-buffer.ts';

/**
 * Where the columns are in a record: `positions` of the loaded columns (mapping order), `expectedPositions`
 * of every column the config names (skip rules name them).
 */
export type Layout = { positions: number[]; expectedPositions: number[] };

/**
 * How the encoder finds the layout: from the header (the first record, checked by onHeader), or known from the
 * config (no header: column numbers, fixed-width cuts).
 */
export type LayoutSource = { onHeader: (header: Cell[]) => Layout } | { layout: Layout };

export type EncoderOptions = {
  mappings: readonly StagedMapping[];
  ids: { fileId: number; jobExecutionId: number };
  /** Row number of the header, or without one of the first data row: CSV records are numbered from it. */
  headerRow: number;
  layoutSource: LayoutSource;
  invalid: SpillBuffer;
  skip: SkipPlan | null;
  /** The reader did not check record widths (a skipped footer may be narrower): the encoder checks kept rows. */
  isWidthChecked: boolean;
};

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
  name: string;
  read: ValueReader;
  isRequired: boolean;
  /** VARCHAR text goes out as written, so it may need escaping; numbers and dates never do. */
  isText: boolean;
  /** A spreadsheet date cell in a date column is typed directly, whatever the text formats. */
  dateTarget: 'DATE' | 'DATETIME' | null;
  problem: string;
  requiredReason: string;
  invalidReason: string;
};

/**
 * Checks and types every record in Node while the file streams, and writes COPY text lines:
 * - a row whose values all pass goes out (the readable side) as `_file_id, _execution_id, _row_no, v1 … vN`
 *   for the data table, typed values as PostgreSQL reads them, blank as NULL;
 * - any other row goes to `invalid` as `_file_id, _execution_id, _row_no, _reasons, t1 … tN` for the invalid
 *   table (the trimmed text as read), to be copied after the data table's COPY ends (one connection runs one
 *   COPY at a time), and its reasons to the rejection summary;
 * - a row a skip rule takes is counted, not written; the last `bottomRows` records are held back (only those)
 *   and skipped at the end;
 * - a fill-down column remembers its last non-blank cell from every row (skipped ones too, so a summary row
 *   skipped by a rule still hands its deposit date down); a kept row blank there takes it. Skip rules see the
 *   row as written.
 * Values are trimmed; blank is NULL. With a header the first record is the header: it decides the layout.
 * Output is batched so COPY gets large writes.
 */
export class RowEncoder extends Transform {
  dataRows = 0;
  invalidRows = 0;
  bottomSkipped = 0;
  header: Cell[] | null = null;
  readonly rejection = new RejectionSummary();
  private layout: Layout | null;
  private positions: number[] = [];
  private skipper: RowSkipper | null = null;
  private readonly held: { cells: Cell[]; rowNo: number }[] = [];
  private readonly bottomRows: number;
  private recordsSeen = 0;
  /** The row number of the last record of a reader that numbers them (xlsx, fixed width), else -1. */
  private lastRecordNo = -1;
  /** Blank rows between the first record and the last: the numbered readers drop them, the gaps count them. */
  private blankRows = 0;
  /** Width every kept row must have when the reader did not check it (header width, or the first kept row's). */
  private width = -1;
  private readonly columns: Column[];
  private readonly rowPrefix: string;
  private readonly firstRowNo: number;
  private batch = '';
  /** Indexes (in mapping order) of the fill-down columns, and the last non-blank cell of each. */
  private readonly fillDown: number[];
  private readonly lastCells: (Cell | undefined)[];

  constructor(private readonly options: EncoderOptions) {
    super({ writableObjectMode: true, readableObjectMode: false, writableHighWaterMark: 512 });
    this.rowPrefix = `${options.ids.fileId}\t${options.ids.jobExecutionId}\t`;
    this.columns = options.mappings.map((m) => {
      const isDate = m.column.dataType === 'DATE' || m.column.dataType === 'DATETIME';
      const problem = problemOf(m);
      return {
        name: m.column.name,
        read: readerOf(m),
        isRequired: m.isRequired,
        isText: m.column.dataType === 'VARCHAR' && !m.column.isMoney,
        dateTarget: isDate ? (m.column.dataType as 'DATE' | 'DATETIME') : null,
        problem,
        requiredReason: `${m.column.name}: is required`,
        invalidReason: `${m.column.name}: ${problem}`,
      };
    });
    this.fillDown = options.mappings.flatMap((m, i) => (m.fillDown ? [i] : []));
    this.lastCells = options.mappings.map(() => undefined);
    this.bottomRows = options.skip?.bottomRows ?? 0;
    const hasHeader = 'onHeader' in options.layoutSource;
    this.firstRowNo = hasHeader ? options.headerRow + 1 : options.headerRow;
    this.layout = null;
    if (!hasHeader) this.useLayout((options.layoutSource as { layout: Layout }).layout);
  }

  /** Rows skip rules and the bottom rows took out, per rule. */
  skipped(): SkippedCount[] {
    const byRule = this.skipper?.summary() ?? [];
    const blank = this.blankRows > 0 ? [{ reason: 'Blank rows', count: this.blankRows }] : [];
    const bottom = this.bottomSkipped > 0 ? [{ reason: 'Rows at the bottom', count: this.bottomSkipped }] : [];
    return [...blank, ...byRule, ...bottom];
  }

  private useLayout(layout: Layout): void {
    this.layout = layout;
    this.positions = layout.positions;
    const skip = this.options.skip;
    if (skip && (skip.blank.length > 0 || skip.patterns.length > 0)) {
      this.skipper = new RowSkipper(skip, layout.expectedPositions);
    }
  }

  override _transform(record: RawRecord | string[], _enc: BufferEncoding, callback: TransformCallback): void {
    try {
      const cells: Cell[] = Array.isArray(record) ? record : record.cells;
      if (!Array.isArray(record)) this.countBlankRowsBefore(record.no);
      if (!this.layout) {
        this.header = cells;
        this.width = cells.length;
        this.useLayout((this.options.layoutSource as { onHeader: (h: Cell[]) => Layout }).onHeader(cells));
        callback();
        return;
      }
      const rowNo = Array.isArray(record) ? this.firstRowNo + this.recordsSeen : record.no;
      this.recordsSeen += 1;
      if (this.bottomRows > 0) {
        // Only the last bottomRows records are held: the footer is known when the file ends.
        this.held.push({ cells, rowNo });
        if (this.held.length > this.bottomRows) {
          const oldest = this.held.shift() as { cells: Cell[]; rowNo: number };
          this.encode(oldest.cells, oldest.rowNo);
        }
      } else this.encode(cells, rowNo);
      callback();
    } catch (err) {
      callback(err as Error);
    }
  }

  /**
   * A blank row between two rows of the file is skipped like any row a rule takes, so the counts add up to the
   * file's rows (blank rows after the last one are not rows of the file: a sheet's formatted empty rows).
   */
  private countBlankRowsBefore(no: number): void {
    if (this.lastRecordNo >= 0 && no > this.lastRecordNo + 1) this.blankRows += no - this.lastRecordNo - 1;
    this.lastRecordNo = no;
  }

  override _flush(callback: TransformCallback): void {
    this.bottomSkipped = this.held.length;
    this.held.length = 0;
    if (this.batch) this.push(this.batch);
    this.batch = '';
    callback();
  }

  private encode(written: Cell[], rowNo: number): void {
    const blanks = this.fillDown.length > 0 ? this.rememberFillDown(written) : null;
    if (this.skipper?.skips(written)) return;
    const cells = blanks ? this.filled(written, blanks) : written;
    this.checkWidth(written, rowNo);
    this.dataRows += 1;
    const line = this.validLine(cells, rowNo);
    if (line === null) {
      this.invalidRows += 1;
      this.options.invalid.append(this.invalidLine(cells, rowNo));
    } else {
      this.batch += line;
      if (this.batch.length >= COPY_BATCH_CHARS) {
        this.push(this.batch);
        this.batch = '';
      }
    }
  }

  /** Keeps the fill-down columns' non-blank cells; answers the mapping indexes blank in this row (or null). */
  private rememberFillDown(cells: readonly Cell[]): number[] | null {
    const blanks: number[] = [];
    for (const i of this.fillDown) {
      const cell = cells[this.positions[i] as number];
      if (this.textOf(cell) !== null) this.lastCells[i] = cell;
      else if (this.lastCells[i] !== undefined) blanks.push(i);
    }
    return blanks.length > 0 ? blanks : null;
  }

  /** A copy of the row with its blank fill-down cells taken from above. */
  private filled(cells: readonly Cell[], blanks: readonly number[]): Cell[] {
    const copy = [...cells];
    for (const i of blanks) copy[this.positions[i] as number] = this.lastCells[i] as Cell;
    return copy;
  }

  private checkWidth(cells: Cell[], rowNo: number): void {
    if (!this.options.isWidthChecked) {
      if (this.width < 0) this.width = cells.length;
      else if (cells.length !== this.width) {
        throw invalidContent(
          `Row ${rowNo} has ${cells.length} columns where ${this.header ? 'the header' : 'the first row'} has ${this.width}`,
        );
      }
      return;
    }
    if (!this.header) return;
    const width = this.header.length;
    for (let i = width; i < cells.length; i++) {
      const extra = cells[i];
      if (typeof extra !== 'string' || extra.trim() !== '') {
        throw invalidContent(`Row ${rowNo} has a value beyond the last header column`);
      }
    }
  }

  private textOf(cell: Cell | undefined): string | null {
    if (cell === undefined) return null;
    const text = typeof cell === 'string' ? cell.trim() : formatDateCell(cell);
    return text === '' ? null : text;
  }

  /** The typed value of a cell, or null when invalid; a spreadsheet date in a date column needs no reading. */
  private valueOf(cell: Cell, text: string, column: Column): string | null {
    if (typeof cell !== 'string' && column.dateTarget) return dateCellValue(cell, column.dateTarget);
    return column.read(text);
  }

  /** The data-table line of a row whose values all pass, else null. */
  private validLine(cells: Cell[], rowNo: number): string | null {
    const positions = this.positions;
    let line = `${this.rowPrefix}${rowNo}`;
    for (let i = 0; i < positions.length; i++) {
      const column = this.columns[i] as Column;
      const cell = cells[positions[i] as number];
      const text = this.textOf(cell);
      if (text === null) {
        if (column.isRequired) return null;
        line += `\t${NULL}`;
        continue;
      }
      const value = this.valueOf(cell as Cell, text, column);
      if (value === null) return null;
      line += `\t${column.isText ? escapeCopy(value, rowNo) : value}`;
    }
    return `${line}\n`;
  }

  /**
   * The invalid-table line of a row: its reasons ("column: problem", in column order) and its text as read.
   * The reasons also go to the rejection summary.
   */
  private invalidLine(cells: Cell[], rowNo: number): string {
    const positions = this.positions;
    const reasons: string[] = [];
    const summary = this.rejection;
    const values: Record<string, string | null> | null = summary.wantsRow ? {} : null;
    let line = '';
    for (let i = 0; i < positions.length; i++) {
      const column = this.columns[i] as Column;
      const cell = cells[positions[i] as number];
      const text = this.textOf(cell);
      if (values) values[column.name] = text;
      if (text === null) {
        if (column.isRequired) {
          reasons.push(column.requiredReason);
          summary.addReason(i, column.name, 'blank (required)', null);
        }
        line += `\t${NULL}`;
        continue;
      }
      if (this.valueOf(cell as Cell, text, column) === null) {
        reasons.push(column.invalidReason);
        summary.addReason(i, column.name, column.problem, text);
      }
      line += `\t${escapeCopy(text, rowNo)}`;
    }
    if (values) summary.addRow(rowNo, reasons, values);
    const reasonArray = escapeCopy(`{${reasons.map(arrayElement).join(',')}}`, rowNo);
    return `${this.rowPrefix}${rowNo}\t${reasonArray}${line}\n`;
  }
}
