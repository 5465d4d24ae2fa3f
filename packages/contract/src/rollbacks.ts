import { z } from 'zod';
import { pagedQuerySchema } from './paging.ts';
import type { PrivilegeRule } from './privileges.ts';

// Rollbacks of job executions (spec 2 §3 Rollback, §4 statuses, §7 "Job executions and rollbacks"): what a
// rollback would undo (rollback_impact), the request that undoes it, its records and dependencies, and retry.

/** Rollback request statuses (spec 2 §4). */
export const ROLLBACK_STATUSES = [
  'ONGOING',
  'QUEUED',
  'APPROVAL_PENDING',
  'ROLLBACK_FINISHED',
  'PARTIALLY_ROLLEDBACK',
  'ROLLBACK_FAILED',
  'REJECTED',
] as const;
export type RollbackStatus = (typeof ROLLBACK_STATUSES)[number];

/** Labels as the spec writes them where it gives one (ONGOING, ROLLBACK_FAILED, REJECTED); words otherwise. */
export const ROLLBACK_STATUS_LABELS: Readonly<Record<RollbackStatus, string>> = {
  ONGOING: 'Ongoing..',
  QUEUED: 'Queued',
  APPROVAL_PENDING: 'Approval Pending',
  ROLLBACK_FINISHED: 'Rollback Finished',
  PARTIALLY_ROLLEDBACK: 'Partially Rolled Back',
  ROLLBACK_FAILED: 'Failed',
  REJECTED: 'Approval rejected',
};

/** Rollback record statuses (spec 2 §4): one record per step of a request. */
export const ROLLBACK_RECORD_STATUSES = [
  'SUBMITTED_FOR_EXECUTION',
  'CREATED',
  'REJECTED',
  'ROLLBACK_STARTED',
  'ROLLBACK_FINISHED',
  'ROLLBACK_FAILED',
] as const;
export type RollbackRecordStatus = (typeof ROLLBACK_RECORD_STATUSES)[number];

/** Dependency statuses (spec 2 §4). */
export const ROLLBACK_DEPENDENCY_STATUSES = [
  'DEPENDENCY_EXPLORED',
  'CREATED',
  'ROLLBACK_STARTED',
  'ROLLBACK_FINISHED',
  'ROLLBACK_FAILED',
] as const;
export type RollbackDependencyStatus = (typeof ROLLBACK_DEPENDENCY_STATUSES)[number];

/** Words for the record and dependency statuses (the spec gives none). */
export const ROLLBACK_STEP_STATUS_LABELS: Readonly<Record<RollbackRecordStatus | RollbackDependencyStatus, string>> = {
  SUBMITTED_FOR_EXECUTION: 'Submitted',
  CREATED: 'Created',
  REJECTED: 'Rejected',
  ROLLBACK_STARTED: 'Rolling Back',
  ROLLBACK_FINISHED: 'Rolled Back',
  ROLLBACK_FAILED: 'Failed',
  DEPENDENCY_EXPLORED: 'Dependency Explored',
};

/** Rollback entity kinds (spec 2 §4). This version rolls back recon runs, pipelines' files and the execution. */
export const ROLLBACK_ENTITY_KINDS = [
  'pipeline',
  'recon',
  'recon_rule',
  'data_sources',
  'job_history',
  'execute_jobs',
  'pg_charges',
  'cashback_coupon',
] as const;
export type RollbackEntityKind = (typeof ROLLBACK_ENTITY_KINDS)[number];
export const ROLLBACK_ENTITY_LABELS: Readonly<Record<RollbackEntityKind, string>> = {
  pipeline: 'Pipeline',
  recon: 'Recon',
  recon_rule: 'Recon Rule',
  data_sources: 'Data Source',
  job_history: 'Job Execution',
  execute_jobs: 'Job',
  pg_charges: 'PG Charges',
  cashback_coupon: 'Cashback Coupon',
};

/**
 * Why a recon run depends on the execution: it closed or changed rows the execution loaded, or it changed rows
 * (or joined groups) that a run being rolled back had closed.
 */
export const ROLLBACK_DEPENDENCY_REASONS = [
  'CLOSED_LOADED_ROWS',
  'USED_RUN_RESULTS',
  'DUPLICATE_OF_LOADED_ROWS',
] as const;
export type RollbackDependencyReason = (typeof ROLLBACK_DEPENDENCY_REASONS)[number];
export const ROLLBACK_DEPENDENCY_REASON_TEXTS: Readonly<Record<RollbackDependencyReason, string>> = {
  CLOSED_LOADED_ROWS: 'Matched or changed rows this execution loaded',
  USED_RUN_RESULTS: 'Changed rows or joined groups of a recon run being rolled back',
  DUPLICATE_OF_LOADED_ROWS: 'Its rows were marked duplicate of rows this execution loaded',
};

/** Reading what a rollback would undo: whoever sees the execution history or the rollback history. */
export const ROLLBACK_IMPACT_PRIVILEGE: PrivilegeRule = { anyOf: ['jobExecutions', 'rollbackHistory'] };
/**
 * Requesting or retrying a rollback deletes loaded rows and re-opens matched ones: it takes the rollback history
 * (where it is followed), the execution history (where it is asked for) and the right to run jobs (createJob: a
 * rollback undoes what a run did). Seeded: Admin and Manager.
 */
export const ROLLBACK_REQUEST_PRIVILEGE: PrivilegeRule = {
  code: 'rollbackHistory',
  allOf: ['jobExecutions', 'createJob'],
};

/** A rollback that stopped at a failed step (none done, or some done: partially rolled back) is retried. */
export const ROLLBACK_RETRYABLE_STATUSES = ['ROLLBACK_FAILED', 'PARTIALLY_ROLLEDBACK'] as const;

/** Execution statuses a rollback may start from (a run that is over and not rolled back or rejected). */
export const ROLLBACK_ALLOWED_EXECUTION_STATUSES = ['COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED'] as const;

export const ROLLBACK_TEXTS = {
  notFound: 'Rollback not found',
  requested: 'Rollback requested: it runs in the background',
  retried: 'Rollback resumed from the step that failed',
  onlyFailedRetry: 'Only a failed rollback can be retried',
  alreadyRequested: 'A rollback of this job execution was already requested',
  failedUseRetry: 'A rollback of this job execution failed: retry it from Rollback History',
  awaitingApproval: 'A rollback of this job execution is waiting for approval in My Jobs › Approvals',
  serverStopped: 'The server stopped during the rollback; retry it to continue where it stopped',
  executionChanged: 'The job execution changed while its rollback was being requested; try again',
} as const;

export const notRollbackable = (status: string) =>
  `A job execution that is ${status} cannot be rolled back (only a completed, partially completed or failed run)`;
export const blockedByExecutions = (executions: readonly { id: number; jobName: string }[]) =>
  `Later job executions used the data of this run: roll them back first — ${executions
    .map((e) => `#${e.id} (${e.jobName})`)
    .join(', ')}`;

/** Spec 2 §5: the rollback date helper takes DAYS, MONTHS or YEARS only. */
export const ROLLBACK_DATE_UNITS = ['DAYS', 'MONTHS', 'YEARS'] as const;
export type RollbackDateUnit = (typeof ROLLBACK_DATE_UNITS)[number];
export const INVALID_DATE_UNIT = 'Invalid unit. Use DAYS, MONTHS, or YEARS.';

/**
 * The instant `amount` units before `from`, on the UTC calendar; a month or year back keeps the day of the month,
 * or takes the month's last day when it has fewer (31 March − 1 month = 28 February). Any other unit throws the
 * spec's message.
 */
export function rollbackDateBefore(from: Date, amount: number, unit: string): Date {
  const d = new Date(from.getTime());
  if (unit === 'DAYS') {
    d.setUTCDate(d.getUTCDate() - amount);
    return d;
  }
  if (unit !== 'MONTHS' && unit !== 'YEARS') throw new Error(INVALID_DATE_UNIT);
  const months = unit === 'MONTHS' ? amount : amount * 12;
  const target = d.getUTCFullYear() * 12 + d.getUTCMonth() - months;
  const year = Math.floor(target / 12);
  const month = target - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  d.setUTCFullYear(year, month, Math.min(d.getUTCDate(), lastDay));
  return d;
}

// --- GET /v2/jobexecutions/{id}/rollback_impact

export const rollbackImpactFileSchema = z.object({
  id: z.number().int(),
  originalName: z.string(),
  status: z.string(),
});

/** Rows a pipeline's files of the execution loaded, all removed by the rollback. */
export const rollbackImpactTableSchema = z.object({
  pipelineId: z.number().int(),
  pipelineName: z.string(),
  dataTableId: z.number().int(),
  dataTableName: z.string(),
  files: z.array(rollbackImpactFileSchema),
  rows: z.number().int(),
  invalidRows: z.number().int(),
});
export type RollbackImpactTable = z.infer<typeof rollbackImpactTableSchema>;

/** A recon run the rollback undoes: the rows it closed re-open, the states it replaced come back. */
export const rollbackImpactRunSchema = z.object({
  runId: z.number().int(),
  reconId: z.number().int(),
  reconName: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  startedAt: z.string(),
  startedBy: z.string().nullable(),
  /** Rows the run closed (both sides). */
  rowsClosed: z.number().int(),
  /** Earlier states the run replaced, put back by the rollback. */
  statesRestored: z.number().int(),
});
export type RollbackImpactRun = z.infer<typeof rollbackImpactRunSchema>;

/** Something outside the execution that used its data (spec: DEPENDENCY_EXPLORED). */
export const rollbackDependencySchema = rollbackImpactRunSchema.extend({
  reason: z.enum(ROLLBACK_DEPENDENCY_REASONS),
  reasonText: z.string(),
  /** The run of the rollback it depends on (null: it depends on the loaded rows). */
  dependsOnRunId: z.number().int().nullable(),
  /** The later job execution the run belongs to; null for a manual action or a Run recon. */
  jobExecutionId: z.number().int().nullable(),
  jobName: z.string().nullable(),
  /** A run of a later execution: that execution must be rolled back first. Others are rolled back with this one. */
  isBlocking: z.boolean(),
  status: z.enum(ROLLBACK_DEPENDENCY_STATUSES),
  statusLabel: z.string(),
});
export type RollbackDependency = z.infer<typeof rollbackDependencySchema>;

export const blockingExecutionSchema = z.object({
  jobExecutionId: z.number().int(),
  jobName: z.string(),
  status: z.string(),
  /** Why: the dependency reasons found (a recon run or a duplicate marking). */
  reasons: z.array(z.enum(ROLLBACK_DEPENDENCY_REASONS)),
});
export type BlockingExecution = z.infer<typeof blockingExecutionSchema>;

export const rollbackImpactSchema = z.object({
  jobExecutionId: z.number().int(),
  jobId: z.number().int(),
  jobName: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  /** Whether a rollback can be requested now; when not, `blockedReason` says why. */
  canRollBack: z.boolean(),
  blockedReason: z.string().nullable(),
  tables: z.array(rollbackImpactTableSchema),
  reconRuns: z.array(rollbackImpactRunSchema),
  /** Runs outside the execution, rolled back first by the same request (non-blocking) or refusing it (blocking). */
  dependencies: z.array(rollbackDependencySchema),
  blockingExecutions: z.array(blockingExecutionSchema),
  /** The live or failed rollback of this execution, if one was requested. */
  rollbackId: z.number().int().nullable(),
});
export type RollbackImpact = z.infer<typeof rollbackImpactSchema>;

// --- PUT /v2/executionrollbacks?Operation=RetryFailedJob&jobExecution={id}

export const ROLLBACK_OPERATIONS = ['RetryFailedJob'] as const;
export const requestRollbackQuerySchema = z.object({
  Operation: z
    .enum(ROLLBACK_OPERATIONS, { error: 'Operation must be RetryFailedJob' })
    .describe(
      'RetryFailedJob: create a rollback request for the job execution `jobExecution` and queue it (the name is the spec’s; it is how a client asks for a rollback).',
    ),
  jobExecution: z.coerce.number().int().positive(),
});

/** A rollback's reason is kept at most this long (as a transaction action's). */
export const ROLLBACK_REASON_MAX = 500;
/**
 * Not in the spec (its call has no body): why the run is rolled back, recorded in the audit log. Optional, so a
 * client that sends no body is answered as before; the web asks for it.
 */
export const requestRollbackBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(ROLLBACK_REASON_MAX, `Reason must be at most ${ROLLBACK_REASON_MAX} characters`)
      .optional()
      .describe('Why the run is rolled back: kept in the audit entry of the request (details.reason).'),
  })
  // A call without a body (the spec's) reaches the route as null.
  .nullish();
export type RequestRollbackBody = z.infer<typeof requestRollbackBodySchema>;

// --- Lists and detail

/** A row of the Rollback History list (spec 2 §3: rollbackId, jobName, startTime, endTime, executedBy, status). */
export const rollbackRowSchema = z.object({
  rollbackId: z.number().int(),
  jobExecutionId: z.number().int(),
  jobName: z.string(),
  /** When the request was made, and when it finished (null while queued or ongoing). */
  startTime: z.string(),
  endTime: z.string().nullable(),
  executedBy: z.string().nullable(),
  status: z.enum(ROLLBACK_STATUSES),
  statusLabel: z.string(),
});
export type RollbackRow = z.infer<typeof rollbackRowSchema>;

export const rollbackRecordSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  entityKind: z.enum(ROLLBACK_ENTITY_KINDS),
  entityKindLabel: z.string(),
  entityId: z.number().int(),
  entityName: z.string(),
  reconRunId: z.number().int().nullable(),
  fileIds: z.array(z.number().int()),
  status: z.enum(ROLLBACK_RECORD_STATUSES),
  statusLabel: z.string(),
  /** What the step undid: stateRowsRemoved, statesRestored, rows, invalidRows, files. */
  counts: z.record(z.string(), z.number()),
  errorMessage: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type RollbackRecord = z.infer<typeof rollbackRecordSchema>;

export const rollbackDetailSchema = rollbackRowSchema.extend({
  jobId: z.number().int(),
  /** The execution's status when the rollback was requested. */
  executionStatus: z.string(),
  executionStatusLabel: z.string(),
  attempt: z.number().int(),
  errorMessage: z.string().nullable(),
  startedAt: z.string().nullable(),
  records: z.array(rollbackRecordSchema),
  dependencies: z.array(rollbackDependencySchema),
});
export type RollbackDetail = z.infer<typeof rollbackDetailSchema>;

export const ROLLBACK_SORT_COLUMNS = ['rollbackId', 'jobName', 'startTime', 'endTime', 'executedBy', 'status'] as const;

export const rollbacksQuerySchema = pagedQuerySchema.extend({
  status: z.enum(ROLLBACK_STATUSES).optional(),
  jobExecutionId: z.coerce.number().int().positive().optional(),
  /** Requests made on or after this day (YYYY-MM-DD). */
  fromDate: z.iso.date().optional(),
  /** Requests made on or before this day (the whole day). */
  toDate: z.iso.date().optional(),
});
