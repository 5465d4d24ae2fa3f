import {
  type ApiClient,
  column,
  filterEquals,
  type GoldenApp,
  groupBy,
  matching,
  newModuleClient,
  readExpected,
  readFixture,
} from './api-setup.ts';

// The Amazon golden case's world, set up through the API as a client would: four settlement reports into one
// settlement table, the seller's order export, the bank statement; the order-level recon (Σ Principal per order ↔
// export line) and the settlement-level recon (Σ components per settlement id ↔ one bank credit, deposit date
// ± 3 days), each with its own data source on the settlement table; one job loads the files and runs both recons
// in the order asked.

export const FAMILY = 'amazon-settlement';
export type Expected = {
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
export type ExportLine = { orderId: string; occurrence: number; itemPrice: string };
export type SettlementLevel = {
  matched: { settlementId: string; componentRows: number; groupTotal: string; bankRef: string; bankAmount: string }[];
  matchedTotal: string;
  openSettlements: { settlementId: string; componentRows: number; groupTotal: string }[];
  openComponentRows: number;
  openBankRows: string[];
  variants: { change: string; matchedSettlements: string[]; openSettlements: string[] }[];
};
export const expected = readExpected<Expected>(FAMILY);
export const orderLevel = expected.recons.find((r) => r.name === 'order-level') as Expected['recons'][number];
export const settlementLevel = readExpected<{ recons: (SettlementLevel & { name: string })[] }>(FAMILY).recons.find(
  (r) => r.name === 'settlement-level',
) as SettlementLevel;
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

export type AmazonIds = {
  orderRecon: number;
  settlements: number;
  orders: number;
  settlementRecon: number;
  components: number;
  bank: number;
  fileIds: number[];
};

/** The settlement-level rule: no key the bank shares, so side A is grouped by its settlement id. */
export function settlementLevelConditions(ids: Pick<AmazonIds, 'components' | 'bank'>, days = 3, amount = 0) {
  return [
    matching(1, column(ids.components, 'amount', [], 'SUM'), column(ids.bank, 'credit'), amount || null),
    matching(2, column(ids.components, 'deposit_date'), column(ids.bank, 'value_date'), days),
    groupBy(3, column(ids.components, 'settlement_id')),
  ];
}

export async function setUpAmazon(
  g: GoldenApp,
  label: string,
  reconOrder: 'order-level first' | 'settlement-level first',
): Promise<{ api: ApiClient; ids: AmazonIds }> {
  const api = await newModuleClient(g, label);
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
  const bankTable = await api.createTable('current_account', [
    { name: 'txn_date', dataType: 'DATE' },
    { name: 'value_date', dataType: 'DATE' },
    { name: 'description', ...text },
    { name: 'ref_no', ...text },
    { name: 'debit', ...money },
    { name: 'credit', ...money },
    { name: 'balance', ...money },
  ]);
  const bankPipeline = await api.createFilePipeline('Bank statement', bankTable.id, {
    fileKind: 'csv',
    mappings: [
      { fileColumn: 'Txn Date', tableColumn: 'txn_date', dataType: 'DATE', dateFormats: ['DD MMM YYYY'] },
      { fileColumn: 'Value Date', tableColumn: 'value_date', dataType: 'DATE', dateFormats: ['DD MMM YYYY'] },
      { fileColumn: 'Description', tableColumn: 'description', dataType: 'VARCHAR' },
      { fileColumn: 'Ref No./Cheque No.', tableColumn: 'ref_no', dataType: 'VARCHAR' },
      { fileColumn: 'Debit', tableColumn: 'debit', dataType: 'DOUBLE', numberFormat: { grouping: 'indian' } },
      { fileColumn: 'Credit', tableColumn: 'credit', dataType: 'DOUBLE', numberFormat: { grouping: 'indian' } },
      { fileColumn: 'Balance', tableColumn: 'balance', dataType: 'DOUBLE', numberFormat: { grouping: 'indian' } },
    ],
  });
  const settlementRecon = await api.createRecon('Amazon settlement-level');
  // The same settlement table in the second recon: its own data source, so its own verdicts.
  const components = await api.duplicateDataSource(settlements, settlementRecon, 'Amazon settlement components');
  const bank = await api.createDataSource(settlementRecon, 'Current account', bankPipeline, bankTable);
  await api.createRule(
    settlementRecon,
    'Σ components per settlement = bank credit, ± 3 days',
    'RECONCILED',
    settlementLevelConditions({ components, bank }),
  );
  const fileIds = [
    ...(await api.upload(
      settlementPipeline,
      SETTLEMENT_FILES.map((name) => ({ name, content: readFixture(FAMILY, name) })),
    )),
    ...(await api.upload(ordersPipeline, [
      { name: 'seller-orders.csv', content: readFixture(FAMILY, 'seller-orders.csv') },
    ])),
    ...(await api.upload(bankPipeline, [
      { name: 'bank-statement.csv', content: readFixture(FAMILY, 'bank-statement.csv') },
    ])),
  ];
  const recons = reconOrder === 'order-level first' ? [orderRecon, settlementRecon] : [settlementRecon, orderRecon];
  await api.runJob(await api.createJob([settlementPipeline, ordersPipeline, bankPipeline], recons), fileIds);
  return { api, ids: { orderRecon, settlements, orders, settlementRecon, components, bank, fileIds } };
}
