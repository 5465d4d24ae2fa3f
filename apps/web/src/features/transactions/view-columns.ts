import type { DataType, TransactionDataSource } from '@recon/contract';
import type { TransactionTab } from '@recon/contract/nav';
import type { CellType } from '@/features/transactions/cell-format';
import { leadingColumns } from '@/lib/leading-columns';

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

/** The data columns a finance user reads first: reference, date, amount, debit or credit (lib/leading-columns). */
export function leadingDataColumns(dataSource: TransactionDataSource): string[] {
  return leadingColumns(dataSource.columns, dataSource.dateColumns);
}

/**
 * The columns of a tab: reference, date, amount and debit/credit first (what a row is), then its status and how it
 * was closed (group, rule or person, reason), the data source's other columns in element order, then when.
 */
export function viewColumns(dataSource: TransactionDataSource): ViewColumn[] {
  const data = dataSource.columns.map(
    (c): ViewColumn => ({
      key: c.name,
      isField: false,
      kind: kindOfType(c.type, c.isMoney),
      cell: { type: c.type, isMoney: c.isMoney },
      isShownAtFirst: c.isShown,
    }),
  );
  const lead = leadingDataColumns(dataSource);
  const byKey = new Map(data.map((c) => [c.key, c]));
  return [
    ...lead.flatMap((key) => byKey.get(key) ?? []),
    { key: '_status', isField: true, kind: 'status' },
    ...LEADING.map((f): ViewColumn => ({ key: f.key, isField: true, kind: FIELD_KINDS[f.key] })),
    ...data.filter((c) => !lead.includes(c.key)),
    ...TRAILING.map((f): ViewColumn => ({ key: f.key, isField: true, kind: FIELD_KINDS[f.key] })),
  ];
}

/** The columns pinned (fixed on the left) until the person chooses: the reference, the date and the amount. */
export function pinnedAtFirst(dataSource: TransactionDataSource): string[] {
  const amount = dataSource.columns.find((c) => c.isShown && c.isMoney)?.name;
  const lead = leadingDataColumns(dataSource);
  return amount ? lead.slice(0, lead.indexOf(amount) + 1) : [];
}

/** The columns in the order shown: the pinned ones first (in their order), then the rest. */
export function pinnedFirst<T extends { key: string }>(columns: readonly T[], pinned: readonly string[]): T[] {
  const isPinned = (c: T) => pinned.includes(c.key);
  return [...columns.filter(isPinned), ...columns.filter((c) => !isPinned(c))];
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
