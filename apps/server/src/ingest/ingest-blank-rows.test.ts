import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFilePipeline, createIngestEnv, fileRow, type IngestEnv, rowsOf, runFiles } from './ingest.test-helpers.ts';

// A blank row between rows of a numbered file (xlsx rows, fixed-width lines) is skipped and counted, so a file's
// counts add up to its rows: loaded + skipped + header = the last row's number. Blank rows after the last row
// (a sheet's formatted empty rows, a file's trailing empty lines) are not rows of the file and are not counted.

let env: IngestEnv;
beforeAll(async () => {
  env = await createIngestEnv();
});
afterAll(async () => {
  await env?.close();
});

const columns = [
  { name: 'reference', dataType: 'VARCHAR', isMoney: false },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
] as const;

describe('blank rows inside a file', () => {
  it('counts the blank rows of a sheet between its header, its data and its footer, not those after it', async () => {
    const p = await addFilePipeline(env, {
      columns,
      fileKind: 'xlsx',
      headerRow: 2,
      skipRules: { patterns: [{ column: null, pattern: '^Closing' }] },
      mappings: [
        { fileColumn: 'Reference', tableColumn: 'reference' },
        { fileColumn: 'Amount', tableColumn: 'amount' },
      ],
    });
    const wb = new ExcelJS.Workbook();
    const s = wb.addWorksheet('Statement');
    s.getCell('A1').value = 'Statement of account';
    s.getRow(2).values = ['Reference', 'Amount'];
    // Row 3 blank (absent from the sheet), row 5 with empty cells, row 7 absent, then the footer.
    s.getRow(4).values = ['R1', '10.00'];
    s.getRow(5).values = ['', ''];
    s.getRow(6).values = ['R2', '20.50'];
    s.getRow(8).values = ['Closing balance', '30.50'];
    // Formatted but empty rows below the footer.
    s.getRow(9).getCell(1).numFmt = '0.00';
    s.getRow(10).getCell(1).numFmt = '0.00';
    const out = await runFiles(env, p.pipelineId, [
      { name: 'statement.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) },
    ]);
    expect(out.error).toBeNull();
    const file = await fileRow(env, out.fileIds[0] as number);
    expect([file.status, file.error_kind, file.total_rows, file.skipped_rows]).toEqual(['FINISHED', 'No Error', 2, 5]);
    expect(file.skip_summary).toEqual([
      { reason: 'Rows above the header', count: 1 },
      { reason: 'Blank rows', count: 3 },
      { reason: 'A column matches ^Closing', count: 1 },
    ]);
    const rows = await rowsOf<Record<string, string | number>>(env, p.table.table);
    expect(rows.map((r) => [r.reference, r._row_no])).toEqual([
      ['R1', 4],
      ['R2', 6],
    ]);
  });

  it('counts the blank lines between the records of a fixed-width file, not the empty lines at its end', async () => {
    const p = await addFilePipeline(env, {
      columns,
      fileKind: 'fixed_width',
      hasHeader: false,
      mappings: [
        { fileColumn: 'Reference', tableColumn: 'reference', start: 1, length: 4 },
        { fileColumn: 'Amount', tableColumn: 'amount', start: 5, length: 8, numberFormat: { scale: 2 } },
      ],
    });
    const out = await runFiles(env, p.pipelineId, [
      { name: 'records.dat', content: 'R00100001000\r\n\r\n    \r\nR00200002050\r\n\r\n\r\n' },
    ]);
    expect(out.error).toBeNull();
    const file = await fileRow(env, out.fileIds[0] as number);
    expect([file.status, file.total_rows, file.skipped_rows]).toEqual(['FINISHED', 2, 2]);
    expect(file.skip_summary).toEqual([{ reason: 'Blank rows', count: 2 }]);
    const rows = await rowsOf<Record<string, string | number>>(env, p.table.table);
    expect(rows.map((r) => [r.reference, r.amount, r._row_no])).toEqual([
      ['R001', '10.0000', 1],
      ['R002', '20.5000', 4],
    ]);
  });
});
