import { describe, expect, it } from 'vitest';
import { toTransactionsQuery } from '@/features/transactions/api/get-transactions';
import { formatCell } from '@/features/transactions/cell-format';
import { isZeroDecimal, subtractDecimals, sumDecimals } from '@/features/transactions/money';
import { allowedActions } from '@/features/transactions/tabs';
import {
  hiddenAtFirst,
  humanize,
  leadingDataColumns,
  pinnedAtFirst,
  pinnedFirst,
  viewColumns,
} from '@/features/transactions/view-columns';

describe('exact money of a selection', () => {
  it('sums decimal strings to the paisa without a float', () => {
    expect(sumDecimals(['0.1000', '0.2000'])).toBe('0.3000');
    expect(sumDecimals(['12345678901234.5678', '0.0022', '-1'])).toBe('12345678901233.5700');
    expect(sumDecimals([null, '', 'n/a', '5'])).toBe('5.0000');
    expect(subtractDecimals('100.00', '100.0100')).toBe('-0.0100');
    expect(isZeroDecimal(subtractDecimals('26455.50', '26455.5'))).toBe(true);
  });
});

describe('cells in the module formats', () => {
  it('writes money, numbers, dates and times as the spec formats them', () => {
    expect(formatCell('125000.5000', { type: 'DOUBLE', isMoney: true }, 'en-IN')).toBe('₹1,25,000.50');
    expect(formatCell('125000.5000', { type: 'DOUBLE', isMoney: true }, 'en-US')).toBe('₹125,000.50');
    expect(formatCell('2026-10-02', { type: 'DATE', isMoney: false }, 'en-IN')).toBe('02-10-2026');
    expect(formatCell('2026-10-10 15:47:43', { type: 'DATETIME', isMoney: false }, 'en-IN')).toBe(
      '10-10-2026 03:47 PM',
    );
    expect(formatCell(null, { type: 'VARCHAR', isMoney: false }, 'en-IN')).toBe('');
  });
});

describe('the list call', () => {
  it('names the filtered and sorted columns with their operators, the range and the statuses', () => {
    const query = toTransactionsQuery({
      tab: 'reconciled',
      reconId: 4,
      dataSourceId: 7,
      dateColumn: 'value_date',
      fromDate: '2026-10-01',
      toDate: '2026-10-15',
      statuses: ['PROPOSE_MATCH'],
      start: 20,
      length: 10,
      filters: { amount: { operator: 'BETWEEN', value: '100,200' }, reference: { operator: 'CONTAINS', value: 'BNK' } },
      sort: { column: 'value_date', dir: 'desc' },
    });
    expect(query).toMatchObject({
      Find: 'ByTab',
      tab: 'reconciled',
      reconId: 4,
      dataSourceId: 7,
      start: 20,
      length: 10,
      draw: 3,
      'columns[0][data]': 'amount',
      'columns[0][search][value]': '100,200',
      'columns[0][search][type]': 'BETWEEN',
      'columns[1][data]': 'reference',
      'columns[1][search][type]': 'CONTAINS',
      'columns[2][data]': 'value_date',
      'order[0][column]': 2,
      'order[0][dir]': 'desc',
      dateColumn: 'value_date',
      fromDate: '2026-10-01',
      toDate: '2026-10-15',
      status: 'PROPOSE_MATCH',
    });
  });
});

describe('actions on selected rows', () => {
  const all = (codes: string[]) => (code: string) => codes.includes(code);
  it('allows a knock off of open rows only, with knockOff', () => {
    expect(allowedActions(['UNRECONCILED'], all(['knockOff']), false).canKnockOff).toBe(true);
    expect(allowedActions(['UNRECONCILED', 'RECONCILED'], all(['knockOff']), false).canKnockOff).toBe(false);
    expect(allowedActions(['UNRECONCILED'], all([]), false).canKnockOff).toBe(false);
  });

  it('allows an unmatch only with the privilege of the tab of every status selected', () => {
    expect(allowedActions(['RECONCILED'], all(['reconciledTransaction']), true).canUnmatch).toBe(true);
    expect(allowedActions(['RECONCILED', 'SAME_SIDE_REVERSAL'], all(['reversal']), true).canUnmatch).toBe(false);
    expect(allowedActions(['KNOCK_OFF'], all(['knockOff', 'reconciledTransaction']), true).canUnmatch).toBe(false);
    expect(allowedActions(['RECONCILED'], all(['reconciledTransaction']), false).canUnmatch).toBe(false);
  });

  it('allows accept and reject of proposed matches only', () => {
    expect(allowedActions(['PROPOSE_MATCH'], all(['reconciledTransaction']), true).canDecideProposed).toBe(true);
    expect(
      allowedActions(['PROPOSE_MATCH', 'RECONCILED'], all(['reconciledTransaction']), true).canDecideProposed,
    ).toBe(false);
  });
});

describe('columns of a tab', () => {
  // The demo bank statement: reference, value date, narration, Dr/Cr, amount, and an inactive balance.
  const dataSource = {
    id: 1,
    name: 'Bank',
    side: 'A' as const,
    dateColumns: ['value_date'],
    columns: [
      { name: 'reference', type: 'VARCHAR' as const, isMoney: false, isShown: true },
      { name: 'value_date', type: 'DATE' as const, isMoney: false, isShown: true },
      { name: 'narration', type: 'VARCHAR' as const, isMoney: false, isShown: true },
      { name: 'debit_credit', type: 'VARCHAR' as const, isMoney: false, isShown: true },
      { name: 'amount', type: 'DOUBLE' as const, isMoney: true, isShown: true },
      { name: 'balance', type: 'DOUBLE' as const, isMoney: true, isShown: false },
    ],
  };

  it('puts reference, date, amount and Dr/Cr first, then how a row was closed, and hides what the tab does not need', () => {
    const columns = viewColumns(dataSource);
    expect(columns.map((c) => c.key)).toEqual([
      'reference',
      'value_date',
      'amount',
      'debit_credit',
      '_status',
      '_match_id',
      '_rule_name',
      '_reason',
      'narration',
      'balance',
      '_reconciled_at',
      '_file_name',
      '_loaded_at',
    ]);
    expect(hiddenAtFirst(columns, 'unreconciled')).toEqual([
      '_match_id',
      '_rule_name',
      '_reason',
      'balance',
      '_reconciled_at',
      '_loaded_at',
    ]);
    expect(hiddenAtFirst(columns, 'knockoff')).not.toContain('_reason');
  });

  it('reads the gateway side the same way: its id, its transaction date, its first amount', () => {
    const gateway = {
      ...dataSource,
      dateColumns: ['txn_date', 'settlement_date'],
      columns: [
        { name: 'txn_id', type: 'VARCHAR' as const, isMoney: false, isShown: true },
        { name: 'utr', type: 'VARCHAR' as const, isMoney: false, isShown: true },
        { name: 'txn_date', type: 'DATETIME' as const, isMoney: false, isShown: true },
        { name: 'settlement_date', type: 'DATE' as const, isMoney: false, isShown: true },
        { name: 'gross_amount', type: 'DOUBLE' as const, isMoney: true, isShown: true },
        { name: 'net_amount', type: 'DOUBLE' as const, isMoney: true, isShown: true },
      ],
    };
    expect(leadingDataColumns(gateway)).toEqual(['txn_id', 'txn_date', 'gross_amount']);
    expect(
      viewColumns(gateway)
        .map((c) => c.key)
        .slice(0, 4),
    ).toEqual(['txn_id', 'txn_date', 'gross_amount', '_status']);
  });

  it('pins the reference, date and amount at first, and shows pinned columns first', () => {
    expect(pinnedAtFirst(dataSource)).toEqual(['reference', 'value_date', 'amount']);
    const columns = viewColumns(dataSource);
    expect(
      pinnedFirst(columns, ['amount'])
        .map((c) => c.key)
        .slice(0, 3),
    ).toEqual(['amount', 'reference', 'value_date']);
  });

  it('names columns as headings', () => {
    expect(humanize('value_date')).toBe('Value Date');
    expect(humanize('txn_id')).toBe('TXN ID');
    expect(humanize('utr')).toBe('UTR');
  });
});
