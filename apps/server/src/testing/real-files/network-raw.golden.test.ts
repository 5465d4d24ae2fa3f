import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Column,
  column,
  condition,
  constant,
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

// Golden case of the network-raw family through the API: a headerless fixed-width .dat and a headerless pipe
// .psv (12-digit RRNs with leading zeros, amounts in paise, YYYYMMDD dates, a trailer each) into one table,
// against the switch log. Every figure comes from expected.json, which compute-expected.mjs derived from the
// files alone.

const FOLDER = join(import.meta.dirname, 'network-raw');
const DAT = 'UPI_RAW_ACQ_20260305_01.dat';
const PSV = 'UPI_RAW_ACQ_20260306_01.psv';
const SWITCH = 'switch-ledger.csv';
const expected = JSON.parse(readFileSync(join(FOLDER, 'expected.json'), 'utf8'));
const recon = expected.recons[0];
type Position = { field: string; start: number; length: number };

/** Where each field of the network file goes: the amount in paise loads as rupees, dates read as YYYYMMDD. */
function mapping(field: string) {
  if (field === 'record_type') return { fileColumn: field, tableColumn: null };
  if (field === 'amount_paise') {
    return { fileColumn: field, tableColumn: 'amount', dataType: 'DOUBLE', numberFormat: { scale: 2 } };
  }
  if (field.endsWith('_date'))
    return { fileColumn: field, tableColumn: field, dataType: 'DATE', dateFormats: ['YYYYMMDD'] };
  return { fileColumn: field, tableColumn: field, dataType: 'VARCHAR' };
}
const networkColumns: Column[] = (expected.files[PSV].fields as string[]).flatMap((field) => {
  const m = mapping(field);
  return m.tableColumn ? [{ name: m.tableColumn, dataType: (m.dataType ?? 'VARCHAR') as Column['dataType'] }] : [];
});
const trailer = { patterns: [{ column: 'record_type', pattern: '^T$' }] };
const switchColumns: Column[] = [
  'switch_txn_id',
  'rrn',
  'txn_date',
  'txn_time',
  'amount',
  'txn_type',
  'status',
  'merchant_id',
  'terminal_id',
].map((name) => ({ name, dataType: name === 'txn_date' ? 'DATE' : name === 'amount' ? 'DOUBLE' : 'VARCHAR' }));

let w: GoldenWorld;
let pipelines: { dat: number; psv: number; switch: number };
let base: Sides;
let jobStatus: string;
const variants: { sides: Sides; status: string }[] = [];
type Sides = { reconId: number; network: number; switch: number };

/** Approved records only; RRN = RRN, amount = amount (± tolerance), date = date (± window days). */
async function addRecon(
  name: string,
  tables: Record<'network' | 'switch', Awaited<ReturnType<typeof createDataTable>>>,
  loose: { amount?: number; days?: number } = {},
): Promise<Sides> {
  const reconId = await createRecon(w, name);
  const s = {
    reconId,
    network: await createDataSource(w, {
      reconId,
      name: `${name} network`,
      pipelineId: pipelines.dat,
      table: tables.network,
    }),
    switch: await createDataSource(w, {
      reconId,
      name: `${name} switch`,
      pipelineId: pipelines.switch,
      table: tables.switch,
    }),
  };
  const both = (c: string) => [column(s.network, c), column(s.switch, c)] as const;
  await createRule(w, reconId, 'RRN, amount and date', [
    condition(1, column(s.network, 'response_code'), constant('00'), { type: 'FILTER' }),
    condition(2, ...both('rrn')),
    condition(3, ...both('amount'), loose.amount === undefined ? {} : { tolerance: loose.amount }),
    condition(4, ...both('txn_date'), loose.days === undefined ? {} : { tolerance: loose.days }),
  ]);
  return s;
}

beforeAll(async () => {
  w = await startGoldenWorld('network');
  const tables = {
    network: await createDataTable(w, 'upi_raw_acq', networkColumns),
    switch: await createDataTable(w, 'switch_log', switchColumns),
  };
  pipelines = {
    dat: await createFilePipeline(w, 'UPI raw file (fixed width)', tables.network.id, {
      fileKind: 'fixed_width',
      hasHeader: false,
      skipRules: trailer,
      mappings: (expected.files[DAT].positions as Position[]).map((p) => ({
        ...mapping(p.field),
        start: p.start,
        length: p.length,
      })),
    }),
    psv: await createFilePipeline(w, 'UPI raw file (pipe)', tables.network.id, {
      fileKind: 'csv',
      delimiter: '|',
      hasHeader: false,
      skipRules: trailer,
      mappings: (expected.files[PSV].fields as string[]).map((field, i) => ({
        ...mapping(field),
        columnNumber: i + 1,
      })),
    }),
    switch: await createFilePipeline(w, 'Switch log', tables.switch.id, {
      fileKind: 'csv',
      mappings: switchColumns.map((c) => ({
        fileColumn: c.name,
        tableColumn: c.name,
        dataType: c.dataType,
        ...(c.dataType === 'DATE' ? { dateFormats: ['YYYY-MM-DD'] } : {}),
      })),
    }),
  };
  base = await addRecon('Network vs switch', tables);
  const job = await createJob(w, 'Network recon', [pipelines.dat, pipelines.psv, pipelines.switch], base.reconId);
  const fileIds = [
    await uploadFixture(w, pipelines.dat, FOLDER, DAT),
    await uploadFixture(w, pipelines.psv, FOLDER, PSV),
    await uploadFixture(w, pipelines.switch, FOLDER, SWITCH),
  ];
  jobStatus = await runJob(w, job, fileIds);
  // The variants: recons of their own over the same loaded rows (state per data source).
  for (const [i, loose] of [{ amount: 0.01 }, { days: 1 }].entries()) {
    const sides = await addRecon(`Network vs switch variant ${i + 1}`, tables, loose);
    variants.push({ sides, status: await runRecon(w, sides.reconId) });
  }
}, 180_000);
afterAll(() => w?.close());

const byId = (rows: TabRow[]) => [...rows].sort((a, b) => a.id - b.id);

/** The network rows of a tab as the fixture names them: file, RRN and its occurrence in the file. */
async function networkRows(s: Sides, tab: string) {
  const all = byId(await tabOf(w, s.reconId, s.network, 'all'));
  const seen = new Map<string, number>();
  const occurrence = new Map(
    all.map((r) => {
      const key = `${r.fileName}|${r.values.rrn}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      return [r.id, seen.get(key) as number];
    }),
  );
  const rows = tab === 'all' ? all : byId(await tabOf(w, s.reconId, s.network, tab));
  return rows.map((r) => ({
    row: r,
    key: { file: r.fileName, rrn: r.values.rrn, occurrence: occurrence.get(r.id), txnType: r.values.txn_type },
  }));
}

const openSwitchIds = async (s: Sides) =>
  byId(await tabOf(w, s.reconId, s.switch, 'unreconciled')).map((r) => r.values.switch_txn_id);

describe('headerless fixed-width and pipe network files ↔ switch log, through the API', () => {
  it('loads both raw files, skipping each trailer; every file is COMPLETED', async () => {
    expect(jobStatus).toBe('COMPLETED');
    for (const [pipelineId, name] of [
      [pipelines.dat, DAT],
      [pipelines.psv, PSV],
      [pipelines.switch, SWITCH],
    ] as const) {
      const facts = expected.files[name];
      const [file] = await fileHistory(w, pipelineId);
      expect(file).toMatchObject({
        fileName: name,
        status: 'FINISHED',
        errorKind: 'No Error',
        totalRows: facts.loadedRows,
        validRows: facts.loadedRows,
        invalidRows: 0,
        skippedRows: facts.skippedRows.length,
      });
    }
  });

  it('reads every record: RRNs with their zeros, paise as rupees to the paisa, YYYYMMDD dates', async () => {
    const rows = await networkRows(base, 'all');
    expect(
      rows.map(({ row, key }) => ({
        ...key,
        txnDate: row.values.txn_date,
        settlementDate: row.values.settlement_date,
        amount: money(row.values.amount),
        drCr: row.values.dr_cr,
        responseCode: row.values.response_code,
        merchantName: row.values.merchant_name,
      })),
    ).toEqual(expected.networkRecords);
    for (const name of [DAT, PSV]) {
      const amounts = rows.filter((r) => r.row.fileName === name).map((r) => r.row.values.amount as string);
      expect(rupees(sumPaise(amounts))).toBe(expected.files[name].detailAmountTotal);
    }
  });

  it('matches approved records to the switch by RRN, amount and date, the first of two identical records only', async () => {
    const switchRows = await tabOf(w, base.reconId, base.switch, 'reconciled');
    const matched = (await networkRows(base, 'reconciled')).map(({ row, key }) => {
      const partner = switchRows.filter((s) => s.matchId === row.matchId);
      expect(partner).toHaveLength(1);
      return {
        ...key,
        switchTxnId: partner[0]?.values.switch_txn_id,
        amount: money(row.values.amount),
        txnDate: row.values.txn_date,
      };
    });
    expect(matched).toEqual(recon.matched);
    expect(matched).toHaveLength(recon.matchedCount);
    const signed = (m: { amount: string | null; txnType: string | null | undefined }) =>
      m.txnType === 'REF' ? -paise(m.amount as string) : paise(m.amount as string);
    expect(rupees(sumPaise(matched.map((m) => m.amount as string)))).toBe(recon.matchedAmountTotal);
    expect(rupees(matched.reduce((s, m) => s + signed(m), 0n))).toBe(recon.matchedNetTotal);
  });

  it('leaves open the paisa break, the declined, the unlogged, the duplicate, the midnight record and the extra switch row', async () => {
    const open = (await networkRows(base, 'unreconciled')).map(({ row, key }) => ({
      ...key,
      amount: money(row.values.amount),
    }));
    expect(open).toEqual(recon.openNetworkRecords.map(({ why: _why, ...r }: { why: string }) => r));
    const openSwitch = byId(await tabOf(w, base.reconId, base.switch, 'unreconciled')).map((r) => ({
      switchTxnId: r.values.switch_txn_id,
      rrn: r.values.rrn,
      amount: money(r.values.amount),
      txnDate: r.values.txn_date,
    }));
    expect(openSwitch).toEqual(recon.openSwitchRows);
  });

  it('closes what a ± 0.01 tolerance or a ± 1 day window closes, each in a recon of its own', async () => {
    for (const [i, variant] of (recon.variants as { change: string; openSwitchRows: string[] }[]).entries()) {
      const run = variants[i] as (typeof variants)[number];
      expect([variant.change, run.status]).toEqual([variant.change, 'COMPLETED']);
      expect([variant.change, await openSwitchIds(run.sides)]).toEqual([variant.change, variant.openSwitchRows]);
    }
    expect(await openSwitchIds(base)).toEqual(recon.openSwitchRows.map((r: { switchTxnId: string }) => r.switchTxnId));
  });
});
