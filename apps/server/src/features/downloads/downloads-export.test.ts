import { DOWNLOAD_TEXTS, TRANSACTION_TEXTS } from '@recon/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/config.ts';
import { recoverDownloads } from '@/jobs/export-queue.ts';
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
  await addRoleWith(t, 'ROLE_EXPORTS', [
    'viewRecons',
    'allTransactions',
    'reconciledTransaction',
    'unReconciledTransaction',
    'knockOff',
  ]);
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
const csv = (view: Record<string, string> = viewOf(s), extra: Partial<Body> = {}): Body => ({
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
    // Headers and statuses as the tabs label them; dates DD-MM-YYYY; amounts with 2 decimals from the exact
    // numeric (1.0050 is 1.01: a float would make it 1.00); a UTR Excel would read as a number kept as text.
    expect(header).toEqual(['Reference', 'Value Date', 'Amount', 'Narration', 'UTR', 'Status', 'Match Id']);
    expect(rows.map((r) => r[0])).toEqual(expected);
    expect(rows.find((r) => r[0] === 'R1')).toEqual([
      'R1',
      '01-10-2026',
      '100.00',
      'NEFT R1',
      '="002245201234"',
      'Reconciled',
      String(s.matchId),
    ]);
    expect(rows.find((r) => r[0] === 'R2')?.slice(2, 6)).toEqual([
      '250.50',
      `'=HYPERLINK("http://x","y")`,
      '="224520123456"',
      'Reconciled',
    ]);
    expect(rows.find((r) => r[0] === 'R4')?.slice(1, 6)).toEqual([
      '04-10-2026',
      '400.12',
      `'-2+3`,
      'UTR-4',
      'Unreconciled',
    ]);
    expect(rows.find((r) => r[0] === 'R5')?.[2]).toBe('12345678901234.57');
    expect(rows.find((r) => r[0] === 'R5')?.[4]).toBe('="1e5"');
    expect(rows.find((r) => r[0] === 'R7')?.[2]).toBe('1.01');
  });

  it('writes in the CSV file itself the text formula Excel reads as text, quoted as CSV quotes it', async () => {
    const { file } = await exportFile(csv(viewOf(s, 'all', { 'order[0][column]': '0', 'columns[0][data]': '_id' })));
    const lines = file.toString('utf8').split('\n');
    expect(lines[1]).toBe(`R1,01-10-2026,100.00,NEFT R1,"=""002245201234""",Reconciled,${s.matchId}`);
    expect(lines[3]).toBe(`R3,03-10-2026,-300.25,'+91 98765,"=""01-02-2026""",Unreconciled,`);
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
    expect(byRef.get('R3')?.[2]).toBe('-300.25');
    expect(byRef.get('R7')?.[3]).toBe('a, "quoted"\nline');
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('writes an XLSX with typed cells: amounts as numbers with 2 decimals, dates as dates, text as text', async () => {
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
      'Reference',
      'Value Date',
      'Amount',
      'Narration',
      'UTR',
      'Status',
      'Match Id',
    ]);
    expect(sheet.rowCount).toBe(9);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'R1',
      new Date(Date.UTC(2026, 9, 1)),
      100,
      'NEFT R1',
      '002245201234',
      'Reconciled',
      s.matchId,
    ]);
    const r1 = sheet.getRow(2);
    expect(r1.getCell(2).type).toBe(ExcelJS.ValueType.Date);
    expect(r1.getCell(2).numFmt).toBe('dd-mm-yyyy');
    expect(r1.getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(r1.getCell(3).numFmt).toBe('#,##0.00');
    expect(r1.getCell(5).type).toBe(ExcelJS.ValueType.String);
    // The UTRs stay strings (no 2.2452E+11, no date); a string cell is never a formula: no escaping.
    expect(sheet.getRow(3).getCell(5).value).toBe('224520123456');
    expect(sheet.getRow(4).getCell(5).value).toBe('01-02-2026');
    expect(sheet.getRow(6).getCell(5).value).toBe('1e5');
    expect(sheet.getRow(3).getCell(4).value).toBe('=HYPERLINK("http://x","y")');
    expect(sheet.getRow(4).getCell(3).value).toBe(-300.25);
    expect(sheet.getRow(5).getCell(3).value).toBe(400.12);
    expect(sheet.getRow(6).getCell(3).value).toBe(12345678901234.57);
    expect(sheet.getRow(8).getCell(3).value).toBe(1.01);
    expect(sheet.getRow(5).getCell(6).value).toBe('Unreconciled');
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
    expect(csvRows(file)[0]).toEqual(['Narration', 'Reference']);
    expect(row.columns).toEqual(['narration', 'reference']);
  });

  it('writes the given columns and row fields, in their order, for CUSTOM_COLUMNS', async () => {
    const columns = ['_match_id', 'reference', '_status', '_rule_name', '_file_name', '_id'];
    const { file } = await exportFile(csv(viewOf(s, 'reconciled'), { scope: 'CUSTOM_COLUMNS', columns }));
    const [header, ...rows] = csvRows(file);
    expect(header).toEqual(['Match Id', 'Reference', 'Status', 'Rule', 'File Name', 'Row Id']);
    expect(rows.map((r) => [r[0], r[1], r[2]]).sort()).toEqual([
      [String(s.matchId), 'R1', 'Reconciled'],
      [String(s.matchId), 'R2', 'Reconciled'],
    ]);
  });

  it('writes times as DD-MM-YYYY hh:mm AM in a CSV and as date-time cells in an XLSX', async () => {
    const times = await statementScenario(t, moduleId, 'times');
    await t.database.pool.query(
      `UPDATE ${times.f.sides.A.table} SET _loaded_at = CASE WHEN reference = 'R1'
         THEN timestamptz '2026-10-01 14:05:00+00' ELSE timestamptz '2026-10-02 09:30:00+00' END`,
    );
    const view = viewOf(times, 'all', { 'columns[0][data]': '_id', 'order[0][column]': '0', 'order[0][dir]': 'asc' });
    const body = csv(view, { scope: 'CUSTOM_COLUMNS', columns: ['reference', '_loaded_at'] });
    const { file } = await exportFile(body);
    const [header, r1, r2] = csvRows(file);
    expect(header).toEqual(['Reference', 'Loaded At']);
    // Times in the session's TimeZone (the test cluster's is UTC): the literal's wall-clock time.
    expect(r1).toEqual(['R1', '01-10-2026 02:05 PM']);
    expect(r2).toEqual(['R2', '02-10-2026 09:30 AM']);

    const xlsx = await exportFile({ ...body, format: 'XLSX' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.file as unknown as ArrayBuffer);
    const cell = workbook.worksheets[0]?.getRow(2).getCell(2);
    expect(cell?.value).toEqual(new Date(Date.UTC(2026, 9, 1, 14, 5)));
    expect(cell?.numFmt).toBe('dd-mm-yyyy hh:mm AM/PM');
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

describe('a TRANSACTIONS export of a narrowed view', () => {
  let v: DownloadScenario;
  beforeAll(async () => {
    // Side A of its own recon: R1 and R2 reconciled, R3 relaxed, R4 proposed, R5 and R6 knocked off, R7 and =R8 open.
    v = await statementScenario(t, moduleId, 'views');
    const state = async (reference: string, status: string, reason: string | null = null) => {
      const matchId = reason ? null : (await t.database.pool.query(`SELECT recon_match_id() AS id`)).rows[0].id;
      await t.database.pool.query(
        `INSERT INTO ${v.f.sides.A.stateTable} (_id, status, match_id, run_id, reason)
         SELECT _id, $2, $3, 0, $4 FROM ${v.f.sides.A.table} WHERE reference = $1`,
        [reference, status, matchId, reason],
      );
    };
    await state('R3', 'RELAX_MATCH');
    await state('R4', 'PROPOSE_MATCH');
    await state('R5', 'KNOCK_OFF', 'Bank charges for October');
    await state('R6', 'KNOCK_OFF', 'Duplicate booking');
  });

  /** Every row the list shows for the view, page by page (3 a page), as references. */
  async function listed(view: Record<string, string>): Promise<string[]> {
    const out: string[] = [];
    for (let start = 0; ; start += 3) {
      const res = await call(t, user, {
        method: 'GET',
        url: `/web/v2/transactions?${new URLSearchParams({ Find: 'ByTab', ...view, start: String(start), length: '3' })}`,
        moduleId,
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data as { values: { reference: string } }[];
      out.push(...rows.map((r) => r.values.reference));
      if (rows.length < 3) return out;
    }
  }

  async function exported(view: Record<string, string>): Promise<string[]> {
    const { row, file } = await exportFile(csv(view));
    expect(row.status, row.error ?? '').toBe('READYFORDOWNLOAD');
    const [, ...rows] = csvRows(file);
    expect(row.row_count).toBe(rows.length);
    // A reference looking like a formula is escaped in the CSV (tested above): compared here as the list has it.
    return rows.map((r) => (r[0] as string).replace(/^'(?=[=+\-@\t])/, ''));
  }

  const cases: { name: string; view: Record<string, string>; rows: string[] }[] = [
    {
      name: 'the status filter within the tab, ordered by a row field descending',
      view: {
        tab: 'reconciled',
        status: 'RELAX_MATCH,PROPOSE_MATCH',
        'columns[0][data]': '_status',
        'order[0][column]': '0',
        'order[0][dir]': 'desc',
      },
      rows: ['R3', 'R4'],
    },
    {
      name: 'a range on the value date with text and number filters, by amount descending',
      view: {
        tab: 'all',
        dateColumn: 'value_date',
        fromDate: '2026-10-02',
        toDate: '2026-10-07',
        'columns[0][data]': 'reference',
        'columns[0][search][type]': 'NOT_EQUAL',
        'columns[0][search][value]': 'R5',
        'columns[1][data]': 'amount',
        'columns[1][search][type]': 'LESS_THAN',
        'columns[1][search][value]': '300',
        'order[0][column]': '1',
        'order[0][dir]': 'desc',
      },
      rows: ['R2', 'R7', 'R6', 'R3'],
    },
    {
      name: 'the knock-off tab filtered on the reason',
      view: {
        tab: 'knockoff',
        'columns[0][data]': '_reason',
        'columns[0][search][type]': 'CONTAINS',
        'columns[0][search][value]': 'charges',
      },
      rows: ['R5'],
    },
    {
      name: 'the open rows by value date (the default order: newest first)',
      view: { tab: 'unreconciled', fromDate: '2026-10-01', toDate: '2026-10-31' },
      rows: ['=R8', 'R7'],
    },
  ];
  it.each(cases)('holds the rows the list shows for $name', async ({ view, rows }) => {
    const full = { reconId: String(v.f.reconId), dataSourceId: String(v.f.sides.A.dataSourceId), ...view };
    expect(await listed(full)).toEqual(rows);
    expect(await exported(full)).toEqual(rows);
  });

  it('holds the rows loaded in a range of days on the loading time', async () => {
    const day = (
      await t.database.pool.query(`SELECT to_char(min(_loaded_at), 'YYYY-MM-DD') AS d FROM ${v.f.sides.A.table}`)
    ).rows[0].d as string;
    const base = { tab: 'all', reconId: String(v.f.reconId), dataSourceId: String(v.f.sides.A.dataSourceId) };
    const inRange = { ...base, dateColumn: '_loaded_at', fromDate: day, toDate: day };
    expect(await exported(inRange)).toEqual(await listed(inRange));
    expect(await exported(inRange)).toHaveLength(8);
    const before = { ...base, dateColumn: '_loaded_at', fromDate: '2020-01-01', toDate: '2020-01-31' };
    expect(await exported(before)).toEqual([]);
  });

  it('refuses a status outside the tab, as the list does, and queues nothing', async () => {
    const view = {
      tab: 'reconciled',
      reconId: String(v.f.reconId),
      dataSourceId: String(v.f.sides.A.dataSourceId),
      status: 'KNOCK_OFF',
    };
    const before = await t.database.db.selectFrom('download_request').select('id').execute();
    const res = await postDownload(t, user, moduleId, csv(view));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TRANSACTION_TEXTS.statusNotInTab);
    expect(await t.database.db.selectFrom('download_request').select('id').execute()).toHaveLength(before.length);
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
