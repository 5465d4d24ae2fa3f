import type { RawBuilder } from 'kysely';

/**
 * What an export writes: its columns (header and kind, in order) and one SELECT producing them, in the view's
 * order, as output columns c1…cN. The writers know nothing of where the rows come from, so another report type
 * (dashlets, reports) only needs a planner of its own.
 */
export type ExportColumnKind = 'text' | 'number' | 'date' | 'timestamp';
export type ExportColumn = { name: string; header: string; kind: ExportColumnKind };

export type ExportPlan = {
  columns: readonly ExportColumn[];
  /**
   * The rows, every value cast to text (money exact, dates ISO). With `escapeFormulas`, text cells that a
   * spreadsheet would run as a formula are prefixed with an apostrophe (CSV only: an XLSX string cell is
   * never a formula).
   */
  select: (options: { escapeFormulas: boolean }) => RawBuilder<unknown>;
};

/** The output column alias of the column at `index` (0-based). */
export const outputColumn = (index: number) => `c${index + 1}`;
