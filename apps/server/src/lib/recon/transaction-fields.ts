import { type DataType, LOADED_AT_DATE_COLUMN, TRANSACTION_TEXTS } from '@recon/contract';
import { quoteIdent, type ValueKind } from '@recon/recon-engine';
import { type RawBuilder, sql } from 'kysely';
import { validation } from '@/lib/app-error.ts';
import { valueKindOf } from './recon-input.ts';

/**
 * What a Transactions view can name of a row: the data source's columns (from the data table's catalog, quoted)
 * and the row's own fields (`_id`, `_status`, `_match_id`, …), each with its SQL, its kind of value and what it
 * needs joined.
 */

export type SourceColumn = { name: string; dataType: DataType; isMoney: boolean };

export type TransactionSource = {
  reconId: number;
  dataSourceId: number;
  dataSourceName: string;
  side: 'A' | 'B' | null;
  dataTableId: number;
  /** Physical names in recon_data (unquoted). */
  table: string;
  stateTable: string;
  columns: readonly SourceColumn[];
};

export type Kind = 'number' | 'text' | 'date' | 'timestamp' | 'status';
/** What a field needs besides the data table: its state row (`s`), and through it the rule (`rr`), or its file. */
export type Join = 'state' | 'rule' | 'file';
export type Field = { expr: RawBuilder<unknown>; kind: Kind; join?: Join };

const SYSTEM_FIELDS: Readonly<Record<string, Field>> = {
  _id: { expr: sql`r._id`, kind: 'number' },
  _status: { expr: sql`coalesce(s.status, r._recon_status)`, kind: 'status', join: 'state' },
  _match_id: { expr: sql`s.match_id`, kind: 'number', join: 'state' },
  _rule_name: { expr: sql`rr.name`, kind: 'text', join: 'rule' },
  _reconciled_at: { expr: sql`s.reconciled_at`, kind: 'timestamp', join: 'state' },
  _reason: { expr: sql`s.reason`, kind: 'text', join: 'state' },
  _file_name: { expr: sql`f.original_name`, kind: 'text', join: 'file' },
  _loaded_at: { expr: sql`r._loaded_at`, kind: 'timestamp' },
};

export function kindOfColumn(c: SourceColumn): ValueKind {
  return valueKindOf(c.dataType, c.isMoney);
}

/** A field the client may name: a column of the data table, or one of the row's system fields. */
export function fieldOf(source: TransactionSource, name: string): Field | null {
  if (Object.hasOwn(SYSTEM_FIELDS, name)) return SYSTEM_FIELDS[name] ?? null;
  const column = source.columns.find((c) => c.name === name);
  return column ? { expr: sql`r.${sql.raw(quoteIdent(column.name))}`, kind: kindOfColumn(column) } : null;
}

/** The DATE / DATETIME columns of the data source, in catalog order: the first is the default range column. */
export function dateColumnsOf(source: Pick<TransactionSource, 'columns'>): string[] {
  return source.columns.filter((c) => c.dataType === 'DATE' || c.dataType === 'DATETIME').map((c) => c.name);
}

/** The date column a view filters on: the one asked for (checked), else the first date column, else loading. */
export function resolveDateColumn(source: TransactionSource, asked: string | undefined): string {
  const dates = dateColumnsOf(source);
  if (asked === undefined) return dates[0] ?? LOADED_AT_DATE_COLUMN;
  if (asked === LOADED_AT_DATE_COLUMN || dates.includes(asked)) return asked;
  throw validation(TRANSACTION_TEXTS.dateColumnInvalid, 'dateColumn');
}
