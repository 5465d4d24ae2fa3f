import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedPeriodRefusal, GL_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReconNow } from '@/lib/recon/recon-runner.ts';
import { csvLinesOfDownload } from '@/testing/download-lines.ts';
import { FORBIDDEN_BODY, invalidBody } from '@/testing/error-bodies.ts';
import { addReconFixture, addRules, matchOn, type ReconFixture } from '@/testing/recon-fixtures.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';

/**
 * The general ledger against a hand-made fixture (decision 0034): every expected figure is worked out here from
 * the fixture's rows in whole paise, independently of the SQL. Days are relative to today (a run closes rows now,
 * and "as on" reads when a row was closed).
 */

const DAY_MS = 86_400_000;
const TODAY = new Date().toISOString().slice(0, 10);
const shift = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
const AS_ON = shift(TODAY, 2);
const dated = (age: number) => shift(AS_ON, -age);
/** Paise as the amount text a file would hold. */
const text = (paise: number) => (paise / 100).toFixed(2);
/** Paise as the API answers money: 2 decimals, minus sign when negative. */
const money = (paise: number) => `${paise < 0 ? '-' : ''}${(Math.abs(paise) / 100).toFixed(2)}`;

type Row = { key: string; age: number; paise: number; kind?: string; status?: 'DUPLICATE'; matched?: boolean };
const BANK: Row[] = [
  { key: 'M1', age: 0, paise: 100010, matched: true },
  { key: 'X2', age: 7, paise: 25025 },
  { key: 'X3', age: 8, paise: 9999 },
  { key: 'M4', age: 15, paise: 123456, matched: true },
  { key: 'X5', age: 16, paise: -4550 },
  { key: 'X6', age: 30, paise: 50000 },
  { key: 'X7', age: 31, paise: 1 },
  { key: 'X8', age: 60, paise: 77777 },
  { key: 'X9', age: 61, paise: 33333 },
  { key: 'X10', age: 90, paise: 1010 },
  { key: 'X11', age: 91, paise: 2020 },
  { key: 'X12', age: 200, paise: 500000 },
  // Dated after the day asked for, and a row loaded as a duplicate: never in the ledger.
  { key: 'X13', age: -1, paise: 999 },
  { key: 'X14', age: 5, paise: 7000, status: 'DUPLICATE' },
];
const LEDGER: Row[] = [
  { key: 'M1', age: 0, paise: 100010, kind: 'CR', matched: true },
  { key: 'M4', age: 15, paise: 123456, kind: 'CR', matched: true },
  { key: 'Y1', age: 3, paise: 40040, kind: 'CR' },
  { key: 'Y2', age: 40, paise: 12000, kind: 'DR' },
  { key: 'Y3', age: 100, paise: 8080, kind: 'DR' },
  { key: 'Y4', age: 10, paise: 6006, kind: 'CR' },
];

/** Whether a row is open at the end of `day`: dated by then, loaded open, not closed by then (the run closes today). */
const isOpenOn = (r: Row, day: string) =>
  dated(r.age) <= day && r.status !== 'DUPLICATE' && (!r.matched || TODAY > day);
const sum = (rows: Row[]) => rows.reduce((n, r) => n + r.paise, 0);
const BOUNDS = [7, 15, 30, 60, 90];
const bucketOf = (age: number) => {
  const i = BOUNDS.findIndex((b) => age <= b);
  return i < 0 ? BOUNDS.length : i;
};

let t: TestApp;
let moduleId: number;
let otherModule: number;
let admin: Session;
let checker: Session;
let outsider: Session;
let f: ReconFixture;
let ids: Record<'A' | 'B', Record<string, number>>;
let glId: number;
let items: { bank: number; credits: number; charges: number };
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'recon-gl-'));
  t = await createTestApp({ dataDir });
  moduleId = await addModule(t, 'Ledger module');
  otherModule = await addModule(t, 'Other ledger module');
  await addUser(t, { userName: 'gl-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId, otherModule] });
  await addUser(t, { userName: 'gl-checker', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  const { id: roleId } = await t.database.db
    .insertInto('role')
    .values({ name: 'ROLE_GL_NONE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db.insertInto('role_privilege').values({ role_id: roleId, code: 'recons', version: 'v2' }).execute();
  await addUser(t, { userName: 'gl-outsider', roles: ['ROLE_GL_NONE'], moduleIds: [moduleId] });
  admin = await signIn(t, 'gl-admin');
  checker = await signIn(t, 'gl-checker');
  outsider = await signIn(t, 'gl-outsider');
  f = await addReconFixture(
    t,
    moduleId,
    {
      A: {
        columns: [
          { name: 'reference', dataType: 'VARCHAR' },
          { name: 'value_date', dataType: 'DATE' },
          { name: 'amount', dataType: 'DOUBLE', isMoney: true },
        ],
        rows: BANK.map((r) => ({
          reference: r.key,
          value_date: dated(r.age),
          amount: text(r.paise),
          ...(r.status ? { _recon_status: r.status } : {}),
        })),
      },
      B: {
        columns: [
          { name: 'ref', dataType: 'VARCHAR' },
          { name: 'txn_date', dataType: 'DATE' },
          { name: 'amount', dataType: 'DOUBLE', isMoney: true },
          { name: 'kind', dataType: 'VARCHAR' },
        ],
        rows: LEDGER.map((r) => ({ ref: r.key, txn_date: dated(r.age), amount: text(r.paise), kind: r.kind })),
      },
    },
    'gl',
  );
  await addRules(t, moduleId, f, [
    {
      name: 'Reference and amount',
      ruleType: 'RECONCILED',
      conditions: [matchOn(f, 1, 'reference', 'ref'), matchOn(f, 2, 'amount', 'amount')],
    },
  ]);
  const run = await runReconNow(t.database.db, { moduleId, reconId: f.reconId, startedBy: null, dryRun: false });
  expect(run.status).toBe('COMPLETED');
  ids = { A: {}, B: {} };
  for (const side of ['A', 'B'] as const) {
    const key = side === 'A' ? 'reference' : 'ref';
    const rows = await t.database.pool.query(`SELECT _id, ${key} AS k FROM ${f.sides[side].table}`);
    for (const r of rows.rows) ids[side][r.k] = Number(r._id);
  }
});
afterAll(() => t.close());

const A = () => f.sides.A.dataSourceId;
const B = () => f.sides.B.dataSourceId;
const configBody = (glName: string) => ({
  glName,
  items: [
    { name: 'Bank suspense', side: 'DEBIT', sign: 1, sources: [{ dataSourceId: A(), amountColumn: 'amount' }] },
    {
      name: 'Ledger credits',
      side: 'CREDIT',
      sign: 1,
      sources: [
        { dataSourceId: B(), amountColumn: 'amount', filters: [{ field: 'kind', operator: 'EQUAL', values: ['CR'] }] },
      ],
    },
    {
      name: 'Bank charges',
      side: 'DEBIT',
      sign: -1,
      sources: [
        { dataSourceId: B(), amountColumn: 'amount', filters: [{ field: 'kind', operator: 'IN', values: ['DR'] }] },
      ],
    },
  ],
});
const get = (url: string, s: Session = admin, m = moduleId) =>
  call(t, s, { method: 'GET', url: `/web${url}`, moduleId: m });

/** The rows of each item, as the fixture says. */
const bankRows = BANK;
const creditRows = LEDGER.filter((r) => r.kind === 'CR');
const chargeRows = LEDGER.filter((r) => r.kind === 'DR');

describe('GL configurations', () => {
  it('are created with their items, listed, read back and audited', async () => {
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/glconfigurations',
      moduleId,
      payload: configBody('Main GL'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const gl = res.json();
    glId = gl.id;
    expect(gl).toMatchObject({
      glName: 'Main GL',
      ageingBuckets: [7, 15, 30, 60, 90],
      closedUntil: null,
      items: [
        {
          name: 'Bank suspense',
          side: 'DEBIT',
          sign: 1,
          sources: [{ dataSourceId: A(), amountColumn: 'amount', dateColumn: 'value_date' }],
        },
        { name: 'Ledger credits', side: 'CREDIT', sign: 1 },
        { name: 'Bank charges', side: 'DEBIT', sign: -1 },
      ],
    });
    items = { bank: gl.items[0].id, credits: gl.items[1].id, charges: gl.items[2].id };
    expect((await get('/v2/glconfigurations')).json().data.map((c: { id: number }) => c.id)).toEqual([glId]);
    expect((await get(`/v2/glconfigurations/${glId}`)).json().items).toHaveLength(3);
    const sources = (await get('/v2/glconfigurations?Find=DataSources')).json().data;
    expect(sources.find((s: { dataSourceId: number }) => s.dataSourceId === A())).toMatchObject({
      dateColumn: 'value_date',
      columns: [
        { name: 'reference', isAmount: false },
        { name: 'value_date', isAmount: false },
        { name: 'amount', isAmount: true },
      ],
    });
    const audit = (await auditRows(t, 'GL_CONFIG_CREATED')).at(-1);
    expect(audit?.entity_id).toBe(String(glId));
  });

  it('refuse a data source of another module, an amount column that is not a number, a bad filter, a taken name', async () => {
    const post = (payload: object) =>
      call(t, admin, { method: 'POST', url: '/web/v2/glconfigurations', moduleId, payload });
    const base = configBody('Second GL');
    const other = await post({
      ...base,
      items: [{ ...base.items[0], sources: [{ dataSourceId: 999999, amountColumn: 'amount' }] }],
    });
    expect(other.json()).toEqual(invalidBody('items', 'Data source 999999 not found in this product'));
    const textAmount = await post({
      ...base,
      items: [{ ...base.items[0], sources: [{ dataSourceId: A(), amountColumn: 'reference' }] }],
    });
    expect(textAmount.json()).toEqual(invalidBody('items', 'Column reference is not an amount column'));
    const badFilter = await post({
      ...base,
      items: [
        {
          ...base.items[0],
          sources: [
            {
              dataSourceId: A(),
              amountColumn: 'amount',
              filters: [{ field: 'amount', operator: 'GREATER_THAN', values: ['ten'] }],
            },
          ],
        },
      ],
    });
    expect(badFilter.statusCode).toBe(400);
    const taken = await post(configBody('main gl'));
    expect(taken.json()).toEqual(invalidBody('glName', GL_TEXTS.nameTaken));
    const noItems = await post({ glName: 'Empty' });
    expect(noItems.json()).toEqual(invalidBody('items', GL_TEXTS.itemsRequired));
  });

  it('are the module’s own and need glConfig', async () => {
    expect((await get(`/v2/glconfigurations/${glId}`, admin, otherModule)).statusCode).toBe(404);
    const denied = await get('/v2/glconfigurations', outsider);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual(FORBIDDEN_BODY);
  });
});

describe('GL figures, to the paisa', () => {
  it('report: each item’s open balance as on a day, on its side, with the totals', async () => {
    const res = await get(`/v2/gl/${glId}/report?asOnDate=${AS_ON}`);
    expect(res.statusCode, res.body).toBe(200);
    const bank = sum(bankRows.filter((r) => isOpenOn(r, AS_ON)));
    const credits = sum(creditRows.filter((r) => isOpenOn(r, AS_ON)));
    const charges = -sum(chargeRows.filter((r) => isOpenOn(r, AS_ON)));
    // A debit line with a negative balance shows in the credit column.
    const debit = bank;
    const credit = credits + -charges;
    expect(res.json()).toMatchObject({
      asOnDate: AS_ON,
      fromDate: null,
      lines: [
        { itemId: items.bank, balance: money(bank), debit: money(bank), credit: '0.00', openCount: 10 },
        { itemId: items.credits, balance: money(credits), debit: '0.00', credit: money(credits), openCount: 2 },
        { itemId: items.charges, balance: money(charges), debit: '0.00', credit: money(-charges), openCount: 2 },
      ],
      totals: { debit: money(debit), credit: money(credit), difference: money(debit - credit) },
    });
    expect(bank).toBe(694615);
  });

  it('report as on an earlier day counts rows closed later as open, and fromDate leaves older rows out', async () => {
    const day = shift(TODAY, -1);
    const res = await get(`/v2/gl/${glId}/report?asOnDate=${day}&fromDate=${dated(60)}`);
    const bank = bankRows.filter((r) => isOpenOn(r, day) && dated(r.age) >= dated(60));
    expect(bank.some((r) => r.key === 'M4')).toBe(true);
    expect(res.json().lines[0]).toMatchObject({ balance: money(sum(bank)), openCount: bank.length });
  });

  it('ageing: the open amount and count per bucket 0-7, 8-15, 16-30, 31-60, 61-90, 90+', async () => {
    const start = shift(AS_ON, -365);
    const res = await get(`/v2/gl/${glId}/ageing_report_summary?startDate=${start}&endDate=${AS_ON}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.buckets.map((b: { label: string }) => b.label)).toEqual([
      '0-7',
      '8-15',
      '16-30',
      '31-60',
      '61-90',
      '90+',
    ]);
    const expected = (rows: Row[], sign: number) =>
      BOUNDS.concat([Number.POSITIVE_INFINITY]).map((_, i) => {
        const inBucket = rows.filter((r) => isOpenOn(r, AS_ON) && bucketOf(r.age) === i);
        return { amount: money(sign * sum(inBucket)), count: inBucket.length };
      });
    expect(body.lines[0].cells).toEqual(expected(bankRows, 1));
    expect(body.lines[1].cells).toEqual(expected(creditRows, 1));
    expect(body.lines[2].cells).toEqual(expected(chargeRows, -1));
    expect(body.lines[0].cells[5]).toEqual({ amount: '5020.20', count: 2 });
    expect(body.totals.total).toEqual({
      amount: money(
        sum(bankRows.filter((r) => isOpenOn(r, AS_ON))) +
          sum(creditRows.filter((r) => isOpenOn(r, AS_ON))) -
          sum(chargeRows.filter((r) => isOpenOn(r, AS_ON))),
      ),
      count: 14,
    });
  });

  it('summary: opening, added, cleared, closing over a period', async () => {
    const start = shift(AS_ON, -30);
    const res = await get(`/v2/gl/${glId}/report_summary?startDate=${start}&endDate=${AS_ON}`);
    expect(res.statusCode, res.body).toBe(200);
    const before = shift(start, -1);
    const opening = sum(bankRows.filter((r) => isOpenOn(r, before)));
    const added = sum(
      bankRows.filter((r) => r.status !== 'DUPLICATE' && dated(r.age) >= start && dated(r.age) <= AS_ON),
    );
    const closing = sum(bankRows.filter((r) => isOpenOn(r, AS_ON)));
    expect(res.json().lines[0]).toEqual({
      itemId: items.bank,
      name: 'Bank suspense',
      side: 'DEBIT',
      opening: money(opening),
      added: money(added),
      cleared: money(opening + added - closing),
      closing: money(closing),
    });
    // What was cleared in the period is exactly the two matched rows.
    expect(opening + added - closing).toBe(100010 + 123456);
  });

  it('drill-down: an item’s open rows of one data source, oldest first, paged', async () => {
    const res = await get(
      `/v2/gl/${glId}/config_items/${items.bank}/transactions?dataSourceId=${A()}&asOnDate=${AS_ON}&start=0&length=3`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.recordsTotal).toBe(10);
    expect(body.data.map((r: { id: number; amount: string; ageDays: number }) => [r.id, r.amount, r.ageDays])).toEqual([
      [ids.A.X12, '5000.00', 200],
      [ids.A.X11, '20.20', 91],
      [ids.A.X10, '10.10', 90],
    ]);
    expect(body.data[0].values.reference).toBe('X12');
    const wrong = await get(
      `/v2/gl/${glId}/config_items/${items.bank}/transactions?dataSourceId=${B()}&asOnDate=${AS_ON}`,
    );
    expect(wrong.json()).toEqual(invalidBody('dataSourceId', GL_TEXTS.sourceNotInItem));
  });

  it('manual refresh keeps a snapshot as on today', async () => {
    const res = await get(`/v2/glconfigurations/manual-refresh/${glId}`);
    expect(res.statusCode, res.body).toBe(200);
    const snapshot = await t.database.db
      .selectFrom('gl_snapshot')
      .selectAll()
      .where('id', '=', res.json().snapshotId)
      .executeTakeFirstOrThrow();
    expect(snapshot.trigger).toBe('MANUAL');
    expect(res.json().report.asOnDate).toBe(t.clock.now.toISOString().slice(0, 10));
    expect((await get(`/v2/glconfigurations/${glId}`)).json().lastRefresh.asOnDate).toBe(res.json().report.asOnDate);
  });

  it('downloads the ageing of some items as CSV through the Downloads area', async () => {
    const res = await get(
      `/v2/gl/${glId}/report_download?asOnDate=${AS_ON}&downloadAgeingReport=true&itemsToDownload=${items.bank},${items.charges}&format=CSV`,
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ reportType: 'GL_REPORT', status: 'SUBMITTED', format: 'CSV' });
    const lines = await csvLinesOfDownload(t, dataDir, res.json().id);
    expect(lines[0]).toBe(
      'Config Item,Side,0-7 days,8-15 days,16-30 days,31-60 days,61-90 days,90+ days,Total,Open Rows',
    );
    expect(lines[1]).toBe('Bank suspense,DEBIT,250.25,99.99,454.50,777.78,343.43,5020.20,6946.15,10');
    expect(lines[2]).toBe('Bank charges,DEBIT,0.00,0.00,0.00,-120.00,0.00,-80.80,-200.80,2');
    expect(lines[3]).toBe('Total,,250.25,99.99,454.50,657.78,343.43,4939.40,6745.35,12');
    const summary = await get(`/v2/gl/${glId}/report_summary_download?startDate=${dated(30)}&endDate=${AS_ON}`);
    expect(summary.statusCode).toBe(202);
    expect(summary.json()).toMatchObject({ format: 'XLSX', reportType: 'GL_REPORT' });
  });
});

describe('closed books', () => {
  const knockOff = (rowId: number) =>
    call(t, admin, {
      method: 'PUT',
      url: '/web/v2/transactions?Operation=KnockOff',
      moduleId,
      payload: { reconId: f.reconId, dataSourceId: A(), rowIds: [rowId], reason: 'Written off' },
    });

  it('refuse a knock-off inside the period, allow one after it, and allow it again once reopening is approved', async () => {
    const until = dated(20);
    const closed = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/glconfigurations/${glId}?Operation=CloseBooks`,
      moduleId,
      payload: { closeDate: until },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ message: GL_TEXTS.booksClosed, config: { closedUntil: until } });

    const dsName = (await get(`/v2/glconfigurations/${glId}`)).json().items[0].sources[0].dataSourceName;
    const refused = await knockOff(ids.A.X8 as number);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(closedPeriodRefusal(dsName, until));
    expect((await knockOff(ids.A.X2 as number)).statusCode).toBe(200);

    const reopen = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/glconfigurations/${glId}?Operation=ReOpenBooks`,
      moduleId,
      payload: { reason: 'Late bank charges' },
    });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect(reopen.json()).toMatchObject({ message: GL_TEXTS.reopenSent, config: { closedUntil: until } });
    const approvalId = reopen.json().approvalId as number;
    expect(reopen.json().config.reopenApprovalId).toBe(approvalId);
    // Still closed while it waits; a second request is refused.
    expect((await knockOff(ids.A.X8 as number)).statusCode).toBe(400);
    const again = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/glconfigurations/${glId}?Operation=ReOpenBooks`,
      moduleId,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    // The requester cannot approve it; another person can.
    const own = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/approvals/${approvalId}?Operation=Approve`,
      moduleId,
      payload: {},
    });
    expect(own.statusCode).toBe(400);
    const approved = await call(t, checker, {
      method: 'PUT',
      url: `/web/v2/approvals/${approvalId}?Operation=Approve`,
      moduleId,
      payload: { remark: 'ok' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ kind: 'GL_REOPEN_BOOKS', status: 'APPROVED' });
    expect((await get(`/v2/glconfigurations/${glId}`)).json()).toMatchObject({
      closedUntil: null,
      reopenApprovalId: null,
    });
    expect((await knockOff(ids.A.X8 as number)).statusCode).toBe(200);
    expect((await auditRows(t, 'GL_BOOKS_REOPENED')).at(-1)?.entity_id).toBe(String(glId));
  });

  it('refuse deleting a configuration while its books are closed', async () => {
    await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/glconfigurations/${glId}?Operation=CloseBooks`,
      moduleId,
      payload: { closeDate: dated(100) },
    });
    const del = await call(t, admin, { method: 'DELETE', url: `/web/v2/glconfigurations/${glId}`, moduleId });
    expect(del.statusCode).toBe(400);
    const back = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/glconfigurations/${glId}?Operation=CloseBooks`,
      moduleId,
      payload: { closeDate: dated(150) },
    });
    expect(back.json()).toEqual(invalidBody('closeDate', GL_TEXTS.closeBeforeCurrent));
  });
});
