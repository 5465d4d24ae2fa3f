import { z } from 'zod';
import { pagedQuerySchema } from './paging.ts';

// Schemas of the jobs calls (spec 2): a job is an ordered list of activities with four run filters.
// Running, cron, bots, export configs, additional settings and parallel configs live in jobs-*.ts.

export const JOB_ACTIVITY_TYPES = [
  'PIPE_LINE',
  'RECON',
  'GL_EXECUTION',
  'REPORT_GROUP',
  'REPORT',
  'DATA_PRE_PROCESSING',
  'COMMISSION_CALCULATION',
  'BULK_PROCESSOR',
  'BOT',
  'DATA_MIGRATION',
  'FETCH_EXPORT_REPORT',
  'CREATE_EXPORT_REPORT',
  'EMAIL_FETCH',
] as const;
export type JobActivityType = (typeof JOB_ACTIVITY_TYPES)[number];

/**
 * Activity types that run without a chosen target (every other non-bulk type needs `activity.typeId`). EMAIL_FETCH
 * without an email parsing rule fetches for every active rule of the module.
 */
export const JOB_ACTIVITY_TYPES_WITHOUT_TARGET: readonly JobActivityType[] = ['DATA_PRE_PROCESSING', 'EMAIL_FETCH'];

export const JOB_BULK_PROCESSOR_TYPES = [
  { value: 'UPI_DISPUTE_RAISE', label: 'UPI dispute raise' },
  { value: 'UPI_DISPUTE_ACTION', label: 'UPI dispute action' },
  { value: 'BULK_KNOCK_OFF', label: 'Bulk Knock-Off' },
] as const;
/** bulkProcessorApprovalRefEntityName of every bulk activity; its entity id is the selected product (module). */
export const BULK_PROCESSOR_APPROVAL_ENTITY = 'Module';

/** Sources a PIPE_LINE activity can pull from (the selector is enabled only for PIPE_LINE). */
export const JOB_PIPELINE_SOURCES = [
  'RAZORPAY',
  'PAYU',
  'PAYTM',
  'FILE',
  'CASHFREE',
  'OCI',
  'MICROSOFT_D_365',
  'SHOPIFY',
  'MYNTRA',
  'MYNTRA_PRODUCT_LISTINGS',
  'FLIPKART_ORDER_API',
  'EASEBUZZ',
  'SHIPROCKET',
  'UNICOMMERCE',
  'SQL_LOADER',
  'GOLDEN_GATE',
] as const;

export const JOB_SCHEDULE_TYPES = ['MANUAL', 'CRON'] as const;
export type JobScheduleType = (typeof JOB_SCHEDULE_TYPES)[number];
export const JOB_CRON_STATES = ['SCHEDULED', 'PAUSED', 'TERMINATED'] as const;
export type JobCronState = (typeof JOB_CRON_STATES)[number];

/** The four run filters of a job, with the ids and labels the edit screen shows. */
export const JOB_FILTERS = [
  { id: 1, name: 'SHOW_DATE_RANGE', dataType: 'DATE', label: 'Manually Choose Date Range' },
  { id: 2, name: 'SHOULD_RUN_BATCH_WISE', dataType: 'BOOLEAN', label: 'Run Batch Wise' },
  { id: 3, name: 'SHOULD_RUN_CYCLE_WISE', dataType: 'BOOLEAN', label: 'Run Cycle Wise' },
  { id: 4, name: 'SHOW_BATCH_NUMBER_TIME_MAPPING', dataType: 'BOOLEAN', label: 'Show Batch Number Time Mapping' },
] as const;
export type JobFilterName = (typeof JOB_FILTERS)[number]['name'];
export const JOB_FILTER_NAMES = JOB_FILTERS.map((f) => f.name) as readonly JobFilterName[];

export const JOB_NAME_MAX = 50;
export const JOB_RETRIES_MAX = 10;
export const JOB_RETRY_INTERVAL_MAX_MINUTES = 1440;

export const JOB_TEXTS = {
  saved: 'Job saved successfully',
  created: 'New job created successfully',
  atLeastOneActivity: 'Please provide atleast one activity',
  missingActivity: 'Missing activity name or type',
  // Trailing space as the spec writes it.
  missingBulkType: 'Missing bulk processor type ',
  nameTooLong: "Number of characters in Job name can't exceed 50",
  selectDashboard: 'Please select dashboard.',
  nameRequired: 'Job name is required',
  nameTaken: 'A job with this name already exists',
  idRequired: 'Job id is required',
  notFound: 'Job not found',
  moduleMismatch: 'The job must belong to the selected product',
  retriesRange: `Number of retries must be between 0 and ${JOB_RETRIES_MAX}`,
  intervalRange: `Retry interval must be between 0 and ${JOB_RETRY_INTERVAL_MAX_MINUTES} minutes`,
  cronRequired: 'Cron expression is required',
  cronInvalid: 'Invalid cron expression',
} as const;

export const unknownActivityType = (sequence: number, type: string) =>
  `Activity ${sequence}: unknown activity type ${type}`;
export const unknownPipelineSource = (sequence: number, source: string) =>
  `Activity ${sequence}: unknown pipeline source ${source}`;
export const unknownBulkProcessorType = (sequence: number, type: string) =>
  `Activity ${sequence}: unknown bulk processor type ${type}`;
export const activityTargetNotFound = (sequence: number, what: string, id: number) =>
  `Activity ${sequence}: ${what} ${id} not found`;
export const unknownJobFilter = (name: string) => `Unknown job filter ${name}`;

// ---- save request (lenient: the ordered checks below give the spec's messages, not zod's) ----

const looseRecord = z.record(z.string(), z.unknown());

export const jobActivityInputSchema = z.object({
  /** An existing activity of this job keeps its id (and its execution history link) when sent back. */
  id: z.number().int().positive().nullish(),
  sequence: z.number().int().nullish(),
  enabled: z.boolean().nullish(),
  type: z.string().nullish(),
  activity: z
    .object({
      typeId: z.number().int().positive().nullish(),
      /** Removed by the client before sending; ignored by the server (names are read from the target). */
      name: z.string().nullish(),
      pipelineSource: z.string().nullish(),
      integrationAuthId: z.number().int().nullish(),
      jobConfiguration: looseRecord.nullish(),
      additionalInfo: looseRecord.nullish(),
    })
    .nullish(),
  bulkProcessorActivityDetails: z
    .object({
      bulkProcessorType: z.string().nullish(),
      bulkProcessorApprovalRefEntityName: z.string().nullish(),
      bulkProcessorApprovalRefEntityId: z.number().int().nullish(),
    })
    .nullish(),
  disputeActivity: looseRecord.nullish(),
});
export type JobActivityInput = z.infer<typeof jobActivityInputSchema>;

export const jobFilterInputSchema = z.object({
  filterName: z.object({ id: z.number().int().nullish(), dataType: z.string().nullish(), name: z.string() }),
  enabled: z.boolean().nullish(),
});

export const jobSaveRequestSchema = z.object({
  id: z.number().int().positive().nullish(),
  name: z.string().nullish(),
  description: z.string().max(1000).nullish(),
  noOfRetrial: z.number().int().nullish(),
  retrialInterval: z.number().int().nullish(),
  scheduleType: z.enum(JOB_SCHEDULE_TYPES).nullish(),
  cronExpression: z.string().nullish(),
  moduleId: z.number().int().nullish(),
  eventName: z.string().nullish(),
  dashboardId: z.number().int().positive().nullish(),
  fileApprovalEnabled: z.boolean().nullish(),
  activities: z.array(jobActivityInputSchema).nullish(),
  jobFilters: z.array(jobFilterInputSchema).nullish(),
  dataSources: z.unknown().optional(),
  conflictJobs: z.unknown().optional(),
  reconId: z.unknown().optional(),
});
export type JobSaveRequest = z.infer<typeof jobSaveRequestSchema>;

/** What the ordered save checks read; the web's form model and the request both fit it. */
export type JobSaveCheckInput = {
  name?: string | null;
  dashboardId?: number | null;
  fileApprovalEnabled?: boolean | null;
  activities?:
    | readonly {
        type?: string | null;
        activity?: { typeId?: number | null } | null;
        bulkProcessorActivityDetails?: { bulkProcessorType?: string | null } | null;
      }[]
    | null;
};

/**
 * The spec's job-save checks, in its order; answers the first failing message or null. The web runs it
 * before sending (nothing is sent on failure); the server runs it again.
 */
export function validateJobSave(job: JobSaveCheckInput): string | null {
  const activities = job.activities ?? [];
  if (activities.length === 0) return JOB_TEXTS.atLeastOneActivity;
  const isBulk = (a: (typeof activities)[number]) => a.type === 'BULK_PROCESSOR';
  const needsNoTarget = (type: string) => (JOB_ACTIVITY_TYPES_WITHOUT_TARGET as readonly string[]).includes(type);
  if (activities.some((a) => !isBulk(a) && (!a.type || (!a.activity?.typeId && !needsNoTarget(a.type))))) {
    return JOB_TEXTS.missingActivity;
  }
  if (activities.some((a) => isBulk(a) && !a.bulkProcessorActivityDetails?.bulkProcessorType)) {
    return JOB_TEXTS.missingBulkType;
  }
  if ((job.name ?? '').length > JOB_NAME_MAX) return JOB_TEXTS.nameTooLong;
  if (job.fileApprovalEnabled && !job.dashboardId) return JOB_TEXTS.selectDashboard;
  return null;
}

/** "Turning Run Batch Wise off also turns Show Batch Number Time Mapping off." */
export function coupleJobFilters(enabled: Readonly<Record<JobFilterName, boolean>>): Record<JobFilterName, boolean> {
  return {
    ...enabled,
    SHOW_BATCH_NUMBER_TIME_MAPPING: enabled.SHOULD_RUN_BATCH_WISE && enabled.SHOW_BATCH_NUMBER_TIME_MAPPING,
  };
}

// ---- answers ----

export const jobFilterSchema = z.object({
  filterName: z.object({ id: z.number().int(), dataType: z.string(), name: z.string() }),
  enabled: z.boolean(),
});

export const jobActivitySchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  enabled: z.boolean(),
  type: z.string(),
  activity: z.object({
    typeId: z.number().int().nullable(),
    /** Name of the target (pipeline, recon, export config); null when the type has none. */
    name: z.string().nullable(),
    pipelineSource: z.string().nullable(),
    integrationAuthId: z.number().int().nullable(),
    jobConfiguration: looseRecord.nullable(),
    additionalInfo: looseRecord.nullable(),
  }),
  bulkProcessorActivityDetails: z
    .object({
      bulkProcessorType: z.string(),
      bulkProcessorApprovalRefEntityName: z.string(),
      bulkProcessorApprovalRefEntityId: z.number().int(),
    })
    .nullable(),
  disputeActivity: looseRecord.nullable(),
});
export type JobActivity = z.infer<typeof jobActivitySchema>;

export const jobLastExecutionSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  statusLabel: z.string(),
  createdAt: z.string(),
});

export const jobDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  noOfRetrial: z.number().int(),
  retrialInterval: z.number().int(),
  scheduleType: z.enum(JOB_SCHEDULE_TYPES),
  cronExpression: z.string().nullable(),
  cronState: z.enum(JOB_CRON_STATES).nullable(),
  moduleId: z.number().int(),
  dashboardId: z.number().int().nullable(),
  fileApprovalEnabled: z.boolean(),
  eventName: z.null(),
  activities: z.array(jobActivitySchema),
  jobFilters: z.array(jobFilterSchema),
  lastExecution: jobLastExecutionSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

export const jobRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  activityCount: z.number().int(),
  scheduleType: z.enum(JOB_SCHEDULE_TYPES),
  cronExpression: z.string().nullable(),
  cronState: z.enum(JOB_CRON_STATES).nullable(),
  lastExecutionId: z.number().int().nullable(),
  lastExecutionStatus: z.string().nullable(),
  lastExecutionStatusLabel: z.string().nullable(),
  lastExecutionAt: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRowSchema>;

export const jobOfModuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  moduleId: z.number().int(),
  moduleName: z.string(),
});
export const jobsFromAllModulesResponseSchema = z.object({ data: z.array(jobOfModuleSchema) });

export const JOBS_FIND = [
  'JobsFromAllModules',
  'BotConfigs',
  'ExportReportConfigs',
  'ExportReportConfigTypes',
  'EmailFetchConfigs',
] as const;

export const jobsListQuerySchema = pagedQuerySchema.extend({
  length: z.coerce.number().int().min(1).max(2000).default(15),
  Find: z
    .enum(JOBS_FIND)
    .optional()
    .describe(
      "Without Find: a DataTables page of the module's jobs (columns name, description, activityCount, lastExecutionStatus; `search[value]` searches names). JobsFromAllModules: `{ data }` jobs of every module the caller is assigned to, with the module name. BotConfigs: `{ data }` the bot catalogue. ExportReportConfigs: `{ data }` export report configs of the module (optional `exportJobTypeName`). ExportReportConfigTypes: `{ data }` distinct export job type names. EmailFetchConfigs: `{ data, accounts }` the module's email parsing rules and mail accounts.",
    ),
  exportJobTypeName: z.string().optional(),
});
