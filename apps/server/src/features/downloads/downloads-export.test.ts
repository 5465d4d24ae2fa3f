import { DOWNLOAD_TEXTS, TRANSACTION_TEXTS } from '@recon/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/config.ts';
import { recoverDownloads } from '@/lib/downloads/export-queue.ts';
import { startTestWorker } from '@/testing/job-fixtures.ts';
import { addModule, addUser, call, type Session, signIn, type TestApp } from '@/testing/test-app.ts';
import {
  addRoleWith,
  createDownloadsApp,
  type DownloadScenario,
  dataDirOf,
  postDownload,
  statementScenario,
  viewOf,
  work,
} from './downloads.fixtures.ts';

let t: TestApp;
let moduleId: number;
let s: DownloadScenario;
let user: Session;

beforeAll(async () => {
  t = await createDownloadsApp();
  moduleId = await addModule(t, 'Exports');
  await addRoleWith(t, 'ROLE_EXPORTS', ['viewRecons', 'allTransactions', 'reconciledTransaction']);
  await addUser(t, { userName: 'exports', roles: ['ROLE_EXPORTS'], moduleIds: [moduleId] });
  user = await signIn(t, 'exports');
  s = await statementScenario(t, moduleId);
});
afterAll(() => t.close());

type Body = Parameters<typeof postDownload>[3];

/** Requests an export, works it, fetches the file; answers the request row and the file's bytes. */
async function exportFile(body: Body) {
  const res = await postDownload(t, user, moduleId, body);
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().id as number;
  await work(t, id);
  const row = await t.database.db
    .selectFrom('download_request')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (row.status !== 'READYFORDOWNLOAD') return { row, file: Buffer.alloc(0) };
  const init = await call(t, user, { method: 'GET', url: `/web/v2/dashletdownloads/downloadInitiate/${id}`, moduleId });
  const file = await t.app.inject({
    method: 'GET',
    url: `/web/v2/dashletdownloads/download?token=${init.json().token}`,
  });
  expect(file.statusCode).toBe(200);
  return { row, file: file.rawPayload };
}

const csvRows = (file: Buffer): string[][] => parse(file, { bom: true, relax_column_count: false });
const csv = (view = viewOf(s), extra: Partial<Body> = {}): Body => ({
  reportType: 'TRANSACTIONS',
  format: 'CSV',
  scope: 'ALL_COLUMNS',
  view,
  ...extra,
});

describe('a TRANSACTIONS export', () => {
  it('holds exactly the rows the Transactions list shows for the same view, in its order', async () => {
    const filters = {
      'columns[0][data]': 'amount',
      'columns[0][search][type]': 'GREATER_THAN',
      'columns[0][search][value]': '0',
      'columns[1][data]': 'value_date',
      'order[0][column]': '0',
      'order[0][dir]': 'asc',
      fromDate: '2026-10-01',
      toDate: '2026-10-07',
    };
    const listed = await call(t, user, {
      method: 'GET',
      url: `/web/v2/transactions?${new URLSearchParams({ Find: 'ByTab', ...viewOf(s, 'all', filters), length: '100' })}`,
      moduleId,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const expected = listed.json().data.map((r: { values: { reference: string } }) => r.values.reference);
    expect(expected).toEqual(['R7', 'R1', 'R2', 'R4', 'R5']);

    const { row, file } = await exportFile(csv(viewOf(s, 'all', filters)));
    expect(row).toMatchObject({ status: 'READYFORDOWNLOAD', row_count: 5, error: null });
    expect(row.size_bytes).toBe(file.length);
    const [header, ...rows] = csvRows(file);
    expect(header).toEqual(['reference', 'value_date', 'amount', 'narration', 'Status', 'Match Id']);
    expect(rows.map((r) => r[0])).toEqual(expected);
    expect(rows.find((r) => r[0] === 'R1')).toEqual([
      'R1',
      '2026-10-01',
      '100.0000',
      'NEFT R1',
      'RECONCILED',
      String(s.matchId),
    ]);
    expect(rows.find((r) => r[0] === 'R5')?.[2]).toBe('12345678901234.5678');
  });

  it('escapes text cells that a spreadsheet would run as formulas, and only those', async () => {
    const { file } = await exportFile(csv(viewOf(s, 'all', { 'order[0][column]': '0', 'columns[0][data]': '_id' })));
    const byRef = new Map(csvRows(file).map((r) => [r[0], r]));
    expect(byRef.get('R2')?.[3]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(byRef.get('R3')?.[3]).toBe(`'+91 98765`);
    expect(byRef.get('R4')?.[3]).toBe(`'-2+3`);
    expect(byRef.get('R5')?.[3]).toBe(`'@SUM(A1)`);
    expect(byRef.get('R6')?.[3]).toBe(`'\tcmd`);
    expect(byRef.get("'=R8")?.[3]).toBe('');
    // A negative amount is a number, not a formula; quotes, commas and line breaks survive.
    expect(byRef.get('R3')?.[2]).toBe('-300.2500');
    expect(byRef.get('R7')?.[3]).toBe('a, "quoted"\nline');
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('writes an XLSX that opens, with numbers as numbers where a double holds them exactly', async () => {
    const { row, file } = await exportFile(
      csv(viewOf(s, 'all', { 'columns[0][data]': '_id', 'order[0][column]': '0', 'order[0][dir]': 'asc' }), {
        format: 'XLSX',
      }),
    );
    expect(row.file_name).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'reference',
      'value_date',
      'amount',
      'narration',
      'Status',
      'Match Id',
    ]);
    expect(sheet.rowCount).toBe(9);
    expect(sheet.getRow(2).values).toEqual([undefined, 'R1', '2026-10-01', 100, 'NEFT R1', 'RECONCILED', s.matchId]);
    // Too many digits for a double: kept as text, unchanged. A string cell is never a formula: no escaping.
    expect(sheet.getRow(6).getCell(3).value).toBe('12345678901234.5678');
    expect(sheet.getRow(3).getCell(4).value).toBe('=HYPERLINK("http://x","y")');
    expect(sheet.getRow(4).getCell(3).value).toBe(-300.25);
  });

  it("writes the data source's active data elements in their sequence for CONFIGURED_COLUMNS", async () => {
    const none = await postDownload(t, user, moduleId, csv(viewOf(s), { scope: 'CONFIGURED_COLUMNS' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(DOWNLOAD_TEXTS.noConfiguredColumns);
    await t.database.db
      .insertInto('data_element')
      .values([
        { data_source_id: s.f.sides.A.dataSourceId, name: 'narration', type: 'VARCHAR', sequence: 1 },
        { data_source_id: s.f.sides.A.dataSourceId, name: 'amount', type: 'DOUBLE', sequence: 2, active: false },
        { data_source_id: s.f.sides.A.dataSourceId, name: 'reference', type: 'VARCHAR', sequence: 3 },
      ])
      .execute();
    const { row, file } = await exportFile(csv(viewOf(s), { scope: 'CONFIGURED_COLUMNS' }));
    expect(csvRows(file)[0]).toEqual(['narration', 'reference']);
    expect(row.columns).toEqual(['narration', 'reference']);
  });

  it('writes the given columns and row fields, in their order, for CUSTOM_COLUMNS', async () => {
    const columns = ['_match_id', 'reference', '_status', '_rule_name', '_file_name', '_id'];
    const { file } = await exportFile(csv(viewOf(s, 'reconciled'), { scope: 'CUSTOM_COLUMNS', columns }));
    const [header, ...rows] = csvRows(file);
    expect(header).toEqual(['Match Id', 'reference', 'Status', 'Rule', 'File Name', 'Row Id']);
    expect(rows.map((r) => [r[0], r[1], r[2]]).sort()).toEqual([
      [String(s.matchId), 'R1', 'RECONCILED'],
      [String(s.matchId), 'R2', 'RECONCILED'],
    ]);
  });

  it('ends FAILED with the message when the view cannot be read any more', async () => {
    const res = await postDownload(t, user, moduleId, csv());
    await t.database.db
      .updateTable('data_source')
      .set({ is_active: false })
      .where('id', '=', s.f.sides.A.dataSourceId)
      .execute();
    try {
      await work(t, res.json().id);
    } finally {
      await t.database.db
        .updateTable('data_source')
        .set({ is_active: true })
        .where('id', '=', s.f.sides.A.dataSourceId)
        .execute();
    }
    const list = await call(t, user, { method: 'GET', url: '/web/v2/dashletdownloads?maxResults=1', moduleId });
    expect(list.json().data[0]).toMatchObject({
      id: res.json().id,
      status: 'FAILED',
      error: TRANSACTION_TEXTS.dataSourceNotInRecon,
    });
  });
});

describe('the download worker', () => {
  it('marks exports cut off by a stop FAILED at start', async () => {
    const res = await postDownload(t, user, moduleId, csv());
    await t.database.db
      .updateTable('download_request')
      .set({ status: 'INPROCESS' })
      .where('id', '=', res.json().id)
      .execute();
    expect(await recoverDownloads(t.database.db, new Date())).toContain(res.json().id);
    const row = await t.database.db
      .selectFrom('download_request')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirst();
    expect(row).toMatchObject({ status: 'FAILED', error: DOWNLOAD_TEXTS.serverStopped });
  });

  it('works a request from the queue: waiting ones at start, new ones when they are made', async () => {
    const waiting = (await postDownload(t, user, moduleId, csv())).json().id as number;
    const worker = await startTestWorker(t, { config: testConfig({ dataDir: dataDirOf(t) }) });
    try {
      const made = (await postDownload(t, user, moduleId, csv())).json().id as number;
      const deadline = Date.now() + 15_000;
      let statuses: string[] = [];
      while (Date.now() < deadline) {
        const rows = await t.database.db
          .selectFrom('download_request')
          .select('status')
          .where('id', 'in', [waiting, made])
          .execute();
        statuses = rows.map((r) => r.status);
        if (statuses.every((st) => st === 'READYFORDOWNLOAD')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(statuses).toEqual(['READYFORDOWNLOAD', 'READYFORDOWNLOAD']);
    } finally {
      await worker.stop();
    }
  });
});
