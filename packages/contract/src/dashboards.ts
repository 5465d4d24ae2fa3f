import { z } from 'zod';

// Dashboards and dashlets (spec 1 "Dashboard" navigation; issue 15; decision 0037). A dashlet is one figure of the
// module: a kind computed on a recon's rows (or on the module's job runs), a chart type and a few parameters. A
// dashboard arranges dashlets on a 12-column grid. Figures are a small table (columns and rows) that the charts,
// the table view and the DASHLET downloads all read.

export const DASHLET_KINDS = ['MATCH_RATE', 'OPEN_BY_AGE', 'TREND', 'TOP_BREAKS', 'RUNS', 'REPORT'] as const;
export type DashletKind = (typeof DASHLET_KINDS)[number];
export const DASHLET_CHARTS = ['NUMBER', 'BAR', 'LINE', 'PIE', 'TABLE'] as const;
export type DashletChart = (typeof DASHLET_CHARTS)[number];

/**
 * Kinds read from a recon's rows (a recon is required); RUNS reads the module's job executions; REPORT shows the first
 * rows of one of the module's report configs (decision 0036) run with its saved filter values.
 */
export const RECON_DASHLET_KINDS: readonly DashletKind[] = ['MATCH_RATE', 'OPEN_BY_AGE', 'TREND', 'TOP_BREAKS'];
/** The chart each kind starts with in the editor. */
export const DEFAULT_DASHLET_CHART: Record<DashletKind, DashletChart> = {
  MATCH_RATE: 'NUMBER',
  OPEN_BY_AGE: 'BAR',
  TREND: 'LINE',
  TOP_BREAKS: 'TABLE',
  RUNS: 'BAR',
  REPORT: 'TABLE',
};
/** Open rows by age: upper bounds in days of the buckets 0-7, 8-15, 16-30, 31-60, 61-90, 90+ (as the GL ageing). */
export const DASHLET_AGE_BUCKETS: readonly number[] = [7, 15, 30, 60, 90];
export const DASHLET_DEFAULT_DAYS = 30;
export const DASHLET_MAX_DAYS = 366;
export const DASHLET_DEFAULT_LIMIT = 10;
export const DASHLET_MAX_LIMIT = 50;
/** REPORT: the report's first rows shown (in the report's sort). */
export const DASHLET_REPORT_MAX_LIMIT = 100;
export const DASHBOARD_NAME_MAX = 100;
export const DASHBOARD_MAX_DASHLETS = 24;
export const DASHBOARD_GRID_COLUMNS = 12;
/** The name of the dashboard a module gets when it has none (its recons' health). */
export const DEFAULT_DASHBOARD_NAME = 'Recon health';

export const DASHBOARD_TEXTS = {
  dashletCreated: 'Dashlet created',
  dashletUpdated: 'Dashlet updated',
  dashletDeleted: 'Dashlet deleted',
  dashboardCreated: 'Dashboard created',
  dashboardUpdated: 'Dashboard updated',
  dashboardDeleted: 'Dashboard deleted',
  layoutSaved: 'Layout saved',
  dashletNotFound: 'Dashlet not found',
  dashboardNotFound: 'Dashboard not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${DASHBOARD_NAME_MAX} characters`,
  dashletNameTaken: 'A dashlet with this name already exists',
  dashboardNameTaken: 'A dashboard with this name already exists',
  reconRequired: 'Choose a recon',
  reconNotFound: 'Recon not found in this module',
  dataSourceRequired: 'Choose the data source whose column groups the breaks',
  dataSourceNotInRecon: 'The data source is not part of the recon',
  columnRequired: 'Choose the column that groups the breaks',
  columnNotFound: 'The column is not a column of the data source',
  dashletInUse: 'The dashlet is on a dashboard: take it off the dashboard first',
  dashletsRequired: 'Add at least one dashlet',
  tooManyDashlets: `A dashboard holds at most ${DASHBOARD_MAX_DASHLETS} dashlets`,
  layoutInvalid: 'Each dashlet needs a place inside the 12 columns of the grid',
  dashletTwice: 'A dashlet can be placed once on a dashboard',
  reportRequired: 'Choose a report',
  reportNotFound: 'Report not found',
  limitTooLarge: `Show at most ${DASHLET_MAX_LIMIT} groups`,
} as const;

export const dashletParametersSchema = z.object({
  /** TREND and RUNS: the last N days (today included); MATCH_RATE: rows dated in the last N days (none: all). */
  days: z.number().int().min(1).max(DASHLET_MAX_DAYS).nullish(),
  /** TOP_BREAKS: the data source and the column whose values group the open rows. */
  dataSourceId: z.number().int().positive().nullish(),
  column: z.string().trim().max(200).nullish(),
  /** TOP_BREAKS: how many groups (at most DASHLET_MAX_LIMIT); REPORT: how many of the report's first rows. */
  limit: z.number().int().min(1).max(DASHLET_REPORT_MAX_LIMIT).nullish(),
  /** REPORT: the module's report config shown. */
  reportConfigId: z.number().int().positive().nullish(),
});
export type DashletParameters = z.infer<typeof dashletParametersSchema>;

export const dashletSaveSchema = z.object({
  name: z.string().default(''),
  kind: z.enum(DASHLET_KINDS),
  reconId: z.number().int().positive().nullish(),
  chartType: z.enum(DASHLET_CHARTS),
  parameters: dashletParametersSchema.default({}),
});
export type DashletSave = z.input<typeof dashletSaveSchema>;

export const dashletSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(DASHLET_KINDS),
  reconId: z.number().int().nullable(),
  reconName: z.string().nullable(),
  /** REPORT: the name of the report config shown. */
  reportName: z.string().nullish(),
  chartType: z.enum(DASHLET_CHARTS),
  parameters: dashletParametersSchema,
  /** Dashboards showing it. */
  dashboardCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Dashlet = z.infer<typeof dashletSchema>;
export const dashletsResponseSchema = z.object({ data: z.array(dashletSchema) });

/** A column of a dashlet's figures: its kind says how to show (and export) the values. */
export const FIGURE_COLUMN_KINDS = ['label', 'count', 'money', 'percent'] as const;
export const dashletFigureColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(FIGURE_COLUMN_KINDS),
});
/** Money as exact text with 2 decimals ("-1250.50"), counts as integers, percents as text with 2 decimals. */
export const dashletFiguresSchema = z.object({
  kind: z.enum(DASHLET_KINDS),
  chartType: z.enum(DASHLET_CHARTS),
  title: z.string(),
  /** The day the figures are for (UTC), and when they were worked out. */
  asOnDate: z.string(),
  columns: z.array(dashletFigureColumnSchema),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  /**
   * The headline (MATCH_RATE: the rate; REPORT: its first row's first aggregate (else first number) on a NUMBER
   * chart, none otherwise; the others: the total of the main column).
   */
  headline: z.object({ label: z.string(), value: z.string() }).nullable(),
});
export type DashletFigures = z.infer<typeof dashletFiguresSchema>;

export const dashboardPlacementSchema = z.object({
  dashletId: z.number().int().positive(),
  x: z
    .number()
    .int()
    .min(0)
    .max(DASHBOARD_GRID_COLUMNS - 1),
  y: z.number().int().min(0).max(1000),
  w: z.number().int().min(1).max(DASHBOARD_GRID_COLUMNS),
  h: z.number().int().min(1).max(24),
});
export type DashboardPlacement = z.infer<typeof dashboardPlacementSchema>;

export const dashboardSaveSchema = z.object({
  name: z.string().default(''),
  layout: z.array(dashboardPlacementSchema).default([]),
});
export type DashboardSave = z.input<typeof dashboardSaveSchema>;
export const dashboardLayoutBodySchema = z.object({ layout: z.array(dashboardPlacementSchema) });

export const dashboardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The module's default dashboard (made on first visit when it had none). */
  isDefault: z.boolean(),
  layout: z.array(dashboardPlacementSchema.extend({ dashlet: dashletSchema })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardsResponseSchema = z.object({
  data: z.array(dashboardSchema.omit({ layout: true }).extend({ dashletCount: z.number().int() })),
});
export type DashboardSummary = z.infer<typeof dashboardsResponseSchema>['data'][number];

/** The DASHLET download view (POST /v2/dashletdownloads with reportType DASHLET): the dashlet to export. */
export const dashletDownloadViewSchema = z.object({ dashletId: z.coerce.number().int().positive() });
