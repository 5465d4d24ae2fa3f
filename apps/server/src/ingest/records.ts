import type { Readable, Transform } from 'node:stream';
import type { FileKind } from '@recon/contract';

/** A cell as read: text, or a Date for a date-formatted spreadsheet cell (written out in the mapping's format). */
export type Cell = string | Date;

/** One record of a file: its row number (as a spreadsheet shows it) and its cells in file order. */
export type RawRecord = { no: number; cells: Cell[] };

/** A fixed-width column: where it is cut from each line (1-based first character, length in characters). */
export type FixedColumn = { start: number; length: number };

/**
 * How to read a file: the reader settings of its pipeline's file-upload config. headerRow: the header's row,
 * or without a header the first data row's (rows above are skipped). isWidthChecked: a CSV record of another
 * width than the first is an error while reading; off when skip rules may take such rows (a footer) out, and
 * the encoder then checks the rows it keeps.
 */
export type ReadSettings = {
  fileKind: FileKind;
  delimiter: string;
  headerRow: number;
  hasHeader: boolean;
  sheetName: string | null;
  fixedColumns: readonly FixedColumn[];
  isWidthChecked: boolean;
};

/**
 * The streams that turn a stored file into an object-mode stream of RawRecord (the header record first, then
 * the data rows), to be run with stream.pipeline so an error anywhere tears all of them down.
 */
export type RecordSource = { stages: [Readable, ...Transform[]]; mapError: (err: unknown) => unknown };

/** The longest record a CSV may have (bytes): a longer one is Invalid File Content, never a memory spike. */
export const MAX_RECORD_BYTES = 1024 * 1024;
