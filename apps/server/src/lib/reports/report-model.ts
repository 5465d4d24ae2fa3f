import {
  type FilterOperator,
  REPORT_ROW_FIELDS,
  REPORT_TEXTS,
  type ReportAggregate,
  type ReportDefinition,
  type ReportResultColumn,
  reportColumnNotFound,
  reportSourceNotFound,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { columnHeading } from '@recon/formats';
import { validation } from '@/lib/app-error.ts';
import { type ColumnFilter, readColumnFilters, type TransactionSource } from '@/lib/recon/transaction-query.ts';
import { moduleReconSources } from '@/lib/recon/transaction-sources.ts';

/**
 * A report definition checked against its data source (decision 0036): every field named is a column of the data
 * source's table (from the catalog) or one of the row fields of REPORT_ROW_FIELDS; the filters are read and checked
 * by the Transactions views' own reader (`readColumnFilters`), so one filter language serves the Transactions
 * lists, the GL and the reports. Nothing of the request reaches SQL but through this model.
 */

export type ModelColumn = { field: string; label: string; kind: ReportResultColumn['kind'] };
export type ModelFilter = ColumnFilter & { connector: 'AND' | 'OR' };
export type ModelAggregate = {
  fn: ReportAggregate;
  field: string | null;
  label: string;
  kind: ReportResultColumn['kind'];
};
export type ModelSort = { key: { type: 'field'; field: string } | { type: 'aggregate'; index: number }; desc: boolean };

export type ReportModel = {
  source: TransactionSource;
  reconName: string;
  /** Shown columns; when grouped, the grouped columns (every shown column is grouped). */
  columns: ModelColumn[];
  filters: ModelFilter[];
  isGrouped: boolean;
  groupBy: string[];
  aggregates: ModelAggregate[];
  sort: ModelSort[];
};

export type ReportSources = Map<number, { source: TransactionSource; reconName: string }>;

/** The module's data sources a report may read (active, on a DATA table), by id, with their recon's name. */
export async function reportSourcesOf(db: Db, moduleId: number): Promise<ReportSources> {
  const recons = await moduleReconSources(db, moduleId);
  return new Map(
    recons.flatMap((r) => r.sources.map((s) => [s.dataSourceId, { source: s, reconName: r.name }] as const)),
  );
}

const MONEY_TYPES = new Set(['DOUBLE', 'FLOAT']);

/** The kind of a field the report may name, or null when it names nothing of the source. */
export function kindOfField(source: TransactionSource, field: string): ReportResultColumn['kind'] | null {
  if (Object.hasOwn(REPORT_ROW_FIELDS, field)) {
    if (field === '_status') return 'status';
    if (field === '_reconciled_at' || field === '_loaded_at') return 'timestamp';
    return 'number';
  }
  const c = source.columns.find((col) => col.name === field);
  if (!c) return null;
  if (c.isMoney || MONEY_TYPES.has(c.dataType)) return 'amount';
  if (c.dataType === 'DATE') return 'date';
  if (c.dataType === 'DATETIME') return 'timestamp';
  if (c.dataType === 'VARCHAR') return 'text';
  return 'number';
}

/** The header a field gets when the report gives none. */
export const defaultLabel = (field: string) => REPORT_ROW_FIELDS[field] ?? columnHeading(field);

const isNumber = (kind: ReportResultColumn['kind']) => kind === 'number' || kind === 'amount';

/**
 * Checks a definition against the module's data sources, in the editor's order, answering the model or a 400
 * naming the first problem. `values` of dynamic filters are those given (the saved ones, or a run's).
 */
export function checkDefinition(sources: ReportSources, def: ReportDefinition): ReportModel {
  if (!def.dataSourceId) throw validation(REPORT_TEXTS.dataSourceRequired, 'dataSourceId');
  const found = sources.get(def.dataSourceId);
  if (!found) throw validation(reportSourceNotFound(def.dataSourceId), 'dataSourceId');
  const { source } = found;
  const kindOf = (field: string, where: string) => {
    const kind = kindOfField(source, field);
    if (!kind) throw validation(reportColumnNotFound(field, source.dataSourceName), where);
    return kind;
  };

  const isGrouped = def.groupBy.length > 0 || def.aggregates.length > 0;
  if (def.columns.length === 0 && !isGrouped) throw validation(REPORT_TEXTS.columnsRequired, 'columns');
  const seen = new Set<string>();
  const columns = def.columns.map((c) => {
    const kind = kindOf(c.field, 'columns');
    if (seen.has(c.field)) throw validation(REPORT_TEXTS.columnTwice(c.field), 'columns');
    seen.add(c.field);
    return { field: c.field, label: c.label.trim() || defaultLabel(c.field), kind };
  });

  const filters = checkFilters(source, def.filters, kindOf);

  for (const g of def.groupBy) kindOf(g, 'groupBy');
  const groupBy = [...new Set(def.groupBy)];
  if (isGrouped) {
    const loose = columns.find((c) => !groupBy.includes(c.field));
    if (loose) throw validation(REPORT_TEXTS.notGrouped(loose.label), 'groupBy');
    // A grouped field not shown is shown after the chosen columns: a group is read by its values.
    for (const g of groupBy)
      if (!columns.some((c) => c.field === g))
        columns.push({ field: g, label: defaultLabel(g), kind: kindOf(g, 'groupBy') });
  }

  const aggregates = def.aggregates.map((a): ModelAggregate => {
    const field = a.field ?? null;
    if (a.function !== 'COUNT' && !field) throw validation(REPORT_TEXTS.aggregateNeedsColumn(a.function), 'aggregates');
    const fieldKind = field ? kindOf(field, 'aggregates') : 'number';
    if ((a.function === 'SUM' || a.function === 'AVG') && !isNumber(fieldKind))
      throw validation(REPORT_TEXTS.aggregateNotNumber(a.function, field ?? ''), 'aggregates');
    const kind =
      a.function === 'COUNT' ? 'number' : a.function === 'SUM' || a.function === 'AVG' ? 'amount' : fieldKind;
    const label =
      a.label.trim() || (field ? `${columnHeading(a.function.toLowerCase())} of ${defaultLabel(field)}` : 'Count');
    return { fn: a.function, field, label, kind: a.function === 'SUM' && fieldKind === 'number' ? 'number' : kind };
  });

  const sort = def.sort.map((s): ModelSort => {
    const desc = s.direction === 'DESC';
    if (columns.some((c) => c.field === s.column)) return { key: { type: 'field', field: s.column }, desc };
    const index = aggregates.findIndex((a) => a.label === s.column);
    if (index >= 0) return { key: { type: 'aggregate', index }, desc };
    throw validation(REPORT_TEXTS.sortNotShown(s.column), 'sort');
  });

  return { source, reconName: found.reconName, columns, filters, isGrouped, groupBy, aggregates, sort };
}

/** The filters read by the Transactions views' reader (operators, values by the column's kind), with connectors. */
function checkFilters(
  source: TransactionSource,
  filters: ReportDefinition['filters'],
  kindOf: (field: string, where: string) => unknown,
): ModelFilter[] {
  for (const f of filters) kindOf(f.field, 'filters');
  const query: Record<string, string> = {};
  filters.forEach((f, i) => {
    query[`columns[${i}][data]`] = f.field;
    query[`columns[${i}][search][type]`] = f.operator;
    query[`columns[${i}][search][value]`] = f.values.join(',');
  });
  const read = readColumnFilters(source, query);
  // readColumnFilters answers one filter per column in order (none is skipped: each has an operator).
  return read.map((f, i) => ({ ...f, connector: i === 0 ? 'AND' : (filters[i]?.connector ?? 'AND') }));
}

/**
 * The filters of a run: the saved ones, each dynamic one with the value given for the run (by its index among the
 * report's filters), else its saved value.
 */
export function withRunValues(
  filters: ReportDefinition['filters'],
  given: readonly { index: number; values: string[] }[],
): ReportDefinition['filters'] {
  for (const g of given) {
    if (!filters[g.index]?.dynamic) throw validation(REPORT_TEXTS.filterIndexUnknown(g.index), 'filterValues');
  }
  return filters.map((f, i) => {
    const run = given.find((g) => g.index === i);
    if (!run) return f;
    const values = run.values.map((v) => v.trim()).filter((v) => v !== '');
    if (values.length === 0 && !NO_VALUE_OPERATORS.has(f.operator))
      throw validation(REPORT_TEXTS.dynamicValueMissing(f.field), 'filterValues');
    return { ...f, values };
  });
}
const NO_VALUE_OPERATORS = new Set<FilterOperator>(['IS_NULL', 'IS_NOT_NULL']);
