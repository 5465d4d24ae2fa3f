import { z } from 'zod';
import { FILTER_OPERATORS } from './constants.ts';
import { calendarDateSchema } from './dates.ts';

// General ledger (spec 2 §7 "General ledger", decisions 0034 and 0035): a GL configuration is a list of config
// items, each a ledger line (an account) whose balance is the OPEN amount of some data sources' rows (filtered
// with the spec's operators), on its side (DEBIT or CREDIT) with its sign. Figures are as on a date: a row is open
// on day D when it is dated on or before D, was loaded UNRECONCILED and was not closed by the end of D.

export const GL_SIDES = ['DEBIT', 'CREDIT'] as const;
export type GlSide = (typeof GL_SIDES)[number];
/** The upper bounds (days, inclusive) of the ageing buckets; the last bucket is everything older. */
export const GL_DEFAULT_AGEING_BUCKETS: readonly number[] = [7, 15, 30, 60, 90];
export const GL_NAME_MAX = 100;
export const GL_MAX_ITEMS = 100;

export const GL_TEXTS = {
  created: 'Successfully Created',
  updated: 'Successfully Updated',
  deleted: 'GL Config Deleted',
  notFound: 'GL configuration not found',
  itemNotFound: 'Config item not found',
  nameRequired: 'GL name is required',
  nameTooLong: `GL name must be at most ${GL_NAME_MAX} characters`,
  nameTaken: 'A GL configuration with this name already exists',
  itemsRequired: 'Add at least one config item',
  itemNameRequired: 'Every config item needs a name',
  itemSourcesRequired: 'Every config item needs at least one data source',
  bucketsInvalid: 'Ageing buckets must be whole days in increasing order, greater than 0',
  dateInvalid: 'Enter a valid date (YYYY-MM-DD)',
  fromAfterAsOn: 'The from date must not be after the as on date',
  startAfterEnd: 'The start date must not be after the end date',
  booksClosed: 'Books closed',
  reopenSent: 'Reopening the books was sent for approval',
  reopenPending: 'A request to reopen these books is already waiting for approval',
  notClosed: 'The books of this GL configuration are not closed',
  closeBeforeCurrent: 'The books are already closed up to a later date',
  refreshed: 'GL refreshed',
  downloadStarted: 'Your Download will start shortly',
  sourceNotInItem: 'This data source is not part of the config item',
} as const;

export const glSourceNotFound = (id: number) => `Data source ${id} not found in this product`;
export const glColumnNotFound = (column: string, source: string) => `Column ${column} is not a column of ${source}`;
export const glAmountNotNumber = (column: string) => `Column ${column} is not an amount column`;
/** The refusal of a change to rows or runs inside a closed period (decision 0035). */
export const closedPeriodRefusal = (source: string, until: string) =>
  `The books of ${source} are closed up to ${until}: rows dated on or before that day cannot be changed. Reopen the books first.`;

const day = calendarDateSchema(GL_TEXTS.dateInvalid);

export const glFilterSchema = z.object({
  field: z.string().trim().min(1),
  operator: z.enum(FILTER_OPERATORS),
  /** None for IS_NULL / IS_NOT_NULL, two for BETWEEN / NOT_BETWEEN, one or more for IN / NOT_IN. */
  values: z.array(z.string()).default([]),
});
export type GlFilter = z.infer<typeof glFilterSchema>;

export const glItemSourceSaveSchema = z.object({
  dataSourceId: z.number().int().positive(),
  amountColumn: z.string().trim().min(1),
  filters: z.array(glFilterSchema).default([]),
});
export const glItemSaveSchema = z.object({
  id: z.number().int().positive().nullish(),
  name: z.string().default(''),
  side: z.enum(GL_SIDES),
  sign: z.union([z.literal(1), z.literal(-1)]).default(1),
  sources: z.array(glItemSourceSaveSchema).default([]),
});
export const glConfigSaveSchema = z.object({
  glName: z.string().default(''),
  ageingBuckets: z.array(z.number().int()).nullish(),
  items: z.array(glItemSaveSchema).max(GL_MAX_ITEMS).default([]),
});
export type GlConfigSave = z.infer<typeof glConfigSaveSchema>;

export const glItemSourceSchema = z.object({
  dataSourceId: z.number().int(),
  dataSourceName: z.string(),
  reconName: z.string(),
  amountColumn: z.string(),
  /** The day each row is dated by (the data source's first date column, else when it was loaded). */
  dateColumn: z.string(),
  filters: z.array(glFilterSchema),
});
export const glItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  side: z.enum(GL_SIDES),
  sign: z.number().int(),
  sequence: z.number().int(),
  sources: z.array(glItemSourceSchema),
});
export type GlItem = z.infer<typeof glItemSchema>;
export const glConfigSchema = z.object({
  id: z.number().int(),
  glName: z.string(),
  ageingBuckets: z.array(z.number().int()),
  /** Books closed up to this day (inclusive), or null. */
  closedUntil: z.string().nullable(),
  /** The approval request waiting to reopen the books, if any. */
  reopenApprovalId: z.number().int().nullable(),
  items: z.array(glItemSchema),
  lastRefresh: z.object({ asOnDate: z.string(), at: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GlConfig = z.infer<typeof glConfigSchema>;
export const glConfigsResponseSchema = z.object({ data: z.array(glConfigSchema) });

export const glCloseBooksBodySchema = z.object({ closeDate: day });
export const glReopenBooksBodySchema = z.object({ reason: z.string().trim().max(500).nullish() });
export const glBooksAnswerSchema = z.object({
  message: z.string(),
  approvalId: z.number().int().nullable(),
  config: glConfigSchema,
});

/** Amounts are exact decimals as text, 2 places (paise), e.g. "-1250.50". */
const money = z.string();

export const glReportQuerySchema = z.object({ asOnDate: day, fromDate: day.optional() });
export const glReportSourceLineSchema = z.object({
  dataSourceId: z.number().int(),
  dataSourceName: z.string(),
  balance: money,
  openCount: z.number().int(),
});
export const glReportLineSchema = z.object({
  itemId: z.number().int(),
  name: z.string(),
  side: z.enum(GL_SIDES),
  sign: z.number().int(),
  /** sign × the open amount. */
  balance: money,
  /** The balance in the debit or credit column (a negative balance shows on the other side). */
  debit: money,
  credit: money,
  openCount: z.number().int(),
  sources: z.array(glReportSourceLineSchema),
});
export const glReportSchema = z.object({
  glConfigId: z.number().int(),
  glName: z.string(),
  asOnDate: z.string(),
  fromDate: z.string().nullable(),
  lines: z.array(glReportLineSchema),
  totals: z.object({ debit: money, credit: money, difference: money }),
});
export type GlReport = z.infer<typeof glReportSchema>;

export const glPeriodQuerySchema = z.object({ startDate: day, endDate: day });
export const glSummaryLineSchema = z.object({
  itemId: z.number().int(),
  name: z.string(),
  side: z.enum(GL_SIDES),
  /** Open as on the day before startDate. */
  opening: money,
  /** Rows dated inside the period. */
  added: money,
  /** Closed during the period: opening + added − closing. */
  cleared: money,
  /** Open as on endDate. */
  closing: money,
});
export const glSummarySchema = z.object({
  glConfigId: z.number().int(),
  glName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  lines: z.array(glSummaryLineSchema),
  totals: z.object({ opening: money, added: money, cleared: money, closing: money }),
});
export type GlSummary = z.infer<typeof glSummarySchema>;

export const glAgeingBucketSchema = z.object({
  label: z.string(),
  fromDays: z.number().int(),
  toDays: z.number().int().nullable(),
});
export const glAgeingCellSchema = z.object({ amount: money, count: z.number().int() });
export const glAgeingSchema = z.object({
  glConfigId: z.number().int(),
  glName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  buckets: z.array(glAgeingBucketSchema),
  lines: z.array(
    z.object({
      itemId: z.number().int(),
      name: z.string(),
      side: z.enum(GL_SIDES),
      cells: z.array(glAgeingCellSchema),
      total: glAgeingCellSchema,
    }),
  ),
  totals: z.object({ cells: z.array(glAgeingCellSchema), total: glAgeingCellSchema }),
});
export type GlAgeing = z.infer<typeof glAgeingSchema>;

export const glItemParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  itemId: z.coerce.number().int().positive(),
});
export const glRefreshParamsSchema = z.object({ glConfigId: z.coerce.number().int().positive() });
export const glItemTransactionsQuerySchema = z.object({
  dataSourceId: z.coerce.number().int().positive(),
  asOnDate: day,
  fromDate: day.optional(),
  start: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(1000).default(20),
  draw: z.coerce.number().int().default(0),
});
export const glItemTransactionSchema = z.object({
  id: z.number().int(),
  date: z.string().nullable(),
  amount: money,
  ageDays: z.number().int().nullable(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export const glItemTransactionsSchema = z.object({
  draw: z.number().int(),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
  columns: z.array(z.string()),
  data: z.array(glItemTransactionSchema),
});

export const glRefreshSchema = z.object({
  snapshotId: z.number().int(),
  message: z.string(),
  report: glReportSchema,
});

export const GL_DOWNLOAD_FORMATS = ['CSV', 'XLSX'] as const;
export const glReportDownloadQuerySchema = z.object({
  asOnDate: day,
  fromDate: day.optional(),
  downloadAgeingReport: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /** Config item ids, comma-separated; all items when absent. */
  itemsToDownload: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'itemsToDownload: config item ids separated by commas')
    .optional(),
  format: z.enum(GL_DOWNLOAD_FORMATS).default('XLSX'),
});
export const glSummaryDownloadQuerySchema = glPeriodQuerySchema.extend({
  format: z.enum(GL_DOWNLOAD_FORMATS).default('XLSX'),
});

/** The export view a GL download request stores (download_request.query). */
export type GlDownloadView =
  | {
      kind: 'GL_REPORT';
      glConfigId: number;
      asOnDate: string;
      fromDate: string | null;
      ageing: boolean;
      itemIds: number[] | null;
    }
  | { kind: 'GL_SUMMARY'; glConfigId: number; startDate: string; endDate: string };

/** Bucket labels from their upper bounds: [7, 15] → 0-7, 8-15, 15+. */
export function glBucketsOf(bounds: readonly number[]): { label: string; fromDays: number; toDays: number | null }[] {
  const out: { label: string; fromDays: number; toDays: number | null }[] = [];
  let from = 0;
  for (const b of bounds) {
    out.push({ label: `${from}-${b}`, fromDays: from, toDays: b });
    from = b + 1;
  }
  out.push({ label: `${bounds[bounds.length - 1] ?? 0}+`, fromDays: from, toDays: null });
  return out;
}

/** Whether bucket bounds are usable: at least one, whole, positive, strictly increasing. */
export function areGlBucketsValid(bounds: readonly number[]): boolean {
  return (
    bounds.length > 0 && bounds.length <= 12 && bounds.every((b, i) => b > 0 && (i === 0 || b > (bounds[i - 1] ?? 0)))
  );
}

/** The data sources a config item may read (GET /v2/glconfigurations?Find=DataSources), for the editor. */
export const glDataSourcesSchema = z.object({
  data: z.array(
    z.object({
      dataSourceId: z.number().int(),
      name: z.string(),
      reconName: z.string(),
      dateColumn: z.string(),
      columns: z.array(z.object({ name: z.string(), dataType: z.string(), isAmount: z.boolean() })),
    }),
  ),
});
export type GlDataSources = z.infer<typeof glDataSourcesSchema>;
