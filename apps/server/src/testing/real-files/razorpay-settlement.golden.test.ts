import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  column,
  createGoldenApp,
  differenceToPaisa,
  type GoldenApp,
  groupsOf,
  matching,
  newModuleClient,
  readExpected,
  readFixture,
  sumToPaisa,
  type TabRow,
} from './api-setup.ts';

// Golden case of issue 9, Razorpay family, through the API: the settlement recon report against a bank statement
// whose narration carries the settlement UTR; bank credit = Σ(credit − debit) of the UTR's rows. Every figure
// asserted comes from expected.json (computed from the files by compute-expected.mjs, never by the product).

const FAMILY = 'razorpay-settlement';
type Settlement = { settlementUtr: string; settlementId: string; rows: number; net: string; entityIds: string[] };
type Expected = {
  files: Record<string, { loadedRows: number; skippedRows: unknown[]; dataRows: number }>;
  utrExtraction: { regex: string; captureGroup: number; narrations: { particulars: string; utr: string | null }[] };
  settlements: Settlement[];
  recons: {
    matched: (Settlement & { bankLine: { utr: string; occurrence: number; cr: string } })[];
    matchedTotal: string;
    openSettlements: { settlementId: string; net: string }[];
    openReportRows: number;
    openBankLines: { utr?: string; particulars?: string; occurrence?: number; tranDate: string; amount: string }[];
    variants: { change: string; matchedSettlements: string[]; openSettlements: string[] }[];
  }[];
};
const expected = readExpected<Expected>(FAMILY);
const recon = expected.recons[0] as Expected['recons'][number];

const money = { dataType: 'DOUBLE', isMoney: true } as const;
const text = { dataType: 'VARCHAR' } as const;
const REPORT_COLUMNS = [
  'entity_id type debit credit amount currency fee tax on_hold settled created_at settled_at settlement_id posted_at',
  'credit_type description notes payment_id settlement_utr order_id order_receipt method card_network card_issuer',
  'card_type dispute_id',
]
  .join(' ')
  .split(' ');
const REPORT_LOADED: Record<string, object> = {
  entity_id: text,
  type: text,
  debit: money,
  credit: money,
  fee: money,
  tax: money,
  created_at: { dataType: 'DATETIME', dateFormats: ['DD/MM/YYYY HH:mm:ss'] },
  settled_at: { dataType: 'DATETIME', dateFormats: ['EPOCH_S'] },
  settlement_id: text,
  settlement_utr: text,
};

let g: GoldenApp;
let api: ApiClient;
let ids: { reconId: number; report: number; bank: number; ruleId: number; fileIds: number[] };

/** The rule as a user writes it: UTR pulled from the narration; bank CR = Σ(credit − debit) of the UTR's rows. */
function conditions(amountTolerance: number | null) {
  return [
    matching(
      1,
      column(ids.report, 'settlement_utr'),
      column(ids.bank, 'particulars', [
        {
          type: 'REGEX_EXTRACT',
          args: { pattern: expected.utrExtraction.regex, group: expected.utrExtraction.captureGroup },
        },
      ]),
    ),
    matching(
      2,
      column(ids.report, 'credit', [{ type: 'MINUS_COLUMN', args: { column: 'debit' } }], 'SUM'),
      column(ids.bank, 'cr'),
      amountTolerance,
    ),
  ];
}

beforeAll(async () => {
  g = await createGoldenApp();
  api = await newModuleClient(g, 'Razorpay');
  const reportTable = await api.createTable(
    'rzp_settlement_report',
    Object.entries(REPORT_LOADED).map(([name, c]) => ({ name, ...(c as { dataType: 'VARCHAR' }) })),
  );
  const bankTable = await api.createTable('axis_current_account', [
    { name: 'tran_date', dataType: 'DATE' },
    { name: 'chqno', ...text },
    { name: 'particulars', ...text },
    { name: 'dr', ...money },
    { name: 'cr', ...money },
    { name: 'bal', ...money },
  ]);
  const reportPipeline = await api.createFilePipeline('Razorpay settlement recon report', reportTable.id, {
    fileKind: 'csv',
    delimiter: ',',
    mappings: REPORT_COLUMNS.map((name) => {
      const loaded = REPORT_LOADED[name] as { dataType: string; dateFormats?: string[] } | undefined;
      return loaded
        ? { fileColumn: name, tableColumn: name, dataType: loaded.dataType, dateFormats: loaded.dateFormats }
        : { fileColumn: name, tableColumn: null };
    }),
  });
  const bankPipeline = await api.createFilePipeline('Axis bank statement', bankTable.id, {
    fileKind: 'csv',
    delimiter: ',',
    mappings: [
      { fileColumn: 'Tran Date', tableColumn: 'tran_date', dataType: 'DATE', dateFormats: ['DD-MM-YYYY'] },
      { fileColumn: 'CHQNO', tableColumn: 'chqno', dataType: 'VARCHAR' },
      { fileColumn: 'PARTICULARS', tableColumn: 'particulars', dataType: 'VARCHAR' },
      { fileColumn: 'DR', tableColumn: 'dr', dataType: 'DOUBLE' },
      { fileColumn: 'CR', tableColumn: 'cr', dataType: 'DOUBLE' },
      { fileColumn: 'BAL', tableColumn: 'bal', dataType: 'DOUBLE' },
    ],
  });
  const reconId = await api.createRecon('Razorpay settlements vs bank');
  const report = await api.createDataSource(reconId, 'Razorpay report', reportPipeline, reportTable);
  const bank = await api.createDataSource(reconId, 'Axis bank', bankPipeline, bankTable);
  ids = { reconId, report, bank, ruleId: 0, fileIds: [] };
  ids.ruleId = await api.createRule(reconId, 'UTR in narration, net of debits', 'RECONCILED', conditions(null));
  const fileIds = [
    ...(await api.upload(reportPipeline, [
      { name: 'settlement-recon-report.csv', content: readFixture(FAMILY, 'settlement-recon-report.csv') },
    ])),
    ...(await api.upload(bankPipeline, [
      { name: 'bank-statement.csv', content: readFixture(FAMILY, 'bank-statement.csv') },
    ])),
  ];
  ids.fileIds = fileIds;
  await api.runJob(await api.createJob([reportPipeline, bankPipeline], [reconId]), fileIds);
}, 120_000);
afterAll(() => g?.close());

const utrOf = (particulars: string | null) =>
  expected.utrExtraction.narrations.find((n) => n.particulars === particulars)?.utr ?? null;

/** A bank row as expected.json names it: UTR and occurrence among the lines with that UTR, or its narration. */
function bankKey(row: TabRow, allBank: readonly TabRow[]): string {
  const utr = utrOf(row.values.particulars ?? null);
  if (!utr) return `${row.values.particulars}`;
  const same = allBank.filter((r) => utrOf(r.values.particulars ?? null) === utr).map((r) => r.id);
  return `${utr}#${same.sort((a, b) => a - b).indexOf(row.id) + 1}`;
}

/** Σ credit − Σ debit of report rows, to the paisa. */
const netOf = (rows: readonly TabRow[]) =>
  differenceToPaisa(
    sumToPaisa(rows.map((r) => r.values.credit ?? null)),
    sumToPaisa(rows.map((r) => r.values.debit ?? null)),
  );

/** Matched settlements: per group the settlement id of its report rows (one per group). */
const settlementIdsOf = (rows: readonly TabRow[]) =>
  groupsOf(rows)
    .map((g) => [...new Set(g.map((r) => r.values.settlement_id))].join('+'))
    .sort();

describe('Razorpay settlement recon report against the bank statement (UTR in the narration)', () => {
  it('loads both files completely: nothing skipped, nothing invalid', async () => {
    for (const id of ids.fileIds) {
      const file = await api.file(id);
      const facts = expected.files[file.fileName];
      expect(facts, file.fileName).toBeDefined();
      expect(file).toMatchObject({
        status: 'FINISHED',
        errorKind: 'No Error',
        totalRows: facts?.dataRows,
        validRows: facts?.loadedRows,
        invalidRows: 0,
        skippedRows: facts?.skippedRows.length,
      });
    }
  });

  it('matches each settlement to the bank line carrying its UTR, Σ(credit − debit) to the paisa', async () => {
    const report = await api.tab(ids.reconId, ids.report, 'reconciled');
    const bank = await api.tab(ids.reconId, ids.bank, 'reconciled');
    const allBank = (await api.tab(ids.reconId, ids.bank, 'all')).rows;
    expect(settlementIdsOf(report.rows)).toEqual(recon.matched.map((m) => m.settlementId).sort());
    expect(report.count).toBe(recon.matched.reduce((n, m) => n + m.rows, 0));
    expect(bank.count).toBe(recon.matched.length);
    for (const m of recon.matched) {
      const group = report.rows.filter((r) => r.values.settlement_id === m.settlementId);
      expect(group.map((r) => r.values.entity_id).sort(), m.settlementId).toEqual([...m.entityIds].sort());
      expect(netOf(group), m.settlementId).toBe(m.net);
      const line = bank.rows.find((r) => r.matchId === group[0]?.matchId);
      expect(line && bankKey(line, allBank)).toBe(`${m.bankLine.utr}#${m.bankLine.occurrence}`);
      expect(sumToPaisa([line?.values.cr ?? null])).toBe(m.bankLine.cr);
      expect(group.every((r) => r.status === 'RECONCILED' && r.matchId === line?.matchId)).toBe(true);
    }
    expect(sumToPaisa(bank.rows.map((r) => r.values.cr ?? null))).toBe(recon.matchedTotal);
  });

  it('leaves the short-paid and uncredited settlements, the duplicate line and the other bank lines open', async () => {
    const report = await api.tab(ids.reconId, ids.report, 'unreconciled');
    const bank = await api.tab(ids.reconId, ids.bank, 'unreconciled');
    const allBank = (await api.tab(ids.reconId, ids.bank, 'all')).rows;
    expect(report.count).toBe(recon.openReportRows);
    const openIds = [...new Set(report.rows.map((r) => r.values.settlement_id))].sort();
    expect(openIds).toEqual(recon.openSettlements.map((s) => s.settlementId).sort());
    for (const s of recon.openSettlements) {
      const rows = report.rows.filter((r) => r.values.settlement_id === s.settlementId);
      expect(netOf(rows), s.settlementId).toBe(s.net);
    }
    expect(bank.count).toBe(recon.openBankLines.length);
    const openBank = bank.rows.map((r) => ({
      key: bankKey(r, allBank),
      amount: r.values.cr ? sumToPaisa([r.values.cr]) : differenceToPaisa('0', r.values.dr ?? '0'),
      tranDate: r.values.tran_date?.slice(0, 10),
    }));
    const wanted = recon.openBankLines.map((l) => ({
      key: l.utr ? `${l.utr}#${l.occurrence}` : `${l.particulars}`,
      amount: l.amount,
      tranDate: l.tranDate,
    }));
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    expect(openBank.sort(byKey)).toEqual(wanted.sort(byKey));
  });

  it('with a tolerance of ± 0.01 on the sum also matches the settlement credited one paisa short', async () => {
    const variant = recon.variants.find((v) => v.change.startsWith('amount tolerance ± 0.01'));
    if (!variant) throw new Error('expected.json has no ± 0.01 variant');
    await api.updateRule(ids.ruleId, ids.reconId, 'UTR in narration, net of debits', 'RECONCILED', conditions(0.01));
    await api.runRecon(ids.reconId);
    const matched = settlementIdsOf((await api.tab(ids.reconId, ids.report, 'reconciled')).rows);
    expect(matched).toEqual([...variant.matchedSettlements].sort());
    const open = (await api.tab(ids.reconId, ids.report, 'unreconciled')).rows;
    expect([...new Set(open.map((r) => r.values.settlement_id))].sort()).toEqual([...variant.openSettlements].sort());
  });
});
