import { z } from 'zod';
import { DATA_TYPES } from './data-tables.ts';
import { calendarDateSchema } from './dates.ts';
import { TRANSACTION_TABS, type TransactionTab } from './nav.ts';
import { pagedAnswerSchema, pagedQuerySchema } from './paging.ts';
import type { PrivilegeCode, PrivilegeRule } from './privileges.ts';
import { TOLERANCE_TYPES } from './rules.ts';

// The Transactions area (spec 1 navigation, issue 4): a recon's rows by tab, a matched group, global search,
// the mapped row and the recon mapping. Actions on rows are in transaction-actions.ts.

/**
 * The statuses a row of a recon's data source can have in these views: what the engine or a person set, or
 * UNRECONCILED while open. Rows loaded as DUPLICATE belong to Transactions › Pipeline › Duplicates.
 */
export const TRANSACTION_STATUSES = [
  'RECONCILED',
  'RELAX_MATCH',
  'PARTIAL_RECONCILED',
  'PROPOSE_MATCH',
  'UNRECONCILED',
  'SAME_SIDE_REVERSAL',
  'LATE_REVERSAL',
  'KNOCK_OFF',
  'DUPLICATE_MATCH',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  RECONCILED: 'Reconciled',
  RELAX_MATCH: 'Relax match',
  PARTIAL_RECONCILED: 'Partial reconciled',
  PROPOSE_MATCH: 'Proposed match',
  UNRECONCILED: 'Unreconciled',
  SAME_SIDE_REVERSAL: 'Same side reversal',
  LATE_REVERSAL: 'Late reversal',
  KNOCK_OFF: 'Knock off',
  DUPLICATE_MATCH: 'Duplicate match',
};

/** The statuses each tab shows; the status filter narrows within them. */
export const TAB_STATUSES: Record<TransactionTab, readonly TransactionStatus[]> = {
  all: TRANSACTION_STATUSES,
  reconciled: ['RECONCILED', 'RELAX_MATCH', 'PARTIAL_RECONCILED', 'PROPOSE_MATCH'],
  unreconciled: ['UNRECONCILED'],
  reversal: ['SAME_SIDE_REVERSAL', 'LATE_REVERSAL'],
  knockoff: ['KNOCK_OFF'],
  'duplicate-match': ['DUPLICATE_MATCH'],
};

/** Spec 1: each tab is shown to holders of its privilege, and its rows are served only to them. */
export const TAB_PRIVILEGES: Record<TransactionTab, PrivilegeCode> = {
  all: 'allTransactions',
  reconciled: 'reconciledTransaction',
  unreconciled: 'unReconciledTransaction',
  reversal: 'reversal',
  knockoff: 'knockOff',
  'duplicate-match': 'reconDuplicate',
};

/**
 * Reading a recon's sides and columns, a matched group and an explanation: whoever sees any transactions tab
 * or the mapped row (and viewRecons, the code of transaction downloads).
 */
export const TRANSACTION_READERS: PrivilegeRule = {
  anyOf: [...Object.values(TAB_PRIVILEGES), 'viewMappedRow', 'viewRecons'],
};

/** The tab that shows a status: its privilege is what an action on rows of that status needs. */
export function tabOfStatus(status: string): TransactionTab | null {
  for (const tab of TRANSACTION_TABS) {
    if (tab !== 'all' && (TAB_STATUSES[tab] as readonly string[]).includes(status)) return tab;
  }
  return null;
}

/**
 * Fields of a row besides the data source's own columns, as `columns[i][data]` names them. They start with `_`,
 * which a data table column never does, so they can never be taken for one.
 */
export const TRANSACTION_FIELDS = [
  '_id',
  '_status',
  '_match_id',
  '_rule_name',
  '_reconciled_at',
  '_reason',
  '_file_name',
  '_loaded_at',
] as const;
export type TransactionField = (typeof TRANSACTION_FIELDS)[number];

/** The date column meaning "the day the row was loaded", for data sources without a date column of their own. */
export const LOADED_AT_DATE_COLUMN = '_loaded_at';

/** Global search: at least this many characters, and at most this many rows per data source. */
export const GLOBAL_SEARCH_MIN_LENGTH = 3;
export const GLOBAL_SEARCH_MAX_LENGTH = 100;
export const GLOBAL_SEARCH_ROWS_PER_DATA_SOURCE = 20;

export const TRANSACTION_TEXTS = {
  tabRequired: 'tab is required',
  reconRequired: 'Recon is required',
  dataSourceRequired: 'Data source is required',
  rowRequired: 'rowId is required',
  reconNotFound: 'Recon not found',
  dataSourceNotFound: 'Data source not found',
  dataSourceNotInRecon: 'The data source is not a side of this recon',
  rowNotFound: 'Transaction not found',
  groupNotFound: 'Matched group not found',
  dateInvalid: 'Dates must be written YYYY-MM-DD',
  dateRangeInvalid: 'From date must be on or before To date',
  dateColumnInvalid: 'The date column must be a DATE or DATETIME column of the data source',
  statusNotInTab: 'The status filter must name statuses of this tab',
  searchTooShort: `Type at least ${GLOBAL_SEARCH_MIN_LENGTH} characters to search`,
  searchTooLong: `Search for at most ${GLOBAL_SEARCH_MAX_LENGTH} characters`,
} as const;

/** Messages about one column filter name the column and what is wrong with its value. */
export const filterValueMessage = (column: string, problem: string) => `Filter on ${column}: ${problem}`;
export const FILTER_PROBLEMS = {
  unknownOperator: (operator: string) => `"${operator}" is not a filter operator`,
  valueRequired: 'enter a value',
  notNumber: (value: string) => `"${value}" is not a number`,
  notDate: (value: string) => `"${value}" is not a date (YYYY-MM-DD)`,
  notDateTime: (value: string) => `"${value}" is not a date (YYYY-MM-DD) or date and time (YYYY-MM-DD HH:mm)`,
  betweenTwoValues: 'Between takes two values separated by a comma',
  unknownStatus: (value: string) => `"${value}" is not a status`,
} as const;

const isoDay = calendarDateSchema(TRANSACTION_TEXTS.dateInvalid);
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

export const TRANSACTION_FINDS = [
  'ByTab',
  'ByTabCount',
  'Recons',
  'GlobalSearch',
  'MappedRow',
  'ReconMapping',
  'Periods',
] as const;

/** GET /v2/transactions: one query schema for the OpenAPI page; each Find is parsed with its own below. */
export const transactionsQuerySchema = pagedQuerySchema.extend({
  Find: z
    .enum(TRANSACTION_FINDS)
    .describe(
      'ByTab: a DataTables page of one data source in one tab. ByTabCount: the exact counts of the same query. Recons: the recons with their sides and columns. GlobalSearch: one reference across every data source. MappedRow: one row and its group. ReconMapping: which column of side A each rule compares with which of side B. Periods: the dates of the latest run and of the latest files of a recon.',
    ),
  tab: z.enum(TRANSACTION_TABS).optional(),
  reconId: z.string().optional(),
  dataSourceId: z.string().optional(),
  rowId: z.string().optional(),
  fromDate: z.string().optional().describe('YYYY-MM-DD, inclusive'),
  toDate: z.string().optional().describe('YYYY-MM-DD, inclusive'),
  dateColumn: z.string().optional().describe('A DATE / DATETIME column of the data source, or _loaded_at'),
  status: z.string().optional().describe('Comma-separated statuses of the tab'),
  count: z.enum(['exact', 'capped']).optional().describe('ByTab: exact counts (default), or capped past 10,000'),
  value: z.string().optional().describe('GlobalSearch: the reference'),
});

export const byTabQuerySchema = pagedQuerySchema.extend({
  tab: z.enum(TRANSACTION_TABS, { error: TRANSACTION_TEXTS.tabRequired }),
  reconId: id(TRANSACTION_TEXTS.reconRequired),
  dataSourceId: id(TRANSACTION_TEXTS.dataSourceRequired),
  fromDate: isoDay.optional(),
  toDate: isoDay.optional(),
  dateColumn: z.string().trim().min(1).optional(),
  status: z.string().optional(),
  /**
   * exact (the default): recordsTotal / recordsFiltered are exact. capped: counting stops past 10,000 (the page of
   * a large table answers at once; isCountCapped says so and Find=ByTabCount gives the exact figures).
   */
  count: z.enum(['exact', 'capped']).default('exact'),
});
export type ByTabQuery = z.infer<typeof byTabQuerySchema>;

export const reconMappingQuerySchema = z.object({ reconId: id(TRANSACTION_TEXTS.reconRequired) });
export const reconPeriodsQuerySchema = z.object({
  reconId: id(TRANSACTION_TEXTS.reconRequired),
  dateColumn: z.string().trim().min(1).optional(),
});
export const mappedRowQuerySchema = z.object({
  reconId: id(TRANSACTION_TEXTS.reconRequired),
  dataSourceId: id(TRANSACTION_TEXTS.dataSourceRequired),
  rowId: id(TRANSACTION_TEXTS.rowRequired),
});
export const globalSearchQuerySchema = z.object({
  value: z
    .string({ error: TRANSACTION_TEXTS.searchTooShort })
    .trim()
    .min(GLOBAL_SEARCH_MIN_LENGTH, TRANSACTION_TEXTS.searchTooShort)
    .max(GLOBAL_SEARCH_MAX_LENGTH, TRANSACTION_TEXTS.searchTooLong),
});

/** A column of a data source as these views show it: its type, money or not, and whether it is shown at first. */
export const transactionColumnSchema = z.object({
  name: z.string(),
  type: z.enum(DATA_TYPES),
  isMoney: z.boolean(),
  /** An active data element of the data source (others are hidden until chosen). */
  isShown: z.boolean(),
});
export type TransactionColumn = z.infer<typeof transactionColumnSchema>;

export const transactionDataSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  side: z.enum(['A', 'B']).nullable(),
  columns: z.array(transactionColumnSchema),
  /** DATE / DATETIME columns, the first being the default of the date range. */
  dateColumns: z.array(z.string()),
});
export type TransactionDataSource = z.infer<typeof transactionDataSourceSchema>;

export const transactionReconSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  dataSources: z.array(transactionDataSourceSchema),
});
export type TransactionRecon = z.infer<typeof transactionReconSchema>;
export const transactionReconsResponseSchema = z.object({ data: z.array(transactionReconSchema) });

/** One row: the data source's columns as text (money exact, dates ISO) and its recon state. */
export const transactionRowSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  matchId: z.number().int().nullable(),
  ruleId: z.number().int().nullable(),
  ruleName: z.string().nullable(),
  /** The kind of run that closed the row (ENGINE for a rule, MANUAL_MATCH, KNOCK_OFF…), null while open. */
  closedBy: z.string().nullable(),
  /** Who closed it by hand (manual match, knock off, accept), null for the engine. */
  closedByUser: z.string().nullable(),
  reconciledAt: z.string().nullable(),
  reason: z.string().nullable(),
  fileId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  loadedAt: z.string(),
  values: z.record(z.string(), z.string().nullable()),
  /** The tickets raised on the row (My Jobs › Tickets), oldest first; given by the tab lists. */
  ticketIds: z.array(z.number().int()).optional(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

export const transactionsPageSchema = pagedAnswerSchema(transactionRowSchema).extend({
  /** The date column and the range the rows were read for. */
  dateColumn: z.string(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  /** When nothing of the tab is in the range: the latest date of the tab's rows, so the page can offer it. */
  latestDate: z.string().nullable(),
  /** count=capped and more than 10,000 rows: the counts say 10,001 ("more than 10,000"). */
  isCountCapped: z.boolean(),
});
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

/** Find=ByTabCount: the exact DataTables counts of a ByTab query. */
export const transactionCountsSchema = z.object({ recordsTotal: z.number().int(), recordsFiltered: z.number().int() });
export type TransactionCounts = z.infer<typeof transactionCountsSchema>;
/** A span of days (YYYY-MM-DD, inclusive) on each side's date column (the one asked where the side has it). */
const periodSpanSchema = z.object({ fromDate: z.string(), toDate: z.string() });
/**
 * Find=Periods: the days a recon's rows cover, for the period presets of the Recon section. latestRun: the rows
 * loaded by the latest job execution that loaded files into the recon's sides; wholeFile: the rows of each side's
 * latest loaded file. null when nothing was loaded (or its rows have no date).
 */
export const reconPeriodsSchema = z.object({
  latestRun: periodSpanSchema.extend({ jobExecutionId: z.number().int() }).nullable(),
  wholeFile: periodSpanSchema.extend({ fileNames: z.array(z.string()) }).nullable(),
});
export type ReconPeriods = z.infer<typeof reconPeriodsSchema>;

/** Counts of count=capped stop past this. */
export const TRANSACTION_COUNT_CAP = 10_000;

export const groupRowSchema = transactionRowSchema.extend({
  side: z.enum(['A', 'B']).nullable(),
  dataSourceId: z.number().int(),
  dataSourceName: z.string(),
});
export type GroupRow = z.infer<typeof groupRowSchema>;

/** GET /v2/transactions/group/{matchId}: every row of a matched group, side A first. */
export const transactionGroupSchema = z.object({
  matchId: z.number().int(),
  reconId: z.number().int(),
  rows: z.array(groupRowSchema),
});
export type TransactionGroup = z.infer<typeof transactionGroupSchema>;
export const groupQuerySchema = z.object({ reconId: id(TRANSACTION_TEXTS.reconRequired) });
export const groupParamsSchema = z.object({ matchId: z.coerce.number().int().positive() });

export const mappedRowResponseSchema = z.object({ row: groupRowSchema, group: transactionGroupSchema.nullable() });
export type MappedRow = z.infer<typeof mappedRowResponseSchema>;

export const globalSearchHitSchema = groupRowSchema.extend({
  reconId: z.number().int(),
  reconName: z.string(),
  /** The text columns whose value equals or starts with the reference. */
  matchedColumns: z.array(z.string()),
});
export type GlobalSearchHit = z.infer<typeof globalSearchHitSchema>;
export const globalSearchResponseSchema = z.object({
  data: z.array(globalSearchHitSchema),
  /** Data sources with more rows than the cap: only the first ones are listed. */
  cappedDataSourceIds: z.array(z.number().int()),
});
export type GlobalSearchResponse = z.infer<typeof globalSearchResponseSchema>;

const mappedColumnSchema = z.object({
  dataSourceId: z.number().int(),
  column: z.string(),
  /** `args`: the named arguments (extract's pattern and group …), absent for transforms without any. */
  transforms: z.array(
    z.object({
      type: z.string(),
      argument: z.number().nullable(),
      args: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
    }),
  ),
  aggregation: z.string().nullable(),
});
/** One column of side A compared with one of side B, and the rules that do it. */
export const reconMappingRowSchema = z.object({
  columnA: z.string(),
  columnB: z.string(),
  rules: z.array(
    z.object({
      ruleId: z.number().int(),
      ruleName: z.string(),
      ruleType: z.string(),
      enabled: z.boolean(),
      ruleSequence: z.number().int(),
      conditionSequence: z.number().int(),
      operator: z.string(),
      tolerance: z.number().nullable(),
      /** PERCENT: the tolerance is a percentage of the side A value; absent or null: an amount (or days). */
      toleranceType: z.enum(TOLERANCE_TYPES).nullable().optional(),
      a: mappedColumnSchema,
      b: mappedColumnSchema,
    }),
  ),
});
export type ReconMappingRow = z.infer<typeof reconMappingRowSchema>;
export const reconMappingResponseSchema = z.object({
  reconId: z.number().int(),
  reconName: z.string(),
  sideA: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  sideB: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  data: z.array(reconMappingRowSchema),
});
export type ReconMapping = z.infer<typeof reconMappingResponseSchema>;
