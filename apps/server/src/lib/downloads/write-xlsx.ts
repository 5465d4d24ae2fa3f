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

/** The formats of the typed cells: amounts with 2 decimals, dates as the CSV writes them (DD-MM-YYYY). */
export const XLSX_NUM_FMT: Partial<Record<ExportColumn['kind'], string>> = {
  amount: '#,##0.00',
  date: 'dd-mm-yyyy',
  timestamp: 'dd-mm-yyyy hh:mm AM/PM',
};

/**
 * An ISO wall-clock text ("2026-10-01", "2026-10-01T14:05:00") as the Date exceljs writes as that day and time:
 * a spreadsheet date has no zone, and exceljs counts from UTC.
 */
function dateOf(v: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?$/.exec(v);
  if (!m) return null;
  const part = (i: number) => Number(m[i] ?? 0);
  return new Date(Date.UTC(part(1), part(2) - 1, part(3), part(4), part(5), part(6)));
}

/**
 * A cell's value. Dates go in as dates. Numbers go in as numbers (a spreadsheet sums them) only when the double
 * holds the decimal exactly; any other (more than ~15 significant digits) stays text, so no amount is ever changed.
 */
export function xlsxValue(kind: ExportColumn['kind'], v: string | null): string | number | Date | null {
  if (v === null) return null;
  if (kind === 'date' || kind === 'timestamp') return dateOf(v) ?? v;
  if (kind !== 'number' && kind !== 'amount') return v;
  const n = Number(v);
  return Number.isFinite(n) && String(n) === canonicalDecimal(v) ? n : v;
}

/**
 * Writes the rows of `table` (a temp table of text columns, in export order) with exceljs' streaming writer:
 * rows are read through a cursor in batches and committed to the zip as they come, so memory stays flat. Numbers
 * are number cells (amounts formatted #,##0.00), dates date cells (dd-mm-yyyy), text string cells: a string cell
 * is never a formula nor a number, so a 12-digit UTR stays as written.
 */
export async function writeXlsx(client: pg.PoolClient, table: string, columns: readonly ExportColumn[], path: string) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: true,
    useSharedStrings: false,
  });
  const header = columns.map((c) => c.header);
  const formats = columns.map((c) => XLSX_NUM_FMT[c.kind]);
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
      const added = current.addRow(row.map((v, i) => xlsxValue(columns[i]?.kind ?? 'text', v)));
      formats.forEach((numFmt, i) => {
        if (numFmt) added.getCell(i + 1).numFmt = numFmt;
      });
      added.commit();
      rowsInSheet += 1;
    }
    // Let the zip stream drain what this batch produced before the next one is read.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await client.query('CLOSE download_cursor');
  current.commit();
  await workbook.commit();
}
