import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  column,
  condition,
  createDataSource,
  createDataTable,
  createFilePipeline,
  createJob,
  createRecon,
  createRule,
  fileHistory,
  type GoldenWorld,
  money,
  paise,
  runJob,
  runRecon,
  rupees,
  startGoldenWorld,
  sumPaise,
  type TabRow,
  tabOf,
  uploadFixture,
} from './api-setup-bank.ts';

// Golden case of the bank-xlsx family through the API: an HDFC-style XLSX statement (preamble, separators, text
// amounts with Indian grouping, DD/MM/YY and DD/MM/YYYY in one column, closing-balance footer, disclaimer)
// against the company's bank book. Every figure comes from expected.json, which compute-expected.mjs derived
// from the files alone.

const FOLDER = join(import.meta.dirname, 'bank-xlsx');
const STATEMENT = 'hdfc-statement-mar-2026.xlsx';
const LEDGER = 'ledger-bank-book.csv';
const expected = JSON.parse(readFileSync(join(FOLDER, 'expected.json'), 'utf8'));
const statementFacts = expected.files[STATEMENT];
const ledgerFacts = expected.files[LEDGER];
const recon = expected.recons[0];

type Line = { ref: string; date: string; valueDate: string; withdrawal: string | null; deposit: string | null };

let w: GoldenWorld;
let ids: { statement: number; ledger: number; recon: number; pipelines: { statement: number; ledger: number } };
let jobStatus: string;
let variantIds: { reconId: number; statement: number; ledger: number };
let variantStatus: string;

/** The statement as the bank's XLSX download is set up: header on row 12, separators, footer and disclaimer. */
const statementConfig = {
  fileKind: 'xlsx',
  sheetName: statementFacts.sheet,
  headerRow: statementFacts.headerRow,
  skipRules: {
    blankColumns: ['Date'],
    patterns: [
      { column: 'Date', pattern: '^\\*+$' },
      { column: null, pattern: 'computer generated' },
    ],
  },
  mappings: [
    { fileColumn: 'Date', tableColumn: 'txn_date', dataType: 'DATE', dateFormats: ['DD/MM/YY', 'DD/MM/YYYY'] },
    { fileColumn: 'Narration', tableColumn: 'narration', dataType: 'VARCHAR' },
    { fileColumn: 'Chq./Ref.No.', tableColumn: 'ref', dataType: 'VARCHAR' },
    { fileColumn: 'Value Dt', tableColumn: 'value_date', dataType: 'DATE', dateFormats: ['DD/MM/YY'] },
    ...[
      ['Withdrawal Amt.', 'withdrawal'],
      ['Deposit Amt.', 'deposit'],
      ['Closing Balance', 'closing_balance'],
    ].map(([fileColumn, tableColumn]) => ({
      fileColumn,
      tableColumn,
      dataType: 'DOUBLE',
      numberFormat: { grouping: 'indian' },
    })),
  ],
};

const ledgerColumns = ['voucher_no', 'voucher_date', 'voucher_type', 'ref_no', 'particulars', 'debit', 'credit'];
const ledgerTypes: Record<string, 'VARCHAR' | 'DATE' | 'DOUBLE'> = {
  voucher_date: 'DATE',
  debit: 'DOUBLE',
  credit: 'DOUBLE',
};
const typeOf = (c: string) => ledgerTypes[c] ?? 'VARCHAR';

/** Reference without its leading zeros = ref_no without its; Deposit − Withdrawal = debit − credit. */
async function addRule(reconId: number, sides: { statement: number; ledger: number }, tolerance?: number) {
  const noLeadingZeros = { type: 'REGEX_REPLACE', args: { pattern: '^0+', replacement: '' } };
  await createRule(w, reconId, 'Reference and net amount', [
    condition(1, column(sides.statement, 'ref', [noLeadingZeros]), column(sides.ledger, 'ref_no', [noLeadingZeros])),
    condition(
      2,
      column(sides.statement, 'deposit', [{ type: 'MINUS_COLUMN', args: { column: 'withdrawal' } }]),
      column(sides.ledger, 'debit', [{ type: 'MINUS_COLUMN', args: { column: 'credit' } }]),
      tolerance === undefined ? {} : { tolerance },
    ),
  ]);
}

async function addReconOn(
  name: string,
  tables: Record<'statement' | 'ledger', Parameters<typeof createDataSource>[1]['table']>,
  pipelines: { statement: number; ledger: number },
) {
  const reconId = await createRecon(w, name);
  const statement = await createDataSource(w, {
    reconId,
    name: `${name} statement`,
    pipelineId: pipelines.statement,
    table: tables.statement,
  });
  const ledger = await createDataSource(w, {
    reconId,
    name: `${name} ledger`,
    pipelineId: pipelines.ledger,
    table: tables.ledger,
  });
  return { reconId, statement, ledger };
}

beforeAll(async () => {
  w = await startGoldenWorld('bank');
  const tables = {
    statement: await createDataTable(w, 'hdfc_statement', [
      { name: 'txn_date', dataType: 'DATE' },
      { name: 'narration', dataType: 'VARCHAR' },
      { name: 'ref', dataType: 'VARCHAR' },
      { name: 'value_date', dataType: 'DATE' },
      { name: 'withdrawal', dataType: 'DOUBLE' },
      { name: 'deposit', dataType: 'DOUBLE' },
      { name: 'closing_balance', dataType: 'DOUBLE' },
    ]),
    ledger: await createDataTable(
      w,
      'bank_book',
      ledgerColumns.map((name) => ({ name, dataType: typeOf(name) })),
    ),
  };
  const pipelines = {
    statement: await createFilePipeline(w, 'HDFC statement XLSX', tables.statement.id, statementConfig),
    ledger: await createFilePipeline(w, 'Bank book CSV', tables.ledger.id, {
      fileKind: 'csv',
      mappings: ledgerColumns.map((c) => ({
        fileColumn: c,
        tableColumn: c,
        dataType: typeOf(c),
        ...(c === 'voucher_date' ? { dateFormats: ['YYYY-MM-DD'] } : {}),
      })),
    }),
  };
  const base = await addReconOn('Bank book vs HDFC', tables, pipelines);
  await addRule(base.reconId, base);
  ids = { ...base, recon: base.reconId, pipelines };
  const job = await createJob(w, 'Bank book recon', [pipelines.statement, pipelines.ledger], base.reconId);
  const fileIds = [
    await uploadFixture(w, pipelines.statement, FOLDER, STATEMENT),
    await uploadFixture(w, pipelines.ledger, FOLDER, LEDGER),
  ];
  jobStatus = await runJob(w, job, fileIds);
  // The ± 0.01 variant: a second recon over the same tables keeps verdicts of its own (state per data source).
  const variant = await addReconOn('Bank book vs HDFC ± 0.01', tables, pipelines);
  await addRule(variant.reconId, variant, 0.01);
  variantIds = variant;
  variantStatus = await runRecon(w, variant.reconId);
}, 180_000);
afterAll(() => w?.close());

const byId = (rows: TabRow[]) => [...rows].sort((a, b) => a.id - b.id);
const net = (r: TabRow, plus: string, minus: string) =>
  rupees(paise(r.values[plus] ?? '0') - paise(r.values[minus] ?? '0'));
const lineKey = (r: TabRow) => ({ ref: r.values.ref, date: r.values.txn_date });

/** Matched groups as [statement line, voucher number] by business key. */
async function pairs(reconId: number, statementDs: number, ledgerDs: number) {
  const lines = await tabOf(w, reconId, statementDs, 'reconciled');
  const vouchers = await tabOf(w, reconId, ledgerDs, 'reconciled');
  return byId(lines).map((line) => {
    const partner = vouchers.filter((v) => v.matchId === line.matchId);
    expect(partner).toHaveLength(1);
    return {
      line: lineKey(line),
      voucherNo: partner[0]?.values.voucher_no,
      amount: net(line, 'deposit', 'withdrawal'),
    };
  });
}

describe('bank XLSX statement ↔ bank book, through the API', () => {
  it('loads the statement below its preamble, skipping separators, footer and disclaimer; the file is COMPLETED', async () => {
    expect(jobStatus).toBe('COMPLETED');
    const [file] = await fileHistory(w, ids.pipelines.statement);
    const aboveHeader = statementFacts.skippedRows.filter((s: { row: number }) => s.row < statementFacts.headerRow);
    expect(file).toMatchObject({
      fileName: STATEMENT,
      status: 'FINISHED',
      errorKind: 'No Error',
      totalRows: statementFacts.loadedRows,
      validRows: statementFacts.loadedRows,
      invalidRows: 0,
      skippedRows: statementFacts.skippedRows.length,
    });
    expect(file?.skipped?.find((s) => s.reason === 'Rows above the header')?.count).toBe(aboveHeader.length);
    const [ledger] = await fileHistory(w, ids.pipelines.ledger);
    expect(ledger).toMatchObject({ status: 'FINISHED', errorKind: 'No Error', totalRows: ledgerFacts.loadedRows });
  });

  it('reads every line to the paisa: mixed DD/MM/YY and DD/MM/YYYY dates, Indian grouping, running balance', async () => {
    const rows = byId(await tabOf(w, ids.recon, ids.statement, 'all'));
    expect(
      rows.map((r) => ({
        ref: r.values.ref,
        date: r.values.txn_date,
        valueDate: r.values.value_date,
        withdrawal: money(r.values.withdrawal),
        deposit: money(r.values.deposit),
        closingBalance: money(r.values.closing_balance),
      })),
    ).toEqual(
      statementFacts.lines.map((l: Line & { closingBalance: string }) => ({
        ref: l.ref,
        date: l.date,
        valueDate: l.valueDate,
        withdrawal: l.withdrawal,
        deposit: l.deposit,
        closingBalance: l.closingBalance,
      })),
    );
    const column = (name: string) => rows.flatMap((r) => (r.values[name] ? [r.values[name] as string] : []));
    expect(rupees(sumPaise(column('withdrawal')))).toBe(statementFacts.totalWithdrawals);
    expect(rupees(sumPaise(column('deposit')))).toBe(statementFacts.totalDeposits);
    expect(money(rows.at(-1)?.values.closing_balance)).toBe(statementFacts.closingBalance);
  });

  it('matches each line to its voucher by reference without leading zeros and net amount, to the paisa', async () => {
    const matched = await pairs(ids.recon, ids.statement, ids.ledger);
    expect(matched).toEqual(recon.matched);
    expect(matched).toHaveLength(recon.matchedCount);
    expect(rupees(sumPaise(matched.map((m) => m.amount)))).toBe(recon.matchedNetTotal);
  });

  it('leaves open the one-paisa break, the bank charges, the duplicate voucher and the unpresented cheque', async () => {
    const lines = byId(await tabOf(w, ids.recon, ids.statement, 'unreconciled'));
    expect(
      lines.map((r) => ({ ...lineKey(r), narration: r.values.narration, amount: net(r, 'deposit', 'withdrawal') })),
    ).toEqual(recon.openLines);
    const vouchers = byId(await tabOf(w, ids.recon, ids.ledger, 'unreconciled'));
    expect(
      vouchers.map((r) => ({
        voucherNo: r.values.voucher_no,
        ref: r.values.ref_no,
        amount: net(r, 'debit', 'credit'),
      })),
    ).toEqual(recon.openVouchers);
    const all = await tabOf(w, ids.recon, ids.ledger, 'all');
    expect(all).toHaveLength(ledgerFacts.loadedRows);
  });

  it('with a ± 0.01 tolerance also closes the line one paisa short, in a recon of its own', async () => {
    expect(variantStatus).toBe('COMPLETED');
    const [variant] = recon.variants;
    const matched = await pairs(variantIds.reconId, variantIds.statement, variantIds.ledger);
    const key = (m: { line: { ref?: string | null; date?: string | null }; voucherNo?: string | null }) =>
      `${m.line.ref}|${m.line.date}|${m.voucherNo}`;
    expect(matched.map(key).sort()).toEqual([...recon.matched, ...variant.additionallyMatched].map(key).sort());
    // The first recon's verdicts stay its own.
    expect(await pairs(ids.recon, ids.statement, ids.ledger)).toHaveLength(recon.matchedCount);
  });
});
