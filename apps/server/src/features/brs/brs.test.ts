import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRS_GROUPS, BRS_TEXTS, type BrsGroup } from '@recon/contract';
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
 * The bank reconciliation statement (decision 0038) against a bank statement laid out as a Kotak account statement
 * (Date, Narration, Chq/Ref No, Amount, Dr/Cr, Balance) and a cash book as a Tally bank book exports it (Date,
 * Particulars, Vch Type, Instrument No, Amount, Dr/Cr). Every expected figure is worked out here in whole paise from
 * the fixture's rows, independently of the SQL. A recon run matches two pairs today: as on yesterday they are still
 * open items, as on a later day they are gone.
 */

const DAY_MS = 86_400_000;
const TODAY = new Date().toISOString().slice(0, 10);
const shift = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
const AS_ON = shift(TODAY, 2);
const dated = (age: number) => shift(AS_ON, -age);
const text = (paise: number) => (paise / 100).toFixed(2);
const money = (paise: number) => `${paise < 0 ? '-' : ''}${(Math.abs(paise) / 100).toFixed(2)}`;

type Row = {
  key: string;
  age: number;
  narration: string;
  ref: string | null;
  paise: number;
  drCr: 'DR' | 'CR';
  group: BrsGroup;
  matched?: boolean;
  duplicate?: boolean;
};
const OPENING = 10_000_000; // ₹1,00,000.00 on both sides before the first row.
const BANK: Row[] = [
  {
    key: 'B1',
    age: 9,
    narration: 'CHQ DEP 000111 ACME LTD',
    ref: '000111',
    paise: 2_500_000,
    drCr: 'CR',
    group: 'BANK_CREDITS_NOT_IN_BOOKS',
    matched: true,
  },
  {
    key: 'B2',
    age: 8,
    narration: 'CHQ PAID 400201 SUPPLIER A',
    ref: '400201',
    paise: 1_250_050,
    drCr: 'DR',
    group: 'BANK_DEBITS_NOT_IN_BOOKS',
    matched: true,
  },
  {
    key: 'B3',
    age: 6,
    narration: 'NEFT CR-HDFC0000123-GLOBEX INDIA',
    ref: 'N2611230045',
    paise: 730_025,
    drCr: 'CR',
    group: 'BANK_CREDITS_NOT_IN_BOOKS',
  },
  {
    key: 'B4',
    age: 5,
    narration: 'CHRG: SMS ALERT CHARGES Q3',
    ref: null,
    paise: 1_770,
    drCr: 'DR',
    group: 'BANK_DEBITS_NOT_IN_BOOKS',
  },
  {
    key: 'B5',
    age: 4,
    narration: 'INT.PD:01-10-2026 TO 31-12-2026',
    ref: null,
    paise: 84_512,
    drCr: 'CR',
    group: 'BANK_CREDITS_NOT_IN_BOOKS',
  },
  {
    key: 'B5D',
    age: 4,
    narration: 'INT.PD:01-10-2026 TO 31-12-2026',
    ref: null,
    paise: 84_512,
    drCr: 'CR',
    group: 'BANK_CREDITS_NOT_IN_BOOKS',
    duplicate: true,
  },
  { key: 'B6', age: 3, narration: 'ATM WDL REVERSAL 5521', ref: 'ATM5521', paise: 200_000, drCr: 'DR', group: 'OTHER' },
  // Dated after the statement's day: neither an item nor in the balance.
  {
    key: 'B7',
    age: -1,
    narration: 'CHQ PAID 400299 LATE',
    ref: '400299',
    paise: 99_900,
    drCr: 'DR',
    group: 'BANK_DEBITS_NOT_IN_BOOKS',
  },
];
const BOOKS: Row[] = [
  {
    key: 'K1',
    age: 10,
    narration: 'Acme Ltd — cheque deposited',
    ref: '000111',
    paise: 2_500_000,
    drCr: 'DR',
    group: 'DEPOSITED_NOT_CREDITED',
    matched: true,
  },
  {
    key: 'K2',
    age: 9,
    narration: 'Supplier A — cheque issued',
    ref: '400201',
    paise: 1_250_050,
    drCr: 'CR',
    group: 'ISSUED_NOT_PRESENTED',
    matched: true,
  },
  {
    key: 'K3',
    age: 5,
    narration: 'Supplier B — cheque issued',
    ref: '400202',
    paise: 800_000,
    drCr: 'CR',
    group: 'ISSUED_NOT_PRESENTED',
  },
  {
    key: 'K4',
    age: 2,
    narration: 'Supplier C — cheque issued',
    ref: '400203',
    paise: 150_075,
    drCr: 'CR',
    group: 'ISSUED_NOT_PRESENTED',
  },
  {
    key: 'K5',
    age: 1,
    narration: 'Cash deposited at branch',
    ref: 'DEP-77',
    paise: 300_000,
    drCr: 'DR',
    group: 'DEPOSITED_NOT_CREDITED',
  },
  { key: 'K6', age: 3, narration: 'Bank charges wrongly booked', ref: null, paise: 10_000, drCr: 'CR', group: 'OTHER' },
];

/** Signed so that positive raises the side's balance: bank Cr, books Dr. */
const signed = (r: Row, side: 'BANK' | 'BOOKS') => ((side === 'BANK') === (r.drCr === 'CR') ? r.paise : -r.paise);
const effect = (r: Row, side: 'BANK' | 'BOOKS') => (side === 'BANK' ? signed(r, side) : -signed(r, side));
const isOpenOn = (r: Row, day: string) => dated(r.age) <= day && !r.duplicate && (!r.matched || TODAY > day);
const bookedBy = (r: Row, day: string) => dated(r.age) <= day && !r.duplicate;
const balanceOn = (rows: Row[], side: 'BANK' | 'BOOKS', day: string) =>
  rows.filter((r) => bookedBy(r, day)).reduce((n, r) => n + signed(r, side), OPENING);

/** The statement as on a day, worked out from the rows. */
function expected(day: string, bankActual = balanceOn(BANK, 'BANK', day)) {
  const sums = new Map<BrsGroup, { paise: number; count: number }>();
  for (const [rows, side] of [
    [BOOKS, 'BOOKS'],
    [BANK, 'BANK'],
  ] as const) {
    for (const r of rows.filter((x) => isOpenOn(x, day))) {
      const was = sums.get(r.group) ?? { paise: 0, count: 0 };
      sums.set(r.group, { paise: was.paise + effect(r, side), count: was.count + 1 });
    }
  }
  const books = balanceOn(BOOKS, 'BOOKS', day);
  const groups = BRS_GROUPS.map((g) => ({ group: g, ...(sums.get(g) ?? { paise: 0, count: 0 }) }));
  const add = groups.filter((g) => g.paise > 0).reduce((n, g) => n + g.paise, 0);
  const less = groups.filter((g) => g.paise < 0).reduce((n, g) => n - g.paise, 0);
  const computed = books + add - less;
  return {
    asOnDate: day,
    balancePerBooks: money(books),
    groups: groups.map((g) => ({
      group: g.group,
      amount: money(g.paise),
      add: money(Math.max(g.paise, 0)),
      less: money(Math.max(-g.paise, 0)),
      count: g.count,
    })),
    totalAdd: money(add),
    totalLess: money(less),
    balancePerBankComputed: money(computed),
    balancePerBank: money(bankActual),
    difference: money(bankActual - computed),
  };
}

let t: TestApp;
let moduleId: number;
let otherModule: number;
let admin: Session;
let outsider: Session;
let f: ReconFixture;
let brsId: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'recon-brs-'));
  t = await createTestApp({ dataDir });
  moduleId = await addModule(t, 'BRS module');
  otherModule = await addModule(t, 'Other BRS module');
  await addUser(t, { userName: 'brs-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId, otherModule] });
  const { id: roleId } = await t.database.db
    .insertInto('role')
    .values({ name: 'ROLE_BRS_NONE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db.insertInto('role_privilege').values({ role_id: roleId, code: 'recons', version: 'v2' }).execute();
  await addUser(t, { userName: 'brs-outsider', roles: ['ROLE_BRS_NONE'], moduleIds: [moduleId] });
  admin = await signIn(t, 'brs-admin');
  outsider = await signIn(t, 'brs-outsider');
  // The statement's running balance, as the bank prints it after each row (the duplicate repeats its original's).
  let running = OPENING;
  const bankRows = BANK.map((r) => {
    if (!r.duplicate) running += signed(r, 'BANK');
    return {
      txn_date: dated(r.age),
      narration: r.narration,
      chq_ref_no: r.ref,
      amount: text(r.paise),
      dr_cr: r.drCr,
      balance: text(running),
      ...(r.duplicate ? { _recon_status: 'DUPLICATE' } : {}),
    };
  });
  f = await addReconFixture(
    t,
    moduleId,
    {
      A: {
        columns: [
          { name: 'txn_date', dataType: 'DATE' },
          { name: 'narration', dataType: 'VARCHAR' },
          { name: 'chq_ref_no', dataType: 'VARCHAR' },
          { name: 'amount', dataType: 'DOUBLE', isMoney: true },
          { name: 'dr_cr', dataType: 'VARCHAR' },
          { name: 'balance', dataType: 'DOUBLE', isMoney: true },
        ],
        rows: bankRows,
      },
      B: {
        columns: [
          { name: 'voucher_date', dataType: 'DATE' },
          { name: 'particulars', dataType: 'VARCHAR' },
          { name: 'vch_type', dataType: 'VARCHAR' },
          { name: 'instrument_no', dataType: 'VARCHAR' },
          { name: 'amount', dataType: 'DOUBLE', isMoney: true },
          { name: 'dr_cr', dataType: 'VARCHAR' },
        ],
        rows: BOOKS.map((r) => ({
          voucher_date: dated(r.age),
          particulars: r.narration,
          vch_type: r.drCr === 'DR' ? 'Receipt' : 'Payment',
          instrument_no: r.ref,
          amount: text(r.paise),
          dr_cr: r.drCr === 'DR' ? 'Dr' : 'Cr',
        })),
      },
    },
    'brs',
  );
  await addRules(t, moduleId, f, [
    {
      name: 'Cheque number and amount',
      ruleType: 'RECONCILED',
      conditions: [matchOn(f, 1, 'chq_ref_no', 'instrument_no'), matchOn(f, 2, 'amount', 'amount')],
    },
  ]);
  const run = await runReconNow(t.database.db, { moduleId, reconId: f.reconId, startedBy: null, dryRun: false });
  expect(run.status).toBe('COMPLETED');
});
afterAll(() => t.close());

const bankSide = () => ({
  dataSourceId: f.sides.A.dataSourceId,
  amountColumn: 'amount',
  drCrColumn: 'dr_cr',
  debitValues: ['DR'],
  narrationColumn: 'narration',
  instrumentColumn: 'chq_ref_no',
  balanceMode: 'COLUMN',
  balanceColumn: 'balance',
});
const booksSide = () => ({
  dataSourceId: f.sides.B.dataSourceId,
  amountColumn: 'amount',
  drCrColumn: 'dr_cr',
  debitValues: ['dr'],
  narrationColumn: 'particulars',
  instrumentColumn: 'instrument_no',
  balanceMode: 'SUM',
  openingBalance: text(OPENING),
});
const body = (name: string) => ({
  name,
  bank: bankSide(),
  books: booksSide(),
  rules: [
    { side: 'BANK', narrationPattern: '*reversal*', group: 'OTHER' },
    { side: 'BOOKS', direction: 'OUT', narrationPattern: '*wrongly*', group: 'OTHER' },
    { side: 'BANK', direction: 'IN', narrationPattern: 'INT.PD*', group: 'BANK_CREDITS_NOT_IN_BOOKS' },
  ],
});
const get = (url: string, s: Session = admin, m = moduleId) =>
  call(t, s, { method: 'GET', url: `/web${url}`, moduleId: m });
const post = (payload: object) =>
  call(t, admin, { method: 'POST', url: '/web/v2/brsconfigurations', moduleId, payload });

describe('BRS configurations', () => {
  it('are created, listed, read back and audited', async () => {
    const res = await post(body('HDFC current account'));
    expect(res.statusCode, res.body).toBe(200);
    brsId = res.json().id;
    expect(res.json()).toMatchObject({
      name: 'HDFC current account',
      bank: {
        dataSourceId: f.sides.A.dataSourceId,
        dateColumn: 'txn_date',
        balanceMode: 'COLUMN',
        debitValues: ['DR'],
      },
      books: {
        dataSourceId: f.sides.B.dataSourceId,
        dateColumn: 'voucher_date',
        balanceMode: 'SUM',
        debitValues: ['DR'],
      },
      rules: [{ side: 'BANK', direction: null, narrationPattern: '*reversal*', group: 'OTHER' }, {}, {}],
    });
    expect((await get('/v2/brsconfigurations')).json().data.map((c: { id: number }) => c.id)).toEqual([brsId]);
    const sources = (await get('/v2/brsconfigurations?Find=DataSources')).json().data;
    expect(sources.map((s: { dataSourceId: number }) => s.dataSourceId)).toContain(f.sides.B.dataSourceId);
    expect((await auditRows(t, 'BRS_CONFIG_CREATED')).at(-1)?.entity_id).toBe(String(brsId));
    const renamed = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/brsconfigurations/${brsId}`,
      moduleId,
      payload: body('HDFC current a/c'),
    });
    expect(renamed.json().name).toBe('HDFC current a/c');
    expect((await auditRows(t, 'BRS_CONFIG_UPDATED')).at(-1)?.entity_id).toBe(String(brsId));
  });

  it('refuse the same data source twice, a text amount, Dr/Cr without its values, a balance column missing, a taken name', async () => {
    const same = await post({ ...body('x'), books: { ...booksSide(), dataSourceId: f.sides.A.dataSourceId } });
    expect(same.json()).toEqual(invalidBody('books', BRS_TEXTS.sameSource));
    const textAmount = await post({ ...body('x'), bank: { ...bankSide(), amountColumn: 'narration' } });
    expect(textAmount.json()).toEqual(invalidBody('bank', 'Column narration is not an amount column'));
    const noValues = await post({ ...body('x'), books: { ...booksSide(), debitValues: [] } });
    expect(noValues.json()).toEqual(invalidBody('books', BRS_TEXTS.debitValuesRequired));
    const noBalance = await post({ ...body('x'), bank: { ...bankSide(), balanceColumn: null } });
    expect(noBalance.json()).toEqual(invalidBody('bank', BRS_TEXTS.balanceColumnRequired));
    const emptyRule = await post({ ...body('x'), rules: [{ side: 'BANK', group: 'OTHER' }] });
    expect(emptyRule.json()).toEqual(invalidBody('rules', BRS_TEXTS.ruleEmpty));
    const taken = await post(body('hdfc CURRENT a/c'));
    expect(taken.json()).toEqual(invalidBody('name', BRS_TEXTS.nameTaken));
  });

  it('are the module’s own and need brsReport', async () => {
    expect((await get(`/v2/brsconfigurations/${brsId}`, admin, otherModule)).statusCode).toBe(404);
    expect((await get(`/v2/brs/${brsId}/statement?asOnDate=${AS_ON}`, admin, otherModule)).statusCode).toBe(404);
    const denied = await get('/v2/brsconfigurations', outsider);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual(FORBIDDEN_BODY);
    expect((await get(`/v2/brs/${brsId}/statement?asOnDate=${AS_ON}`, outsider)).statusCode).toBe(403);
  });
});

describe('the statement, to the paisa', () => {
  it('as on a day: balance per books, each group added or subtracted, the balance per bank, no difference', async () => {
    const res = await get(`/v2/brs/${brsId}/statement?asOnDate=${AS_ON}`);
    expect(res.statusCode, res.body).toBe(200);
    const want = expected(AS_ON);
    expect(res.json()).toMatchObject(want);
    expect(res.json().difference).toBe('0.00');
    // Spelled out once: books 1,00,000 + 25,000 − 12,500.50 − 8,000 − 1,500.75 + 3,000 − 100.
    expect(res.json().balancePerBooks).toBe('105898.75');
    expect(res.json().groups.find((g: { group: string }) => g.group === 'ISSUED_NOT_PRESENTED')).toMatchObject({
      add: '9500.75',
      count: 2,
    });
  });

  it('as on a day before the run matched them, the matched pairs are still open items', async () => {
    const yesterday = shift(TODAY, -1);
    const res = await get(`/v2/brs/${brsId}/statement?asOnDate=${yesterday}`);
    const want = expected(yesterday);
    expect(res.json()).toMatchObject(want);
    const deposited = res.json().groups.find((g: { group: string }) => g.group === 'DEPOSITED_NOT_CREDITED');
    // K1 (matched today) counts as on yesterday; K5 is dated after it.
    expect(deposited).toMatchObject({ less: '25000.00', count: 1 });
    expect(res.json().difference).toBe('0.00');
  });

  it('shows the difference an entered bank balance leaves unexplained, and asks for the figure', async () => {
    const entered = await post({ ...body('Entered balance'), bank: { ...bankSide(), balanceMode: 'ENTERED' } });
    expect(entered.statusCode, entered.body).toBe(200);
    const id = entered.json().id;
    const missing = await get(`/v2/brs/${id}/statement?asOnDate=${AS_ON}`);
    expect(missing.json()).toEqual(invalidBody('bankBalance', BRS_TEXTS.enteredBalanceRequired));
    const actual = balanceOn(BANK, 'BANK', AS_ON) - 12_345; // ₹123.45 short
    const res = await get(`/v2/brs/${id}/statement?asOnDate=${AS_ON}&bankBalance=${text(actual)}`);
    expect(res.json()).toMatchObject(expected(AS_ON, actual));
    expect(res.json().difference).toBe('-123.45');
  });

  it('drills down to a group’s items of both sides, oldest first, paged', async () => {
    const page = await get(`/v2/brs/${brsId}/groups/OTHER/items?asOnDate=${AS_ON}&start=0&length=1&draw=3`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ draw: 3, recordsTotal: 2, total: money(10_000 - 200_000) });
    expect(page.json().data).toEqual([
      {
        side: 'BOOKS',
        id: expect.any(Number),
        date: dated(3),
        narration: 'Bank charges wrongly booked',
        instrument: null,
        direction: 'OUT',
        amount: '100.00',
        effect: '100.00',
      },
    ]);
    const next = await get(`/v2/brs/${brsId}/groups/OTHER/items?asOnDate=${AS_ON}&start=1&length=1`);
    expect(next.json().data[0]).toMatchObject({ side: 'BANK', instrument: 'ATM5521', effect: '-2000.00' });
    const credits = await get(`/v2/brs/${brsId}/groups/BANK_CREDITS_NOT_IN_BOOKS/items?asOnDate=${AS_ON}`);
    expect(credits.json().data.map((r: { narration: string }) => r.narration)).toEqual([
      'NEFT CR-HDFC0000123-GLOBEX INDIA',
      'INT.PD:01-10-2026 TO 31-12-2026',
    ]);
  });

  it('exports the statement as CSV through the Downloads area (BRS_REPORT)', async () => {
    const res = await get(`/v2/brs/${brsId}/statement_download?asOnDate=${AS_ON}&format=CSV`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ reportType: 'BRS_REPORT', status: 'SUBMITTED', format: 'CSV' });
    const lines = await csvLinesOfDownload(t, dataDir, res.json().id);
    const want = expected(AS_ON);
    const names = (await get(`/v2/brs/${brsId}/statement?asOnDate=${AS_ON}`)).json();
    expect(lines).toEqual([
      `Bank reconciliation statement as on ${AS_ON},Items,Add,Less,Amount`,
      `Balance as per books (${names.booksSourceName}),,,,${want.balancePerBooks}`,
      'Add: Cheques issued but not yet presented,2,9500.75,,',
      'Add: Interest / direct credits in bank not in books,2,8145.37,,',
      'Less: Cheques / deposits paid in but not yet credited,1,,3000.00,',
      'Less: Bank charges / debits in bank not in books,1,,17.70,',
      'Less: Other items,2,,1900.00,',
      'Total,,17646.12,4917.70,',
      `Balance as per bank (computed),,,,${want.balancePerBankComputed}`,
      `Balance as per bank statement (${names.bankSourceName}),,,,${want.balancePerBank}`,
      'Difference not explained,,,,0.00',
    ]);
    // Listed on BRS Report Downloads (the page asks for its report type).
    const listed = await get('/v2/dashletdownloads?reportType=BRS_REPORT');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((d: { id: number }) => d.id)).toContain(res.json().id);
  });
});
