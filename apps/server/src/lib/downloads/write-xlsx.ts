import ExcelJS from 'exceljs';
import type pg from 'pg';
import type { ExportColumn } from './export-plan.ts';

/** A worksheet holds 1,048,576 rows; past that (header included) the rows go on in a new sheet. */
export const XLSX_MAX_ROWS_PER_SHEET = 1_048_576;
const FETCH_ROWS = 5000;

/** A decimal as its shortest form: "1234.5000" → "1234.5", "100.00" → "100", "+7" → "7". */
function canonicalDecimal(v: string): string {
  let s = v.startsWith('+') ? v.slice(1) : v;
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/**
 * A cell's value. Numbers go in as numbers (a spreadsheet sums them) only when the double holds the decimal
 * exactly; any other (more than ~15 significant digits) stays text, so no amount is ever changed.
 */
export function xlsxValue(kind: ExportColumn['kind'], v: string | null): string | number | null {
  if (v === null) return null;
  if (kind !== 'number') return v;
  const n = Number(v);
  return Number.isFinite(n) && String(n) === canonicalDecimal(v) ? n : v;
}

/**
 * Writes the rows of `table` (a temp table of text columns, in export order) with exceljs' streaming writer:
 * rows are read through a cursor in batches and committed to the zip as they come, so memory stays flat.
 */
export async function writeXlsx(client: pg.PoolClient, table: string, columns: readonly ExportColumn[], path: string) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: false,
    useSharedStrings: false,
  });
  const header = columns.map((c) => c.header);
  let sheetNo = 0;
  let sheet: ExcelJS.Worksheet | null = null;
  let rowsInSheet = 0;
  const nextSheet = () => {
    sheet?.commit();
    sheetNo += 1;
    sheet = workbook.addWorksheet(`Sheet ${sheetNo}`);
    sheet.addRow(header).commit();
    rowsInSheet = 1;
    return sheet;
  };
  let current = nextSheet();
  await client.query(`DECLARE download_cursor NO SCROLL CURSOR FOR SELECT * FROM ${table}`);
  for (;;) {
    const batch = await client.query<string[]>({ text: `FETCH ${FETCH_ROWS} FROM download_cursor`, rowMode: 'array' });
    if (batch.rows.length === 0) break;
    for (const row of batch.rows) {
      if (rowsInSheet >= XLSX_MAX_ROWS_PER_SHEET) current = nextSheet();
      current.addRow(row.map((v, i) => xlsxValue(columns[i]?.kind ?? 'text', v))).commit();
      rowsInSheet += 1;
    }
    // Let the zip stream drain what this batch produced before the next one is read.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await client.query('CLOSE download_cursor');
  current.commit();
  await workbook.commit();
}
