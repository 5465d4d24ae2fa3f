import type { GroupRow, TransactionRecon, TransactionRow } from '@recon/contract';
import type MockAdapter from 'axios-mock-adapter';

/** A recon of a bank statement (A) against a gateway settlement (B), as Find=Recons answers it. */
export const RECON: TransactionRecon = {
  id: 4,
  name: 'Bank vs Gateway Settlement',
  dataSources: [
    {
      id: 11,
      name: 'Bank Statement',
      side: 'A',
      dateColumns: ['value_date'],
      columns: [
        { name: 'reference', type: 'VARCHAR', isMoney: false, isShown: true },
        { name: 'value_date', type: 'DATE', isMoney: false, isShown: true },
        { name: 'amount', type: 'DOUBLE', isMoney: true, isShown: true },
        { name: 'balance', type: 'DOUBLE', isMoney: true, isShown: false },
      ],
    },
    {
      id: 12,
      name: 'Gateway Settlement',
      side: 'B',
      dateColumns: ['settlement_date'],
      columns: [
        { name: 'utr', type: 'VARCHAR', isMoney: false, isShown: true },
        { name: 'settlement_date', type: 'DATE', isMoney: false, isShown: true },
        { name: 'net_amount', type: 'DOUBLE', isMoney: true, isShown: true },
      ],
    },
  ],
};

export function row(
  id: number,
  values: Record<string, string | null>,
  over: Partial<TransactionRow> = {},
): TransactionRow {
  return {
    id,
    status: 'UNRECONCILED',
    matchId: null,
    ruleId: null,
    ruleName: null,
    closedBy: null,
    closedByUser: null,
    reconciledAt: null,
    reason: null,
    fileId: 77,
    fileName: 'bank_statement.csv',
    loadedAt: '2026-10-02T10:00:00.000Z',
    values,
    ...over,
  };
}

export function groupRow(r: TransactionRow, side: 'A' | 'B'): GroupRow {
  const ds = RECON.dataSources[side === 'A' ? 0 : 1];
  return { ...r, side, dataSourceId: ds?.id ?? 0, dataSourceName: ds?.name ?? '' };
}

export function page(data: TransactionRow[], over: Record<string, unknown> = {}) {
  return {
    draw: 1,
    recordsTotal: data.length,
    recordsFiltered: data.length,
    data,
    dateColumn: 'value_date',
    fromDate: '2026-10-01',
    toDate: '2026-10-15',
    latestDate: null,
    isCountCapped: false,
    ...over,
  };
}

export const OPEN_ROWS = [
  row(101, { reference: 'BNK0000101', value_date: '2026-10-05', amount: '1500.0000', balance: '9000.0000' }),
  row(102, { reference: 'BNK0000102', value_date: '2026-10-04', amount: '250.2500', balance: '7500.0000' }),
];

export const MATCHED_ROWS = [
  row(
    201,
    { reference: 'BNK0000201', value_date: '2026-10-03', amount: '26455.5000', balance: '1.0000' },
    { status: 'PROPOSE_MATCH', matchId: 900, ruleId: 5, ruleName: 'Credited a day late', closedBy: 'ENGINE' },
  ),
  row(
    202,
    { reference: 'BNK0000202', value_date: '2026-10-02', amount: '100.0000', balance: '1.0000' },
    { status: 'RECONCILED', matchId: 901, ruleId: 3, ruleName: 'UTR and amount', closedBy: 'ENGINE' },
  ),
];

type Reply = [number, unknown];
export type Routes = Partial<Record<string, (params: Record<string, unknown>) => Reply>>;

/**
 * Answers GET /v2/transactions by its Find (one handler: the mock adapter takes two handlers with matchers of the
 * same kind for one). Recons answers RECON unless a test says otherwise; an unrouted Find is a 404.
 */
export function routeTransactions(mock: MockAdapter, routes: Routes) {
  mock.onGet('/v2/transactions').reply((config) => {
    const params = (config.params ?? {}) as Record<string, unknown>;
    const route =
      routes[String(params.Find)] ??
      (params.Find === 'Recons' ? () => [200, { data: [RECON] }] as Reply : undefined) ??
      // Nothing loaded from files: the period falls back to the spec's default range.
      (params.Find === 'Periods' ? () => [200, { latestRun: null, wholeFile: null }] as Reply : undefined);
    return route ? route(params) : [404, [{ message: 'Resource not found', code: 'NOT_FOUND' }]];
  });
}
