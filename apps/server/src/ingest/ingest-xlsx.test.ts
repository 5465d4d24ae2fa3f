import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addFilePipeline,
  createIngestEnv,
  fileRow,
  type IngestEnv,
  type PipelineFixture,
  rowsOf,
  runFiles,
} from './ingest.test-helpers.ts';
import { zipOf } from './zip.test-helper.ts';

let env: IngestEnv;
let xlsx: PipelineFixture;

const columns = [
  { name: 'reference', dataType: 'VARCHAR', isMoney: false },
  { name: 'value_date', dataType: 'DATE', isMoney: false },
  { name: 'amount', dataType: 'DOUBLE', isMoney: true },
  { name: 'note', dataType: 'VARCHAR', isMoney: false },
] as const;

beforeAll(async () => {
  env = await createIngestEnv();
  xlsx = await addFilePipeline(env, {
    columns,
    fileKind: 'xlsx',
    sheetName: 'Statement',
    headerRow: 2,
    mappings: [
      { fileColumn: 'Reference', tableColumn: 'reference' },
      { fileColumn: 'Value Date', tableColumn: 'value_date', dateFormat: 'DD/MM/YYYY' },
      { fileColumn: 'Amount', tableColumn: 'amount' },
      { fileColumn: 'Note', tableColumn: 'note' },
    ],
  });
});
afterAll(async () => {
  await env?.close();
});

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function load(content: Buffer, name = 'statement.xlsx') {
  const out = await runFiles(env, xlsx.pipelineId, [{ name, content }]);
  const file = await fileRow(env, out.fileIds[0] as number);
  const rows = (await rowsOf(env, xlsx.table.table)).filter((r) => r._file_id === file.id);
  return { out, file, rows };
}

describe('xlsx files', () => {
  it('loads the configured sheet from its header row, with date cells, numbers and rich text', async () => {
    const content = await workbook((wb) => {
      wb.addWorksheet('Cover').addRow(['not this sheet']);
      const s = wb.addWorksheet('Statement');
      s.addRow(['HDFC statement, October']);
      s.addRow(['Reference', 'Value Date', 'Amount', 'Note']);
      s.addRow(['X1', new Date(Date.UTC(2026, 9, 5)), 1234.5, { richText: [{ text: 'rich ' }, { text: 'text' }] }]);
      s.addRow([]);
      s.addRow(['X2', '06/10/2026', '(15.25)', null]);
    });
    const r = await load(content);
    expect(r.out.error).toBeNull();
    expect(
      r.rows.map((x) => [x.reference, (x.value_date as Date).toISOString().slice(0, 10), x.amount, x.note, x._row_no]),
    ).toEqual([
      ['X1', '2026-10-05', '1234.5000', 'rich text', 3],
      ['X2', '2026-10-06', '-15.2500', null, 5],
    ]);
  });

  it('never evaluates formulas: a formula cell gives its saved result, formula-looking text stays text', async () => {
    const content = await workbook((wb) => {
      const s = wb.addWorksheet('Statement');
      s.addRow([]);
      s.addRow(['Reference', 'Value Date', 'Amount', 'Note']);
      s.addRow(['F1', '01/10/2026', { formula: 'SUM(1,2)', result: 3 }, '=HYPERLINK("http://evil")']);
      s.addRow(['F2', '01/10/2026', { formula: 'NOW()' }, '+cmd|calc']);
    });
    const r = await load(content, 'formulas.xlsx');
    expect(r.rows.map((x) => [x.reference, x.amount, x.note])).toEqual([
      ['F1', '3.0000', '=HYPERLINK("http://evil")'],
      ['F2', null, '+cmd|calc'],
    ]);
  });

  it('refuses an .xlsx that is not a zip', async () => {
    const r = await load(Buffer.from('Reference,Value Date\nthis is a csv\n'), 'fake.xlsx');
    expect([r.file.status, r.file.error_kind, r.file.error_message]).toEqual([
      'INVALID',
      'Invalid File Content',
      'The file is not an Excel workbook (.xlsx)',
    ]);
    expect(r.rows).toEqual([]);
  });

  it('refuses a zip bomb before inflating it', async () => {
    const bomb = zipOf([
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', content: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(64 * 1024 * 1024, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const r = await load(bomb, 'bomb.xlsx');
    expect([r.file.status, r.file.error_kind]).toEqual(['INVALID', 'Invalid File Content']);
    expect(r.file.error_message).toMatch(/zip bomb/);
  });

  it('refuses a workbook without the configured sheet', async () => {
    const content = await workbook((wb) => {
      wb.addWorksheet('Other').addRow(['Reference']);
    });
    const r = await load(content, 'nosheet.xlsx');
    expect([r.file.error_kind, r.file.error_message]).toEqual([
      'Invalid File Content',
      'The workbook has no sheet named "Statement"',
    ]);
  });
});
