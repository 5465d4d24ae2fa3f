/**
 * Widths in pixels of table columns whose content has a known length, so it stays on one line at the default
 * cell padding (16 px a side). A date-time ("DD/MM/YY hh:mmA") is about 130 px wide in the UI font.
 */
export const DATE_TIME_COLUMN_WIDTH = 165;
/** The same in a middle or small table (8 px a side). */
export const DATE_TIME_COLUMN_WIDTH_COMPACT = 150;

/** The width a table needs for its columns: its `scroll.x`, so no column is squeezed below its width. */
export function columnsWidth(columns: readonly { width?: number | string }[]): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);
}
