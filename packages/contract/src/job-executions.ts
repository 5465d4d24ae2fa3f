import { z } from 'zod';
import { pagedQuerySchema } from './paging.ts';

// Schemas of the job-executions calls (spec 2): runs of a job, their activity executions, file approval.

/** Job or run statuses (spec 2 §4). A run goes RUNNABLE → RUNNING → COMPLETED | PARTIALLY_COMPLETED | FAILED. */
export const JOB_EXECUTION_STATUSES = [
  'RUNNING',
  'RUNNABLE',
  'FAILED',
  'COMPLETED',
  'PARTIALLY_COMPLETED',
  'ROLLBACK_IN_PROGRESS',
  'ROLLED_BACK',
  'ROLLBACK_CREATED',
  'ROLLBACK_FAILED',
  'FILE_APPROVAL_PENDING',
  'ACTION_PENDING',
  'APPROVED',
  'REJECTED',
  'APPROVAL_PROCESSING',
] as const;
export type JobExecutionStatus = (typeof JOB_EXECUTION_STATUSES)[number];

/** Labels as the spec writes them where it gives one (RUNNING, RUNNABLE, ROLLED_BACK); words otherwise. */
export const JOB_STATUS_LABELS: Readonly<Record<JobExecutionStatus, string>> = {
  RUNNING: 'Processing...',
  RUNNABLE: 'Queued',
  FAILED: 'Failed',
  COMPLETED: 'Completed',
  PARTIALLY_COMPLETED: 'Partially Completed',
  ROLLBACK_IN_PROGRESS: 'Rollback In Progress',
  ROLLED_BACK: 'Rollback',
  ROLLBACK_CREATED: 'Rollback Created',
  ROLLBACK_FAILED: 'Rollback Failed',
  FILE_APPROVAL_PENDING: 'File Approval Pending',
  ACTION_PENDING: 'Action Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  APPROVAL_PROCESSING: 'Approval Processing',
};
export function jobStatusLabel(status: string): string {
  return (JOB_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** Statuses of one activity execution. REJECTED: not run because the run's files were rejected. */
export const ACTIVITY_EXECUTION_STATUSES = [
  'RUNNABLE',
  'RUNNING',
  'COMPLETED',
  'PARTIALLY_COMPLETED',
  'FAILED',
  'REJECTED',
] as const;

/**
 * An activity of a rolled-back run keeps its status (spec 2 §4) but reads "Rolled back": what it did was undone
 * with the run. An activity that never ran (queued when the run failed) is not relabelled.
 */
export const ROLLED_BACK_ACTIVITY_LABEL = 'Rolled back';
const UNDONE_ACTIVITY_STATUSES: ReadonlySet<string> = new Set(['COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED']);
export function activityStatusLabel(status: string, runStatus: string): string {
  return runStatus === 'ROLLED_BACK' && UNDONE_ACTIVITY_STATUSES.has(status)
    ? ROLLED_BACK_ACTIVITY_LABEL
    : jobStatusLabel(status);
}

export const JOB_EXECUTION_TRIGGERS = ['MANUAL', 'CRON', 'RETRY', 'UPLOAD'] as const;
export const FILE_APPROVAL_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type FileApprovalDecision = (typeof FILE_APPROVAL_DECISIONS)[number];

export const JOB_EXECUTION_TEXTS = {
  notFound: 'Job execution not found',
  onlyFailedRetry: 'Only a failed job execution can be run again',
  retried: 'Job execution resumed from its failed activity',
  notPendingApproval: 'This job execution is not waiting for file approval',
  makerCannotApprove: 'You started this run: another user must approve its files',
  uploaderCannotApprove: 'You uploaded a file of this run: another user must approve it',
  noApprovalPrivilege: 'You do not have the file approval privilege for the pipelines of this run',
  approved: 'Files approved: the run continues',
  rejected: 'Files rejected: their rows were removed',
  serverStopped: 'The server stopped during the run',
  dataSourceNotFound: 'Data source not found',
} as const;
export const activityCannotRunYet = (type: string) => `Activity type ${type} cannot run yet in this version`;
export const unknownExecutionActivities = (ids: readonly number[]) => `Unknown execution activities: ${ids.join(', ')}`;

export const activityExecutionSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  type: z.string(),
  typeId: z.number().int().nullable(),
  name: z.string().nullable(),
  status: z.string(),
  statusLabel: z.string(),
  /** Attempts made so far (1 after the first run; each retry adds one). */
  attempt: z.number().int(),
  counts: z.record(z.string(), z.number()),
  errorMessage: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ActivityExecution = z.infer<typeof activityExecutionSchema>;

export const jobExecutionRowSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  jobName: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  trigger: z.enum(JOB_EXECUTION_TRIGGERS),
  batchNumber: z.number().int().nullable(),
  cycleNumber: z.number().int().nullable(),
  endDate: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** User name of whoever started the run; null for a cron run. */
  startedBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  approvalStatus: z.string().nullable(),
});
export type JobExecutionRow = z.infer<typeof jobExecutionRowSchema>;

export const jobExecutionFileSchema = z.object({
  id: z.number().int(),
  originalName: z.string(),
  pipelineId: z.number().int(),
  status: z.string(),
});

export const jobExecutionDetailSchema = jobExecutionRowSchema.extend({
  needsFileApproval: z.boolean(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  activities: z.array(activityExecutionSchema),
  files: z.array(jobExecutionFileSchema),
});
export type JobExecutionDetail = z.infer<typeof jobExecutionDetailSchema>;

export const JOB_EXECUTIONS_FIND = ['LastJobExecutionByJobId', 'LastJobExecutionByDataSourceId'] as const;

export const jobExecutionsListQuerySchema = pagedQuerySchema.extend({
  Find: z
    .enum(JOB_EXECUTIONS_FIND)
    .optional()
    .describe(
      "Without Find: a DataTables page of the module's runs, newest first (filters jobId, status, fromDate, toDate; columns jobName, status, trigger, startedBy). LastJobExecutionByJobId (jobId): the newest run of the job, or null. LastJobExecutionByDataSourceId (dataSourceId): the newest run that loaded the data source's pipeline, or null.",
    ),
  jobId: z.coerce.number().int().positive().optional(),
  dataSourceId: z.coerce.number().int().positive().optional(),
  status: z.enum(JOB_EXECUTION_STATUSES).optional(),
  /** Runs created on or after this day (YYYY-MM-DD). */
  fromDate: z.iso.date().optional(),
  /** Runs created on or before this day (the whole day). */
  toDate: z.iso.date().optional(),
});

export const fileApprovalQuerySchema = z.object({
  approvalStatus: z.enum(FILE_APPROVAL_DECISIONS, { error: 'approvalStatus must be APPROVED or REJECTED' }),
});

export const makerCheckerRequestSchema = z.object({
  jobExecutionId: z.number().int().positive().nullish(),
  /** Activity executions the checker is looking at: their ids, or objects carrying `id`. */
  selectedExecutionActivities: z
    .array(z.union([z.number().int().positive(), z.looseObject({ id: z.number().int().positive() })]))
    .nullish(),
});
export type MakerCheckerRequest = z.infer<typeof makerCheckerRequestSchema>;
export const makerCheckerResponseSchema = z.object({ canApprove: z.boolean(), message: z.string().nullable() });
export type MakerCheckerResponse = z.infer<typeof makerCheckerResponseSchema>;
