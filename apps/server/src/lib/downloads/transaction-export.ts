import {
  type ByTabQuery,
  byTabQuerySchema,
  DOWNLOAD_TEXTS,
  type DownloadScope,
  EXPORT_FIELD_HEADERS,
  TAB_STATUSES,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TEXTS,
  type TransactionTab,
} from '@recon/contract';
import type { Db } from '@recon/db';
import { columnHeading } from '@recon/formats';
import { quoteIdent } from '@recon/recon-engine';
import { type RawBuilder, sql } from 'kysely';
import { AppError, validation } from '@/lib/app-error.ts';
import {
  kindOfColumn,
  type TransactionSource,
  transactionViewSql,
  viewOfByTabQuery,
} from '@/lib/recon/transaction-query.ts';
import { isDataSourceOfModule, reconSources } from '@/lib/recon/transaction-sources.ts';
import { type ExportColumn, type ExportPlan, outputColumn } from './export-plan.ts';
import { exportValueSql } from './formula-escape.ts';

/**
 * A Transactions view as a file: the rows GET /v2/transactions?Find=ByTab lists for the same query (tab, date
 * range, status filter, column filters, order), every page of them, through the same query builder
 * (lib/recon/transaction-query.ts), with the columns of the chosen scope.
 */

type SystemField = { expr: RawBuilder<unknown>; kind: ExportColumn['kind']; join?: 'rule' | 'file' };

/** A status as the tabs label it (web features/transactions/status.ts): "RELAX_MATCH" → "Relax match". */
const STATUS_LABELS: Readonly<Record<string, string>> = { ...TRANSACTION_STATUS_LABELS, DUPLICATE: 'Duplicate' };
function statusLabelSql(status: RawBuilder<unknown>): RawBuilder<unknown> {
  const whens = Object.entries(STATUS_LABELS).map(([code, label]) => sql`WHEN ${sql.lit(code)} THEN ${sql.lit(label)}`);
  return sql`CASE ${status} ${sql.join(whens, sql` `)} ELSE ${status} END`;
}

// Joins get their own aliases: the view's FROM may already join recon_rule rr / uploaded_file f for a filter.
const SYSTEM_FIELDS: Readonly<Record<string, SystemField>> = {
  _id: { expr: sql`r._id`, kind: 'number' },
  _status: { expr: statusLabelSql(sql`coalesce(s.status, r._recon_status)`), kind: 'text' },
  _match_id: { expr: sql`s.match_id`, kind: 'number' },
  _rule_name: { expr: sql`x_rule.name`, kind: 'text', join: 'rule' },
  _reconciled_at: { expr: sql`s.reconciled_at`, kind: 'timestamp' },
  _reason: { expr: sql`s.reason`, kind: 'text' },
  _file_name: { expr: sql`x_file.original_name`, kind: 'text', join: 'file' },
  _loaded_at: { expr: sql`r._loaded_at`, kind: 'timestamp' },
};
/** ALL_COLUMNS adds these after the table's own columns. */
const ALL_COLUMNS_FIELDS = ['_status', '_match_id'] as const;

export type TransactionExport = {
  plan: ExportPlan;
  /** Names for the file: recon, data source, tab. */
  nameParts: string[];
  tab: TransactionTab;
};

/** The Find=ByTab query of a view; its problems are the list call's 400s. */
export function readByTabQuery(view: Record<string, string>): ByTabQuery & Record<string, unknown> {
  const parsed = byTabQuerySchema.safeParse(view);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({
    field: i.path.length > 0 ? `view.${i.path.join('.')}` : 'view',
    defaultMessage: i.message,
  }));
  throw new AppError('VALIDATION', errors[0]?.defaultMessage ?? DOWNLOAD_TEXTS.viewRequired, errors);
}

/** The recon's data source, told apart as the list call does: another module's is 404, another recon's 400. */
async function sourceOf(db: Db, moduleId: number, reconId: number, dataSourceId: number) {
  const recon = await reconSources(db, moduleId, reconId);
  if (!recon) throw new AppError('NOT_FOUND', TRANSACTION_TEXTS.reconNotFound);
  const source = recon.sources.find((s) => s.dataSourceId === dataSourceId);
  if (source) return { recon, source };
  if (await isDataSourceOfModule(db, moduleId, dataSourceId)) {
    throw validation(TRANSACTION_TEXTS.dataSourceNotInRecon, 'dataSourceId');
  }
  throw new AppError('NOT_FOUND', TRANSACTION_TEXTS.dataSourceNotFound);
}

/** The column names of a scope, checked against the data table's catalog and the row fields. */
async function columnNamesOf(
  db: Db,
  source: TransactionSource,
  scope: DownloadScope,
  custom: readonly string[] | undefined,
): Promise<string[]> {
  if (scope === 'ALL_COLUMNS') return [...source.columns.map((c) => c.name), ...ALL_COLUMNS_FIELDS];
  if (scope === 'CONFIGURED_COLUMNS') {
    const elements = await db
      .selectFrom('data_element')
      .select('name')
      .where('data_source_id', '=', source.dataSourceId)
      .where('active', '=', true)
      .orderBy('sequence')
      .orderBy('id')
      .execute();
    const names = elements.map((e) => e.name).filter((n) => source.columns.some((c) => c.name === n));
    if (names.length === 0) throw validation(DOWNLOAD_TEXTS.noConfiguredColumns, 'scope');
    return [...new Set(names)];
  }
  const names = [...new Set(custom ?? [])];
  if (names.length === 0) throw validation(DOWNLOAD_TEXTS.columnsRequired, 'columns');
  for (const name of names) {
    const isKnown = Object.hasOwn(SYSTEM_FIELDS, name) || source.columns.some((c) => c.name === name);
    if (!isKnown) throw validation(DOWNLOAD_TEXTS.unknownColumn(name), 'columns');
  }
  return names;
}

function columnOf(
  source: TransactionSource,
  name: string,
): ExportColumn & { expr: RawBuilder<unknown>; join?: string } {
  const field = Object.hasOwn(SYSTEM_FIELDS, name) ? SYSTEM_FIELDS[name] : undefined;
  if (field) return { name, header: EXPORT_FIELD_HEADERS[name] ?? name, ...field };
  const column = source.columns.find((c) => c.name === name);
  if (!column) throw new Error(`export column ${name} is not in the catalog`);
  const kind = kindOfColumn(column);
  // Money (DOUBLE / FLOAT, stored as exact numeric) gets 2 decimals; INT / BIGINT stay whole numbers.
  const isAmount = kind === 'number' && (column.isMoney || column.dataType === 'DOUBLE' || column.dataType === 'FLOAT');
  return {
    name,
    header: columnHeading(name),
    kind: isAmount ? 'amount' : kind,
    expr: sql`r.${sql.raw(quoteIdent(column.name))}`,
  };
}

/**
 * Checks a TRANSACTIONS request against the module's recons and the catalog and plans its rows. Called when
 * the request is made (so a bad view is a 400 at once) and again by the worker (the catalog may have moved).
 */
export async function planTransactionExport(
  db: Db,
  moduleId: number,
  request: { view: Record<string, string>; scope: DownloadScope; columns?: readonly string[] },
): Promise<TransactionExport> {
  const query = readByTabQuery(request.view);
  const { recon, source } = await sourceOf(db, moduleId, query.reconId, query.dataSourceId);
  const view = viewOfByTabQuery(source, query);
  const columns = (await columnNamesOf(db, source, request.scope, request.columns)).map((n) => columnOf(source, n));
  const joins = new Set(columns.flatMap((c) => (c.join ? [c.join] : [])));
  const tabStatuses = TAB_STATUSES[query.tab];
  const plan: ExportPlan = {
    columns: columns.map(({ name, header, kind }) => ({ name, header, kind })),
    select: ({ format }) => {
      const parts = transactionViewSql(view, tabStatuses);
      const list = columns.map((c, i) => sql`${exportValueSql(c.kind, c.expr, format)} AS ${sql.raw(outputColumn(i))}`);
      const extraJoins = sql.raw(
        `${joins.has('rule') ? ' LEFT JOIN recon_rule x_rule ON x_rule.id = s.rule_id' : ''}${
          joins.has('file') ? ' LEFT JOIN uploaded_file x_file ON x_file.id = r._file_id' : ''
        }`,
      );
      return sql`SELECT ${sql.join(list)} FROM ${parts.from}${extraJoins} WHERE ${parts.where} ORDER BY ${parts.orderBy}`;
    },
  };
  return { plan, nameParts: [recon.name, source.dataSourceName, query.tab], tab: query.tab };
}
