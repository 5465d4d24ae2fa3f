import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IngestFileError, invalidContent } from './ingest-error.ts';
import type { Cell, RawRecord, ReadSettings, RecordSource } from './records.ts';
import { assertSafeWorkbook } from './zip-guard.ts';

/**
 * A cell as the sheet shows it. Formulas are never evaluated: a formula cell gives the result Excel saved
 * with it, and text that looks like a formula (=SUM(…), +cmd|…) stays plain text.
 */
export function cellText(value: unknown): Cell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return v.richText.map((r: { text?: unknown }) => String(r.text ?? '')).join('');
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
    if ('error' in v) return String(v.error);
  }
  return String(value);
}

function isBlank(cells: Cell[]): boolean {
  return cells.every((c) => typeof c === 'string' && c.trim() === '');
}

type WorkbookModel = { model?: { sheets?: { name?: string }[] } };

/** Sheet names of the workbook, known once the reader has passed xl/workbook.xml. */
export function sheetNamesOf(reader: unknown): string[] {
  return ((reader as WorkbookModel).model?.sheets ?? []).map((s) => String(s.name ?? '')).filter(Boolean);
}

async function* readSheet(path: string, settings: ReadSettings, onSheets?: (names: string[]) => void) {
  await assertSafeWorkbook(path);
  const input = createReadStream(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell which numbers are dates; hyperlinks and other entries are not needed.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let found = false;
  try {
    for await (const sheet of reader) {
      onSheets?.(sheetNamesOf(reader));
      const name = (sheet as unknown as { name?: string }).name ?? '';
      const wanted = settings.sheetName ? name === settings.sheetName : !found;
      if (!wanted || found) {
        // Sheets arrive in zip order from one stream: an unwanted sheet is read past, not skipped.
        for await (const _row of sheet) {
          // read past
        }
        continue;
      }
      found = true;
      for await (const row of sheet) {
        if (row.number < settings.headerRow) continue;
        const values = row.values as unknown[];
        const cells: Cell[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        if (isBlank(cells)) continue;
        const record: RawRecord = { no: row.number, cells };
        yield record;
      }
      if (settings.sheetName) break;
    }
  } catch (err) {
    if (err instanceof IngestFileError) throw err;
    throw invalidContent('The workbook could not be read (damaged or not an .xlsx)');
  } finally {
    input.destroy();
  }
  if (!found) {
    throw invalidContent(
      settings.sheetName ? `The workbook has no sheet named "${settings.sheetName}"` : 'The workbook has no sheet',
    );
  }
}

/**
 * Streams one sheet of an .xlsx as RawRecords (the sheet's own row numbers; blank rows skipped), after the
 * zip-bomb check. exceljs reads the zip as a stream, so memory stays flat with the sheet's size.
 */
export function openXlsxRecords(
  path: string,
  settings: ReadSettings,
  onSheets?: (names: string[]) => void,
): RecordSource {
  return { stages: [Readable.from(readSheet(path, settings, onSheets))], mapError: (err) => err };
}
