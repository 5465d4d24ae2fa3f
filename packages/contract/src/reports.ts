import { z } from 'zod';
import { FILTER_CONNECTORS, FILTER_OPERATORS } from './constants.ts';
import { DOWNLOAD_FORMATS } from './downloads.ts';
import { pagedAnswerSchema, pagedQuerySchema } from './paging.ts';

// Reports (spec 1 Reports › reports-execution and report-config-list; spec 2 `GET /v2/reports?start=0`,
// `GET /v2/scheduleSqlQuerys`, job types REPORT and REPORT_GROUP, filter operators and connectors; decision 0036).
// A report config reads one data source's rows: the columns shown (label, order), filters with the spec's operators
// joined by AND / OR, optional grouping with aggregates, and a sort. Running it makes a report execution whose
// results are read page by page from the rows themselves (nothing is copied).

export const REPORT_AGGREGATES = ['COUNT', 'SUM', 'MIN', 'MAX', 'AVG'] as const;
export type ReportAggregate = (typeof REPORT_AGGREGATES)[number];
export const REPORT_SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export const REPORT_EXECUTION_STATUSES = ['RUNNING', 'COMPLETED', 'FAILED'] as const;
export type ReportExecutionStatus = (typeof REPORT_EXECUTION_STATUSES)[number];
export const REPORT_TRIGGERS = ['MANUAL', 'JOB'] as const;

export const REPORT_NAME_MAX = 100;
export const REPORT_DESCRIPTION_MAX = 500;
export const REPORT_MAX_COLUMNS = 100;
export const REPORT_MAX_FILTERS = 50;
/** Rows of the editor's preview. */
export const REPORT_PREVIEW_ROWS = 20;

/**
 * The row fields a report may show or filter besides the data source's own columns (the Transactions views' names;
 * `_status` is the row's effective status).
 */
export const REPORT_ROW_FIELDS: Record<string, string> = {
  _id: 'Row Id',
  _status: 'Status',
  _match_id: 'Match Id',
  _reconciled_at: 'Reconciled At',
  _loaded_at: 'Loaded At',
};

export const REPORT_TEXTS = {
  created: 'Successfully Created',
  updated: 'Successfully Updated',
  deleted: 'Report Deleted',
  notFound: 'Report not found',
  executionNotFound: 'Report execution not found',
  groupNotFound: 'Report group not found',
  groupDeleted: 'Report Group Deleted',
  nameRequired: 'Report name is required',
  nameTooLong: `Report name must be at most ${REPORT_NAME_MAX} characters`,
  nameTaken: 'A report with this name already exists',
  descriptionTooLong: `Description must be at most ${REPORT_DESCRIPTION_MAX} characters`,
  dataSourceRequired: 'Choose a data source',
  columnsRequired: 'Choose at least one column',
  columnTwice: (field: string) => `Column ${field} is chosen twice`,
  labelRequired: 'Every column needs a label',
  notGrouped: (field: string) => `Column ${field} must be grouped or removed when the report groups its rows`,
  aggregateNeedsColumn: (fn: string) => `${fn} needs a column`,
  aggregateNotNumber: (fn: string, field: string) => `${fn} needs a number column: ${field} is not one`,
  sortNotShown: (column: string) => `The report is sorted by ${column}, which it does not show`,
  groupNameRequired: 'Group name is required',
  groupNameTaken: 'A report group with this name already exists',
  groupReportsRequired: 'Add at least one report to the group',
  dynamicValueMissing: (field: string) => `Enter a value for the filter on ${field}`,
  filterIndexUnknown: (index: number) => `The report has no dynamic filter ${index + 1}`,
  runFailed: 'The report could not be run',
  downloadStarted: 'Your Download will start shortly',
  inUseByGroups: (groups: string) => `The report is part of the report groups ${groups}: remove it from them first`,
  inUseByDashlets: (dashlets: string) => `The report is shown by the dashlets ${dashlets}: delete them first`,
  inUseByJobs: (jobs: string) => `The report is run by the jobs ${jobs}: remove it from their activities first`,
  groupInUseByJobs: (jobs: string) =>
    `The report group is run by the jobs ${jobs}: remove it from their activities first`,
} as const;
export const reportSourceNotFound = (id: number) => `Data source ${id} not found in this product`;
export const reportColumnNotFound = (column: string, source: string) => `Column ${column} is not a column of ${source}`;

export const reportColumnSchema = z.object({
  field: z.string().trim().min(1).max(200),
  label: z.string().max(200).default(''),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportFilterSchema = z.object({
  field: z.string().trim().min(1).max(200),
  operator: z.enum(FILTER_OPERATORS),
  /** None for IS_NULL / IS_NOT_NULL, two for BETWEEN / NOT_BETWEEN, one or more for IN / NOT_IN. */
  values: z.array(z.string().max(1000)).max(500).default([]),
  /** How this filter joins the ones before it (the first filter's is ignored); AND binds before OR, as in SQL. */
  connector: z.enum(FILTER_CONNECTORS).default('AND'),
  /** Asked at run time (the saved values are the default answer). */
  dynamic: z.boolean().default(false),
});
export type ReportFilter = z.infer<typeof reportFilterSchema>;

export const reportAggregateSchema = z.object({
  function: z.enum(REPORT_AGGREGATES),
  /** The column added up; null for COUNT of rows. */
  field: z.string().trim().min(1).max(200).nullish(),
  label: z.string().max(200).default(''),
});
export type ReportAggregateSpec = z.infer<typeof reportAggregateSchema>;

export const reportSortSchema = z.object({
  /** A shown column's field, or an aggregate's label. */
  column: z.string().trim().min(1).max(200),
  direction: z.enum(REPORT_SORT_DIRECTIONS).default('ASC'),
});

export const reportDefinitionSchema = z.object({
  dataSourceId: z.number().int().positive().nullish(),
  columns: z.array(reportColumnSchema).max(REPORT_MAX_COLUMNS).default([]),
  filters: z.array(reportFilterSchema).max(REPORT_MAX_FILTERS).default([]),
  groupBy: z.array(z.string().trim().min(1).max(200)).max(REPORT_MAX_COLUMNS).default([]),
  aggregates: z.array(reportAggregateSchema).max(REPORT_MAX_COLUMNS).default([]),
  sort: z.array(reportSortSchema).max(REPORT_MAX_COLUMNS).default([]),
});
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;

export const reportSaveSchema = reportDefinitionSchema.extend({
  name: z.string().default(''),
  description: z.string().nullish(),
});
export type ReportSave = z.input<typeof reportSaveSchema>;
export type ReportSaveBody = z.infer<typeof reportSaveSchema>;

export const reportConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  dataSourceId: z.number().int(),
  dataSourceName: z.string(),
  reconName: z.string(),
  columns: z.array(z.object({ field: z.string(), label: z.string() })),
  filters: z.array(
    z.object({
      field: z.string(),
      operator: z.enum(FILTER_OPERATORS),
      values: z.array(z.string()),
      connector: z.enum(FILTER_CONNECTORS),
      dynamic: z.boolean(),
    }),
  ),
  groupBy: z.array(z.string()),
  aggregates: z.array(
    z.object({ function: z.enum(REPORT_AGGREGATES), field: z.string().nullable(), label: z.string() }),
  ),
  sort: z.array(z.object({ column: z.string(), direction: z.enum(REPORT_SORT_DIRECTIONS) })),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastRun: z
    .object({ id: z.number().int(), status: z.enum(REPORT_EXECUTION_STATUSES), startedAt: z.string() })
    .nullable(),
});
export type ReportConfig = z.infer<typeof reportConfigSchema>;

/** GET /v2/reports?start=0: a DataTables page of the module's report configs (search over name and description). */
export const reportsQuerySchema = pagedQuerySchema;
export const reportsResponseSchema = pagedAnswerSchema(reportConfigSchema);

export const reportDataSourcesSchema = z.object({
  data: z.array(
    z.object({
      dataSourceId: z.number().int(),
      name: z.string(),
      reconName: z.string(),
      columns: z.array(
        z.object({
          name: z.string(),
          /** The header a column gets by default. */
          label: z.string(),
          kind: z.enum(['number', 'text', 'date', 'timestamp', 'status']),
        }),
      ),
    }),
  ),
});
export type ReportDataSources = z.infer<typeof reportDataSourcesSchema>;

/** One output column of a report's results: `kind` says how the web shows it (numbers right-aligned). */
export const reportResultColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['number', 'amount', 'text', 'date', 'timestamp', 'status']),
});
export type ReportResultColumn = z.infer<typeof reportResultColumnSchema>;
/** Values as text (exact numbers; SUM / AVG with 2 decimals), null for none. */
export const reportResultRowSchema = z.array(z.string().nullable());

export const reportPreviewSchema = z.object({
  columns: z.array(reportResultColumnSchema),
  rows: z.array(reportResultRowSchema),
});
export type ReportPreview = z.infer<typeof reportPreviewSchema>;

/** The values of the dynamic filters for one run, by the filter's position in the report's filters. */
export const reportRunBodySchema = z.object({
  filterValues: z
    .array(z.object({ index: z.number().int().min(0), values: z.array(z.string().max(1000)).max(500) }))
    .max(REPORT_MAX_FILTERS)
    .default([]),
});
export type ReportRunBody = z.input<typeof reportRunBodySchema>;

export const reportExecutionSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int().nullable(),
  reportName: z.string(),
  status: z.enum(REPORT_EXECUTION_STATUSES),
  trigger: z.enum(REPORT_TRIGGERS),
  /** Who ran it; null for a job. */
  runBy: z.string().nullable(),
  jobExecutionId: z.number().int().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** Rows of the result (groups when the report groups). */
  rowCount: z.number().int().nullable(),
  /** The filters as the run applied them (dynamic ones with the values given). */
  filters: reportConfigSchema.shape.filters,
  error: z.string().nullable(),
});
export type ReportExecution = z.infer<typeof reportExecutionSchema>;

export const reportExecutionsQuerySchema = pagedQuerySchema.extend({
  reportId: z.coerce.number().int().positive().optional(),
});
export const reportExecutionsResponseSchema = pagedAnswerSchema(reportExecutionSchema);

export const reportExecutionParamsSchema = z.object({ executionId: z.coerce.number().int().positive() });
export const reportResultsQuerySchema = pagedQuerySchema;
export const reportResultsSchema = pagedAnswerSchema(reportResultRowSchema).extend({
  columns: z.array(reportResultColumnSchema),
});
export type ReportResults = z.infer<typeof reportResultsSchema>;

export const reportDownloadQuerySchema = z.object({ format: z.enum(DOWNLOAD_FORMATS).default('XLSX') });
/** What a REPORT download request keeps as its view: the execution whose results it writes. */
export type ReportDownloadView = { executionId: number };

/** A saved group of report configs (GET /v2/scheduleSqlQuerys): what a REPORT_GROUP activity runs, in order. */
export const reportGroupSaveSchema = z.object({
  name: z.string().default(''),
  reportIds: z.array(z.number().int().positive()).max(REPORT_MAX_COLUMNS).default([]),
});
export type ReportGroupSave = z.input<typeof reportGroupSaveSchema>;
export const reportGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  reports: z.array(z.object({ id: z.number().int(), name: z.string() })),
  updatedAt: z.string(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;
export const reportGroupsResponseSchema = z.object({ data: z.array(reportGroupSchema) });
