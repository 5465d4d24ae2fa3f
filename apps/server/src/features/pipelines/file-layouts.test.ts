import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  columnNumberTaken,
  fixedWidthPositionsRequired,
  numberFormatNotAllowed,
  skipColumnUnknown,
} from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDataTable, addPipeline } from '@/ingest/test-fixtures.ts';
import { multipartBody } from '@/testing/multipart.ts';
import {
  addModule,
  addUser,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';

// File-upload configs for files without a header, fixed-width files, skip rules, date patterns and number
// formats, and the preview that reads a sample the way such a config says.

let t: TestApp;
let admin: Session;
let moduleId: number;
let tableId: number;

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../ingest/fixtures', name));

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'Layouts');
  await addUser(t, { userName: 'layout-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'layout-admin');
  tableId = (
    await addDataTable(t.database.db, moduleId, 'settlements', [
      { name: 'rrn', dataType: 'VARCHAR', isMoney: false },
      { name: 'settled_on', dataType: 'DATE', isMoney: false },
      { name: 'amount', dataType: 'DOUBLE', isMoney: true },
    ])
  ).id;
});
afterAll(() => t.close());

const newPipeline = () => addPipeline(t.database.db, moduleId, uniqueName('layout pipeline'), tableId);
const url = (id: number) => `/web/v2/admin/pipelines/${id}/file_upload_configs`;
const save = (id: number, payload: object) => call(t, admin, { method: 'POST', url: url(id), payload, moduleId });
const preview = (id: number, name: string, content: string | Buffer, settings?: object) => {
  const { payload, headers } = multipartBody(
    [{ name, content }],
    settings ? { settings: JSON.stringify(settings) } : {},
  );
  return call(t, admin, { method: 'POST', url: `${url(id)}/preview`, payload, headers, moduleId });
};

const fixedWidthMappings = [
  { fileColumn: 'Record type', tableColumn: null, start: 1, length: 1 },
  { fileColumn: 'RRN', tableColumn: 'rrn', dataType: 'VARCHAR', start: 2, length: 12 },
  {
    fileColumn: 'Settled on',
    tableColumn: 'settled_on',
    dataType: 'DATE',
    start: 14,
    length: 8,
    dateFormats: ['YYYYMMDD', 'DD.MM.YYYY'],
  },
  {
    fileColumn: 'Amount',
    tableColumn: 'amount',
    dataType: 'DOUBLE',
    start: 22,
    length: 13,
    numberFormat: { scale: 2, drCr: 'drNegative' },
  },
];

describe('file layouts in the config', () => {
  it('saves a fixed-width config with skip rules, date patterns and a number format, and reads it back', async () => {
    const id = await newPipeline();
    const res = await save(id, {
      fileKind: 'fixed_width',
      headerRow: 2,
      hasHeader: true,
      skipRules: { bottomRows: 1, patterns: [{ column: 'Record type', pattern: '^T$' }] },
      mappings: fixedWidthMappings,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // A fixed-width file has no header, whatever was sent.
    expect(body).toMatchObject({ fileKind: 'fixed_width', headerRow: 2, hasHeader: false });
    expect(body.skipRules).toEqual({
      bottomRows: 1,
      blankColumns: [],
      patterns: [{ column: 'Record type', pattern: '^T$' }],
    });
    expect(body.mappings[2]).toMatchObject({ dateFormat: 'YYYYMMDD', dateFormats: ['YYYYMMDD', 'DD.MM.YYYY'] });
    expect(body.mappings[3]).toMatchObject({
      start: 22,
      length: 13,
      columnNumber: null,
      numberFormat: { grouping: 'any', trailingMinus: false, drCr: 'drNegative', currency: false, scale: 2 },
    });
    const read = await call(t, admin, { method: 'GET', url: url(id), moduleId });
    expect(read.json()).toEqual(body);
  });

  it('numbers the columns of a file without a header by their place unless told, and keeps a single date format working', async () => {
    const id = await newPipeline();
    const res = await save(id, {
      fileKind: 'csv',
      delimiter: '|',
      hasHeader: false,
      mappings: [
        { fileColumn: 'RRN', tableColumn: 'rrn', dataType: 'VARCHAR' },
        { fileColumn: 'Date', tableColumn: 'settled_on', dataType: 'DATE', dateFormat: 'DD-MM-YYYY' },
        { fileColumn: 'Paise', tableColumn: 'amount', dataType: 'DOUBLE', columnNumber: 5 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().mappings.map((m: { columnNumber: number; dateFormats: string[] }) => [m.columnNumber, m.dateFormats]),
    ).toEqual([
      [1, []],
      [2, ['DD-MM-YYYY']],
      [5, []],
    ]);
  });

  it('answers every layout problem: cuts missing, a column number twice, unknown skip columns, a bad pattern, a number format on text', async () => {
    const id = await newPipeline();
    const fixed = await save(id, {
      fileKind: 'fixed_width',
      skipRules: { blankColumns: ['Nope'], patterns: [{ column: 'Ghost', pattern: 'x' }] },
      mappings: [
        { fileColumn: 'RRN', tableColumn: 'rrn', dataType: 'VARCHAR', start: 2, numberFormat: { scale: 2 } },
        { fileColumn: 'Amount', tableColumn: 'amount', dataType: 'DOUBLE', start: 22, length: 13 },
      ],
    });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().errors).toEqual([
      { field: 'mappings.0.start', defaultMessage: fixedWidthPositionsRequired('RRN') },
      { field: 'mappings.0.numberFormat', defaultMessage: numberFormatNotAllowed('rrn') },
      { field: 'skipRules.blankColumns.0', defaultMessage: skipColumnUnknown('Nope') },
      { field: 'skipRules.patterns.0.column', defaultMessage: skipColumnUnknown('Ghost') },
    ]);
    const positions = await save(id, {
      fileKind: 'csv',
      hasHeader: false,
      mappings: [
        { fileColumn: 'A', tableColumn: 'rrn', dataType: 'VARCHAR', columnNumber: 2 },
        { fileColumn: 'B', tableColumn: null },
      ],
    });
    expect(positions.json().errors).toEqual([
      { field: 'mappings.1.columnNumber', defaultMessage: columnNumberTaken(2) },
    ]);
    const pattern = await save(id, {
      fileKind: 'csv',
      skipRules: { patterns: [{ column: null, pattern: '(unclosed' }] },
      mappings: [{ fileColumn: 'A', tableColumn: 'rrn', dataType: 'VARCHAR' }],
    });
    expect(pattern.statusCode).toBe(400);
    expect(pattern.json().message).toBe('"(unclosed" is not a valid regular expression');
  });
});

describe('preview of files read as configured', () => {
  it('reads a headerless pipe .txt by position and proposes a date pattern per column', async () => {
    const id = await newPipeline();
    const res = await preview(id, 'upi-settlement-20260331.txt', fixture('upi-settlement-20260331.txt'), {
      fileKind: 'csv',
      hasHeader: false,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      fileKind: 'csv',
      delimiter: '|',
      hasHeader: false,
      header: ['Column 1', 'Column 2', 'Column 3', 'Column 4', 'Column 5', 'Column 6'],
    });
    expect(body.rows[0]).toEqual(['000123456789', '20260301', '0000012345', '00', 'SBIN0001234', 'NPCI']);
    expect(body.rows).toHaveLength(3);
    expect(body.dateProposals[1]).toEqual([{ pattern: 'YYYYMMDD', matched: 3, ambiguousWith: [] }]);
    expect(body.dateProposals[4]).toEqual([]);
    expect(body.lines[0]).toBe('000123456789|20260301|0000012345|00|SBIN0001234|NPCI');
  });

  it('flags an ambiguous date column: both day-first and month-first read every sample', async () => {
    const id = await newPipeline();
    const res = await preview(id, 'orders.tsv', 'Order\tDate\nA1\t03/04/2026\nA2\t05/06/2026\n', { fileKind: 'csv' });
    expect(res.statusCode).toBe(200);
    const proposals = res.json().dateProposals[1] as { pattern: string; ambiguousWith: string[] }[];
    expect(proposals.map((p) => p.pattern)).toEqual(['DD/MM/YYYY', 'MM/DD/YYYY']);
    expect(proposals[0]?.ambiguousWith).toEqual(['MM/DD/YYYY']);
  });

  it('cuts a fixed-width .dat at the given columns, shows its raw lines and which rows a rule skips', async () => {
    const id = await newPipeline();
    const whole = await preview(id, 'card.dat', fixture('card-settlement-20260331.dat'), { fileKind: 'fixed_width' });
    expect(whole.json()).toMatchObject({ fileKind: 'fixed_width', delimiter: null, header: ['Line'] });
    expect(whole.json().rows[1]).toEqual(['D00012345678920260301000000012345D']);
    const cut = await preview(id, 'card.dat', fixture('card-settlement-20260331.dat'), {
      fileKind: 'fixed_width',
      headerRow: 2,
      columns: fixedWidthMappings.map(({ fileColumn, start, length }) => ({ fileColumn, start, length })),
      skipRules: { bottomRows: 0, blankColumns: [], patterns: [{ column: 'Record type', pattern: '^T$' }] },
    });
    const body = cut.json();
    expect(body.header).toEqual(['Record type', 'RRN', 'Settled on', 'Amount']);
    expect(body.rows).toEqual([
      ['D', '000123456789', '20260301', '000000012345D'],
      ['D', '000987654321', '20260302', '000000100000C'],
      ['D', '010000000000', '20260331', '000000000099D'],
      ['T', '000003000000', '112444', ''],
    ]);
    expect(body.rowSkips).toEqual([null, null, null, 'Record type matches ^T$']);
    expect(body.dateProposals[2]).toEqual([{ pattern: 'YYYYMMDD', matched: 3, ambiguousWith: [] }]);
    expect(body.lines).toHaveLength(5);
  });

  it('reads a bank CSV from its header row below the preamble, its footer rows marked as skipped', async () => {
    const id = await newPipeline();
    const res = await preview(id, 'statement.csv', fixture('hdfc-statement-mar-2026.csv'), {
      headerRow: 5,
      skipRules: { bottomRows: 0, blankColumns: [], patterns: [{ column: null, pattern: '^Closing Balance|^\\*\\*' }] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.header.slice(0, 2)).toEqual(['Date', 'Narration']);
    expect(body.rows).toHaveLength(7);
    expect(body.rowSkips).toEqual([
      null,
      null,
      null,
      null,
      null,
      'A column matches ^Closing Balance|^\\*\\*',
      'A column matches ^Closing Balance|^\\*\\*',
    ]);
    // Two-digit and four-digit years in one column: no single pattern reads them all.
    expect(body.dateProposals[0]).toEqual([]);
    expect(body.lines[0]).toBe('HDFC BANK Ltd.');
  });
});
