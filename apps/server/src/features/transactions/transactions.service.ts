import {
  type ByTabQuery,
  GLOBAL_SEARCH_ROWS_PER_DATA_SOURCE,
  type GlobalSearchResponse,
  type GroupRow,
  LOADED_AT_DATE_COLUMN,
  type MappedRow,
  type ReconMapping,
  type ReconMappingRow,
  type ReconPeriods,
  TAB_STATUSES,
  TRANSACTION_TEXTS,
  type TransactionCounts,
  type TransactionGroup,
  type TransactionRecon,
  type TransactionsPage,
} from '@recon/contract';
import type { FeatureContext } from '@/deps.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import {
  dateColumnsOf,
  resolveDateColumn,
  type TransactionSource,
  viewOfByTabQuery,
} from '@/lib/recon/transaction-query.ts';
import { COUNT_CAP, type TransactionRecord, toTransactionRow } from '@/lib/recon/transaction-rows.ts';
import {
  isDataSourceOfModule,
  moduleReconSources,
  type ReconSources,
  reconSources,
} from '@/lib/recon/transaction-sources.ts';
import * as q from './transactions.queries.ts';

/** The recon (404 outside the module) and one of its data sources (404 outside the module, 400 another recon's). */
export async function sourceOf(
  ctx: FeatureContext,
  moduleId: number,
  reconId: number,
  dataSourceId: number,
): Promise<{ recon: ReconSources; source: TransactionSource }> {
  const recon = await reconSources(ctx.db, moduleId, reconId);
  if (!recon) throw new AppError('NOT_FOUND', TRANSACTION_TEXTS.reconNotFound);
  const source = recon.sources.find((s) => s.dataSourceId === dataSourceId);
  if (source) return { recon, source };
  if (await isDataSourceOfModule(ctx.db, moduleId, dataSourceId)) {
    throw validation(TRANSACTION_TEXTS.dataSourceNotInRecon, 'dataSourceId');
  }
  throw new AppError('NOT_FOUND', TRANSACTION_TEXTS.dataSourceNotFound);
}

/** Find=ByTab: one page of a data source's rows in a tab, with DataTables counts (exact, or capped on request). */
export async function listByTab(
  ctx: FeatureContext,
  moduleId: number,
  query: ByTabQuery & Record<string, unknown>,
): Promise<TransactionsPage> {
  const { source } = await sourceOf(ctx, moduleId, query.reconId, query.dataSourceId);
  const tabStatuses = TAB_STATUSES[query.tab];
  const view = viewOfByTabQuery(source, query);
  const cap = query.count === 'capped' ? COUNT_CAP : undefined;
  const [page, { total, filtered }] = await Promise.all([
    q.tabPageOf(ctx.db, view, { start: query.start, length: query.length }, tabStatuses),
    q.tabCountsOf(ctx.db, view, tabStatuses, cap),
  ]);
  const latest = total === 0 && view.date ? await q.latestDateOf(ctx.db, view, tabStatuses) : null;
  // The tickets raised on the page's rows (decision 0025): one indexed look-up per page.
  const tickets = await q.ticketIdsOfRows(
    ctx.db,
    source.dataSourceId,
    page.map((r) => r._id),
  );
  const rows = page.map((r) => ({ ...toTransactionRow(r, source.columns), ticketIds: tickets.get(r._id) ?? [] }));
  return {
    ...pagedList(query, { total, filtered, rows }),
    dateColumn: view.date?.column ?? resolveDateColumn(source, query.dateColumn),
    fromDate: query.fromDate ?? null,
    toDate: query.toDate ?? null,
    latestDate: latest,
    isCountCapped: cap !== undefined && total > cap,
  };
}

/** Find=ByTabCount: the exact counts of a ByTab query (the list asks them after a capped page). */
export async function countByTab(
  ctx: FeatureContext,
  moduleId: number,
  query: ByTabQuery & Record<string, unknown>,
): Promise<TransactionCounts> {
  const { source } = await sourceOf(ctx, moduleId, query.reconId, query.dataSourceId);
  const tabStatuses = TAB_STATUSES[query.tab];
  const counts = await q.tabCountsOf(ctx.db, viewOfByTabQuery(source, query), tabStatuses);
  return { recordsTotal: counts.total, recordsFiltered: counts.filtered };
}

/** The union of some day spans (null when none). */
function unionOf(spans: readonly ({ fromDate: string; toDate: string } | null)[]) {
  const known = spans.filter((s) => s !== null);
  if (known.length === 0) return null;
  // ISO days sort as text.
  const froms = known.map((s) => s.fromDate).sort();
  const tos = known.map((s) => s.toDate).sort();
  return { fromDate: froms[0] as string, toDate: tos[tos.length - 1] as string };
}

/**
 * Find=Periods: the days of the recon's latest run (the rows its job execution loaded into either side) and of
 * each side's latest file, on the date column asked for where a side has it, else on the side's default one.
 */
export async function periods(
  ctx: FeatureContext,
  moduleId: number,
  query: { reconId: number; dateColumn?: string | undefined },
): Promise<ReconPeriods> {
  const { reconId, dateColumn } = query;
  const recon = await reconSources(ctx.db, moduleId, reconId);
  if (!recon) throw new AppError('NOT_FOUND', TRANSACTION_TEXTS.reconNotFound);
  const tableIds = [...new Set(recon.sources.map((s) => s.dataTableId))];
  const [run, latestFiles] = await Promise.all([
    q.latestRunFilesOf(ctx.db, moduleId, tableIds),
    q.latestFilesOf(ctx.db, moduleId, tableIds),
  ]);
  const spanOver = (files: readonly { id: number; dataTableId: number }[]) =>
    Promise.all(
      recon.sources.map((s) =>
        q.daySpanOf(
          ctx.db,
          s,
          dateColumn === LOADED_AT_DATE_COLUMN || (dateColumn && dateColumnsOf(s).includes(dateColumn))
            ? dateColumn
            : resolveDateColumn(s, undefined),
          files.filter((f) => f.dataTableId === s.dataTableId).map((f) => f.id),
        ),
      ),
    ).then(unionOf);
  const [runSpan, fileSpan] = await Promise.all([spanOver(run?.files ?? []), spanOver(latestFiles)]);
  return {
    latestRun: run && runSpan ? { ...runSpan, jobExecutionId: run.executionId } : null,
    wholeFile: fileSpan ? { ...fileSpan, fileNames: latestFiles.map((f) => f.name) } : null,
  };
}

/** Find=Recons: the module's recons, their sides and columns in the data sources' element order. */
export async function recons(ctx: FeatureContext, moduleId: number): Promise<TransactionRecon[]> {
  const all = await moduleReconSources(ctx.db, moduleId);
  const elements = await q.dataElementsOf(
    ctx.db,
    all.flatMap((r) => r.sources.map((s) => s.dataSourceId)),
  );
  return all.map((recon) => ({
    id: recon.id,
    name: recon.name,
    dataSources: recon.sources.map((s) => {
      const own = elements.filter((e) => e.data_source_id === s.dataSourceId);
      const byName = new Map(s.columns.map((c) => [c.name, c]));
      const listed = own.filter((e) => byName.has(e.name));
      const rest = s.columns.filter((c) => !listed.some((e) => e.name === c.name));
      return {
        id: s.dataSourceId,
        name: s.dataSourceName,
        side: s.side,
        columns: [
          ...listed.map((e) => {
            const c = byName.get(e.name) as TransactionSource['columns'][number];
            return { name: c.name, type: c.dataType, isMoney: c.isMoney, isShown: e.active };
          }),
          // Without elements every column is shown; columns added after the elements are hidden at first.
          ...rest.map((c) => ({ name: c.name, type: c.dataType, isMoney: c.isMoney, isShown: own.length === 0 })),
        ],
        dateColumns: dateColumnsOf(s),
      };
    }),
  }));
}

function toGroupRow(source: TransactionSource, r: TransactionRecord): GroupRow {
  return {
    ...toTransactionRow(r, source.columns),
    side: source.side,
    dataSourceId: source.dataSourceId,
    dataSourceName: source.dataSourceName,
  };
}

async function groupIn(ctx: FeatureContext, recon: ReconSources, matchId: number): Promise<TransactionGroup | null> {
  const bySource = await Promise.all(
    recon.sources.map(async (s) => (await q.groupRowsOf(ctx.db, s, matchId)).map((r) => toGroupRow(s, r))),
  );
  const rows = bySource.flat();
  return rows.length ? { matchId, reconId: recon.id, rows } : null;
}

/** GET /v2/transactions/group/{matchId}: the rows of a matched group on both sides. */
export async function group(
  ctx: FeatureContext,
  moduleId: number,
  reconId: number,
  matchId: number,
): Promise<TransactionGroup> {
  const recon = await reconSources(ctx.db, moduleId, reconId);
  if (!recon) throw new AppError('NOT_FOUND', TRANSACTION_TEXTS.reconNotFound);
  const found = await groupIn(ctx, recon, matchId);
  if (!found) throw new AppError('NOT_FOUND', TRANSACTION_TEXTS.groupNotFound);
  return found;
}

/** Find=MappedRow: one row of a data source and, when it is matched, its group. */
export async function mappedRow(
  ctx: FeatureContext,
  moduleId: number,
  p: { reconId: number; dataSourceId: number; rowId: number },
): Promise<MappedRow> {
  const { recon, source } = await sourceOf(ctx, moduleId, p.reconId, p.dataSourceId);
  const record = await q.rowById(ctx.db, source, p.rowId);
  if (!record) throw new AppError('NOT_FOUND', TRANSACTION_TEXTS.rowNotFound);
  const row = toGroupRow(source, record);
  return { row, group: row.matchId === null ? null : await groupIn(ctx, recon, row.matchId) };
}

/** Find=GlobalSearch: rows of every data source of the module whose text columns equal or start with a value. */
export async function globalSearch(
  ctx: FeatureContext,
  moduleId: number,
  value: string,
): Promise<GlobalSearchResponse> {
  const all = await moduleReconSources(ctx.db, moduleId);
  const cap = GLOBAL_SEARCH_ROWS_PER_DATA_SOURCE;
  const needle = value.toLowerCase();
  const textOf = (s: TransactionSource) =>
    s.columns.filter((c) => c.dataType === 'VARCHAR' && !c.isMoney).map((c) => c.name);
  const perSource = await Promise.all(
    all.flatMap((recon) =>
      recon.sources.map(async (s) => {
        const text = textOf(s);
        return { s, recon, text, rows: text.length ? await q.searchRows(ctx.db, s, text, value, cap + 1) : [] };
      }),
    ),
  );
  const data = perSource.flatMap(({ s, recon, text, rows }) =>
    rows.slice(0, cap).map((r) => {
      const row = toGroupRow(s, r);
      const matchedColumns = text.filter((c) => row.values[c]?.toLowerCase().startsWith(needle));
      return { ...row, reconId: recon.id, reconName: recon.name, matchedColumns };
    }),
  );
  return {
    data,
    cappedDataSourceIds: perSource.filter((p) => p.rows.length > cap).map((p) => p.s.dataSourceId),
  };
}

type StoredElement = { valueType?: string; dataSourceId?: number | null; columnName?: string | null };
type StoredCondition = {
  sequence: number;
  ruleConditionType: string;
  operator?: string;
  tolerance?: number | null;
  toleranceType?: 'AMOUNT' | 'PERCENT' | null;
  elementOne: StoredElement & {
    transforms?: { type: string; argument?: number | null; args?: Record<string, string | number | null> | null }[];
    aggregation?: string | null;
  };
  elementSecond: StoredElement & {
    transforms?: { type: string; argument?: number | null; args?: Record<string, string | number | null> | null }[];
    aggregation?: string | null;
  };
};

/** Find=ReconMapping: each column of side A a rule compares with a column of side B, with the rules doing it. */
export async function reconMapping(ctx: FeatureContext, moduleId: number, reconId: number): Promise<ReconMapping> {
  const recon = await reconSources(ctx.db, moduleId, reconId);
  if (!recon) throw new AppError('NOT_FOUND', TRANSACTION_TEXTS.reconNotFound);
  const a = recon.sources.find((s) => s.side === 'A');
  const b = recon.sources.find((s) => s.side === 'B');
  const rows = new Map<string, ReconMappingRow>();
  for (const rule of await q.rulesOf(ctx.db, reconId)) {
    for (const c of rule.conditions as StoredCondition[]) {
      const [one, two] = [c.elementOne, c.elementSecond];
      const isCrossSide =
        c.ruleConditionType === 'MATCHING' &&
        one.valueType === 'COLUMN' &&
        two.valueType === 'COLUMN' &&
        one.dataSourceId === a?.dataSourceId &&
        two.dataSourceId === b?.dataSourceId;
      if (!isCrossSide || !one.columnName || !two.columnName || !a || !b) continue;
      const key = `${one.columnName}\u0000${two.columnName}`;
      const row = rows.get(key) ?? { columnA: one.columnName, columnB: two.columnName, rules: [] };
      row.rules.push({
        ruleId: rule.id,
        ruleName: rule.name,
        ruleType: rule.rule_type,
        enabled: rule.enabled,
        ruleSequence: rule.sequence,
        conditionSequence: c.sequence,
        operator: c.operator ?? 'EQUAL',
        tolerance: c.tolerance ?? null,
        toleranceType: c.tolerance === null || c.tolerance === undefined ? null : (c.toleranceType ?? 'AMOUNT'),
        a: mapped(a.dataSourceId, one),
        b: mapped(b.dataSourceId, two),
      });
      rows.set(key, row);
    }
  }
  return {
    reconId: recon.id,
    reconName: recon.name,
    sideA: a ? { id: a.dataSourceId, name: a.dataSourceName } : null,
    sideB: b ? { id: b.dataSourceId, name: b.dataSourceName } : null,
    data: [...rows.values()],
  };
}

function mapped(dataSourceId: number, e: StoredCondition['elementOne']) {
  return {
    dataSourceId,
    column: e.columnName ?? '',
    transforms: (e.transforms ?? []).map((t) => ({
      type: t.type,
      argument: t.argument ?? null,
      ...(t.args && Object.keys(t.args).length ? { args: t.args } : {}),
    })),
    aggregation: e.aggregation ?? null,
  };
}
