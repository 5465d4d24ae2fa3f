import type { DownloadFormat } from '@recon/contract';
import type { RawBuilder } from 'kysely';

/**
 * What an export writes: its columns (header and kind, in order) and one SELECT producing them, in the view's
 * order, as output columns c1…cN. The writers know nothing of where the rows come from, so another report type
 * (dashlets, reports) only needs a planner of its own.
 */
/** `amount`: a DOUBLE / FLOAT (money) column, written with 2 decimals; `number`: whole numbers (ids, INT). */
export type ExportColumnKind = 'text' | 'number' | 'amount' | 'date' | 'timestamp';
export type ExportColumn = { name: string; header: string; kind: ExportColumnKind };

export type ExportPlan = {
  columns: readonly ExportColumn[];
  /**
   * The rows, every value as text, shaped for the format (`exportValueSql`): amounts rounded to 2 decimals from
   * the exact numeric; for CSV dates DD-MM-YYYY and text guarded for Excel (formula-escape.ts), for XLSX dates
   * ISO (the writer makes date cells of them).
   */
  select: (options: { format: DownloadFormat }) => RawBuilder<unknown>;
};

/** The output column alias of the column at `index` (0-based). */
export const outputColumn = (index: number) => `c${index + 1}`;
