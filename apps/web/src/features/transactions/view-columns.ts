import type { DataType, TransactionDataSource } from '@recon/contract';
import type { TransactionTab } from '@recon/contract/nav';
import type { CellType } from '@/features/transactions/cell-format';

/** Fields of a row besides the data source's columns (the server's `_` names). */
export type RowField =
  | '_status'
  | '_match_id'
  | '_rule_name'
  | '_reconciled_at'
  | '_reason'
  | '_file_name'
  | '_loaded_at';
export type ValueKind = 'text' | 'number' | 'date' | 'timestamp' | 'status';

export type ViewColumn =
  | { key: RowField; isField: true; kind: ValueKind }
  | { key: string; isField: false; kind: ValueKind; cell: CellType; isShownAtFirst: boolean };

const FIELD_KINDS: Record<RowField, ValueKind> = {
  _status: 'status',
  _match_id: 'number',
  _rule_name: 'text',
  _reconciled_at: 'timestamp',
  _reason: 'text',
  _file_name: 'text',
  _loaded_at: 'timestamp',
};

/**
 * Row fields and the tabs that show each at first. How a row was closed (group, rule or person, reason) comes
 * right after its status; when and from which file after the data columns.
 */
const LEADING: readonly { key: RowField; tabs: readonly TransactionTab[] }[] = [
  { key: '_match_id', tabs: ['all', 'reconciled', 'reversal', 'duplicate-match'] },
  { key: '_rule_name', tabs: ['all', 'reconciled', 'reversal', 'knockoff', 'duplicate-match'] },
  { key: '_reason', tabs: ['knockoff'] },
];
const TRAILING: readonly { key: RowField; tabs: readonly TransactionTab[] }[] = [
  { key: '_reconciled_at', tabs: ['reconciled', 'reversal', 'knockoff', 'duplicate-match'] },
  { key: '_file_name', tabs: ['unreconciled'] },
  { key: '_loaded_at', tabs: [] },
];
const FIELDS = [...LEADING, ...TRAILING];

export function kindOfType(type: DataType, isMoney: boolean): ValueKind {
  if (isMoney) return 'number';
  if (type === 'DATE') return 'date';
  if (type === 'DATETIME') return 'timestamp';
  return type === 'VARCHAR' ? 'text' : 'number';
}

/** The columns of a tab: status, how the row was closed, the data source's columns in element order, then when. */
export function viewColumns(dataSource: TransactionDataSource): ViewColumn[] {
  return [
    { key: '_status', isField: true, kind: 'status' },
    ...LEADING.map((f): ViewColumn => ({ key: f.key, isField: true, kind: FIELD_KINDS[f.key] })),
    ...dataSource.columns.map(
      (c): ViewColumn => ({
        key: c.name,
        isField: false,
        kind: kindOfType(c.type, c.isMoney),
        cell: { type: c.type, isMoney: c.isMoney },
        isShownAtFirst: c.isShown,
      }),
    ),
    ...TRAILING.map((f): ViewColumn => ({ key: f.key, isField: true, kind: FIELD_KINDS[f.key] })),
  ];
}

/** Columns hidden until the person shows them: inactive data elements and the row fields the tab does not need. */
export function hiddenAtFirst(columns: readonly ViewColumn[], tab: TransactionTab): string[] {
  return columns
    .filter((c) =>
      c.isField ? c.key !== '_status' && !FIELDS.find((f) => f.key === c.key)?.tabs.includes(tab) : !c.isShownAtFirst,
    )
    .map((c) => c.key);
}

/** A column name as a heading: "value_date" → "Value Date", "txn_id" → "TXN ID" (the exports write the same). */
export { columnHeading as humanize } from '@recon/contract';
