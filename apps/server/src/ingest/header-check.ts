import type { FileErrorKind } from '@recon/contract';
import { IngestFileError, invalidContent } from './ingest-error.ts';
import type { Cell } from './records.ts';

/** Header kinds a file may have and still load: its columns are found by name. */
export type HeaderKind = Extract<
  FileErrorKind,
  'No Error' | 'Column Order Changed' | 'Additional Columns At End' | 'Additional Columns With Changed Order'
>;

export type HeaderMatch = {
  kind: HeaderKind;
  /** Position in the file of each expected column, in config order. */
  positions: number[];
  note: string | null;
};

const normalise = (c: Cell) => (typeof c === 'string' ? c : c.toISOString().slice(0, 10)).trim().toLowerCase();

/**
 * Compares a file's header with the columns its config expects (the config's file columns, in order).
 * Names match trimmed and case-insensitively.
 * - an expected column absent → Columns Deleted: rejected (a loaded column would be empty);
 * - the same columns in another order → Column Order Changed;
 * - the expected columns in order, then extra columns → Additional Columns At End;
 * - extra columns anywhere else, or extras with a changed order → Additional Columns With Changed Order.
 * The last three load: columns are taken by name, and the kind is recorded on the file.
 */
export function matchHeader(header: Cell[], expected: readonly string[]): HeaderMatch {
  const names = header.map(normalise);
  const wanted = expected.map((e) => e.trim().toLowerCase());
  const missing = expected.filter((_, i) => !names.includes(wanted[i] as string));
  if (missing.length > 0) {
    throw new IngestFileError('Columns Deleted', `Columns missing from the file: ${missing.join(', ')}`);
  }
  const repeated = wanted.find((w) => names.indexOf(w) !== names.lastIndexOf(w));
  if (repeated !== undefined) throw invalidContent(`The header has the column "${repeated}" more than once`);

  const positions = wanted.map((w) => names.indexOf(w));
  const isInOrder = positions.every((p, i) => i === 0 || p > (positions[i - 1] as number));
  const hasExtras = names.length > wanted.length;
  if (!hasExtras) {
    return isInOrder
      ? { kind: 'No Error', positions, note: null }
      : { kind: 'Column Order Changed', positions, note: 'Columns are in another order; they were matched by name' };
  }
  const extras = header.filter((_, i) => !positions.includes(i)).map((c) => String(c).trim() || '(blank)');
  const isPrefix = positions.every((p, i) => p === i);
  return isPrefix
    ? {
        kind: 'Additional Columns At End',
        positions,
        note: `Extra columns after the configured ones were ignored: ${extras.join(', ')}`,
      }
    : {
        kind: 'Additional Columns With Changed Order',
        positions,
        note: `Extra columns among the configured ones were ignored and columns were matched by name: ${extras.join(', ')}`,
      };
}
