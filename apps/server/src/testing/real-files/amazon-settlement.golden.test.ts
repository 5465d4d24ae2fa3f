import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  column,
  createGoldenApp,
  filterEquals,
  type GoldenApp,
  groupsOf,
  matching,
  newModuleClient,
  readExpected,
  readFixture,
  sumToPaisa,
  type TabRow,
} from './api-setup.ts';

// Golden case of issue 9, Amazon family, through the API: four Flat File V2 settlement reports (TSV delivered as
// .txt, a summary row first) loaded into one settlement table, and the order-level recon over it (Σ Principal
// per order ↔ the seller's order export). Every figure asserted comes from expected.json (computed from the files
// by compute-expected.mjs, never by the product).
// The settlement-level recon (Σ components of a settlement ↔ one bank credit, deposit date ± 3 days) cannot be
// expressed yet: the engine groups a summed side only by join keys, and the bank credit carries no settlement id
// (see the it.todo below and real-files/README.md).

const FAMILY = 'amazon-settlement';
type Expected = {
  files: Record<string, { dataRows: number; loadedRows: number; skippedRows: { key: string; why: string }[] }>;
  settlements: { settlementId: string; depositDate: string; componentRows: number; total: string }[];
  recons: {
    name: string;
    matched: { orderId: string; principalRows: number; groupTotal: string; exportLine: ExportLine }[];
    matchedTotal: string;
    sideARowsInScope: number;
    openGroups: { orderId: string; principalRows: number; groupTotal: string }[];
    openExportLines: ExportLine[];
  }[];
};
type ExportLine = { orderId: string; occurrence: number; itemPrice: string };
const expected = readExpected<Expected>(FAMILY);
const orderLevel = expected.recons.find((r) => r.name === 'order-level') as Expected['recons'][number];
const SETTLEMENT_FILES = expected.settlements.map((s) => `settlement-${s.settlementId}.txt`);

const text = { dataType: 'VARCHAR' } as const;
const money = { dataType: 'DOUBLE', isMoney: true } as const;
const REPORT_HEADER =
  'settlement-id settlement-start-date settlement-end-date deposit-date total-amount currency transaction-type order-id merchant-order-id adjustment-id shipment-id marketplace-name amount-type amount-description amount fulfillment-id posted-date posted-date-time order-item-code merchant-order-item-id merchant-adjustment-item-id sku quantity-purchased promotion-id'.split(
    ' ',
  );
/** The report columns the settlement table keeps, as the config screen maps them. */
const REPORT_LOADED: Record<string, { dataType: string; dateFormats?: string[]; fillDown?: boolean }> = {
  'settlement-id': text,
  // Only the summary row has it: carried down onto the component rows of its settlement.
  'deposit-date': { dataType: 'DATE', dateFormats: ['YYYY-MM-DD HH:mm:ss [UTC]', 'ISO'], fillDown: true },
  'transaction-type': text,
  'order-id': text,
  'amount-type': text,
  'amount-description': text,
  amount: money,
  'posted-date': { dataType: 'DATE', dateFormats: ['MM/DD/YY'] },
};
const tableColumn = (fileColumn: string) => fileColumn.replaceAll('-', '_');

let g: GoldenApp;
let api: ApiClient;
let ids: { orderRecon: number; settlements: number; orders: number; fileIds: number[] };

beforeAll(async () => {
  g = await createGoldenApp();
  api = await newModuleClient(g, 'Amazon');
  const settlementTable = await api.createTable(
    'amazon_settlement',
    Object.entries(REPORT_LOADED).map(([name, c]) => ({ name: tableColumn(name), ...(c as typeof text) })),
  );
  const ordersTable = await api.createTable('seller_orders', [
    { name: 'order_id', ...text },
    { name: 'order_date', dataType: 'DATETIME' },
    { name: 'channel', ...text },
    { name: 'item_count', dataType: 'INT' },
    { name: 'item_price', ...money },
    { name: 'currency', ...text },
  ]);
  const settlementPipeline = await api.createFilePipeline('Amazon settlement report V2', settlementTable.id, {
    fileKind: 'csv',
    delimiter: '\t',
    // The summary row fills only the settlement columns: skipped (and counted), after handing its date down.
    skipRules: { blankColumns: ['transaction-type'] },
    mappings: REPORT_HEADER.map((name) => {
      const loaded = REPORT_LOADED[name];
      return loaded ? { fileColumn: name, tableColumn: tableColumn(name), ...loaded } : { fileColumn: name };
    }),
  });
  const ordersPipeline = await api.createFilePipeline('Seller order export', ordersTable.id, {
    fileKind: 'csv',
    mappings: [
      { fileColumn: 'order_id', tableColumn: 'order_id', dataType: 'VARCHAR' },
      { fileColumn: 'order_date', tableColumn: 'order_date', dataType: 'DATETIME', dateFormats: ['DD/MM/YYYY HH:mm'] },
      { fileColumn: 'channel', tableColumn: 'channel', dataType: 'VARCHAR' },
      { fileColumn: 'item_count', tableColumn: 'item_count', dataType: 'INT' },
      { fileColumn: 'item_price', tableColumn: 'item_price', dataType: 'DOUBLE' },
      { fileColumn: 'currency', tableColumn: 'currency', dataType: 'VARCHAR' },
    ],
  });
  const orderRecon = await api.createRecon('Amazon order-level');
  const settlements = await api.createDataSource(
    orderRecon,
    'Amazon settlement rows',
    settlementPipeline,
    settlementTable,
  );
  const orders = await api.createDataSource(orderRecon, 'Seller orders', ordersPipeline, ordersTable);
  await api.createRule(orderRecon, 'Σ Principal per order = export line', 'RECONCILED', [
    filterEquals(1, column(settlements, 'transaction_type'), 'Order'),
    filterEquals(2, column(settlements, 'amount_type'), 'ItemPrice'),
    filterEquals(3, column(settlements, 'amount_description'), 'Principal'),
    matching(4, column(settlements, 'order_id'), column(orders, 'order_id')),
    matching(5, column(settlements, 'amount', [], 'SUM'), column(orders, 'item_price')),
  ]);
  const fileIds = [
    ...(await api.upload(
      settlementPipeline,
      SETTLEMENT_FILES.map((name) => ({ name, content: readFixture(FAMILY, name) })),
    )),
    ...(await api.upload(ordersPipeline, [
      { name: 'seller-orders.csv', content: readFixture(FAMILY, 'seller-orders.csv') },
    ])),
  ];
  ids = { orderRecon, settlements, orders, fileIds };
  await api.runJob(await api.createJob([settlementPipeline, ordersPipeline], [orderRecon]), fileIds);
}, 120_000);
afterAll(() => g?.close());

const isPrincipalOfOrder = (r: TabRow) =>
  r.values.transaction_type === 'Order' &&
  r.values.amount_type === 'ItemPrice' &&
  r.values.amount_description === 'Principal';

/** An export line as expected.json names it: order id and occurrence among the lines of that order. */
function exportKey(row: TabRow, all: readonly TabRow[]): string {
  const same = all.filter((r) => r.values.order_id === row.values.order_id).map((r) => r.id);
  return `${row.values.order_id}#${same.sort((a, b) => a - b).indexOf(row.id) + 1}`;
}

describe('Amazon settlement reports (TSV .txt with a summary row) and the order-level recon', () => {
  it('loads every report COMPLETED, its summary row counted as skipped, and carries the deposit date down', async () => {
    for (const id of ids.fileIds) {
      const file = await api.file(id);
      const facts = expected.files[file.fileName];
      expect(facts, file.fileName).toBeDefined();
      expect(file).toMatchObject({
        status: 'FINISHED',
        totalRows: facts?.loadedRows,
        validRows: facts?.loadedRows,
        invalidRows: 0,
        skippedRows: facts?.skippedRows.length,
      });
      if (facts?.skippedRows.length) {
        expect(file.skipped).toEqual([{ reason: 'transaction-type is blank', count: facts.skippedRows.length }]);
      }
    }
    const rows = (await api.tab(ids.orderRecon, ids.settlements, 'all')).rows;
    for (const s of expected.settlements) {
      const own = rows.filter((r) => r.values.settlement_id === s.settlementId);
      expect(own, s.settlementId).toHaveLength(s.componentRows);
      expect(new Set(own.map((r) => r.values.deposit_date?.slice(0, 10)))).toEqual(new Set([s.depositDate]));
      // The summary row's total-amount is Σ amount of the components (it adds nothing itself: it is skipped).
      expect(sumToPaisa(own.map((r) => r.values.amount ?? null)), s.settlementId).toBe(s.total);
    }
  });

  it('matches Σ Principal of each order to its export line, to the paisa', async () => {
    const settled = await api.tab(ids.orderRecon, ids.settlements, 'reconciled');
    const exported = await api.tab(ids.orderRecon, ids.orders, 'reconciled');
    const allExport = (await api.tab(ids.orderRecon, ids.orders, 'all')).rows;
    const groups = groupsOf(settled.rows);
    expect(groups.map((g) => [...new Set(g.map((r) => r.values.order_id))].join('+')).sort()).toEqual(
      orderLevel.matched.map((m) => m.orderId).sort(),
    );
    expect(settled.rows.every(isPrincipalOfOrder)).toBe(true);
    expect(settled.count).toBe(orderLevel.matched.reduce((n, m) => n + m.principalRows, 0));
    expect(exported.count).toBe(orderLevel.matched.length);
    for (const m of orderLevel.matched) {
      const group = settled.rows.filter((r) => r.values.order_id === m.orderId);
      expect(group, m.orderId).toHaveLength(m.principalRows);
      expect(sumToPaisa(group.map((r) => r.values.amount ?? null)), m.orderId).toBe(m.groupTotal);
      const line = exported.rows.find((r) => r.matchId === group[0]?.matchId);
      expect(line && exportKey(line, allExport)).toBe(`${m.exportLine.orderId}#${m.exportLine.occurrence}`);
      expect(sumToPaisa([line?.values.item_price ?? null])).toBe(m.exportLine.itemPrice);
    }
    expect(sumToPaisa(exported.rows.map((r) => r.values.item_price ?? null))).toBe(orderLevel.matchedTotal);
  });

  it('leaves the unexported and mispriced orders, the duplicate and the unsettled export lines open', async () => {
    const open = (await api.tab(ids.orderRecon, ids.settlements, 'unreconciled')).rows;
    const inScope = open.filter(isPrincipalOfOrder);
    const matchedRows = orderLevel.matched.reduce((n, m) => n + m.principalRows, 0);
    expect(inScope).toHaveLength(orderLevel.sideARowsInScope - matchedRows);
    expect([...new Set(inScope.map((r) => r.values.order_id))].sort()).toEqual(
      orderLevel.openGroups.map((g) => g.orderId).sort(),
    );
    for (const g of orderLevel.openGroups) {
      const rows = inScope.filter((r) => r.values.order_id === g.orderId);
      expect(rows, g.orderId).toHaveLength(g.principalRows);
      expect(sumToPaisa(rows.map((r) => r.values.amount ?? null)), g.orderId).toBe(g.groupTotal);
    }
    // Out of scope (fees, tax, promotions, refunds) stays open for this recon: its filter never takes them.
    const loaded = expected.settlements.reduce((n, s) => n + s.componentRows, 0);
    expect(open).toHaveLength(loaded - matchedRows);

    const allExport = (await api.tab(ids.orderRecon, ids.orders, 'all')).rows;
    const openExport = await api.tab(ids.orderRecon, ids.orders, 'unreconciled');
    expect(openExport.count).toBe(orderLevel.openExportLines.length);
    const key = (l: { key: string }) => l.key;
    expect(
      openExport.rows
        .map((r) => ({ key: exportKey(r, allExport), itemPrice: sumToPaisa([r.values.item_price ?? null]) }))
        .sort((x, y) => key(x).localeCompare(key(y))),
    ).toEqual(
      orderLevel.openExportLines
        .map((l) => ({ key: `${l.orderId}#${l.occurrence}`, itemPrice: l.itemPrice }))
        .sort((x, y) => key(x).localeCompare(key(y))),
    );
  });

  it.todo(
    'settlement-level: Σ components per settlement-id ↔ one bank credit within ± 3 days of the deposit date, over the same settlement table, in either order with the order-level recon (needs grouping by a column the bank side lacks)',
  );
});
