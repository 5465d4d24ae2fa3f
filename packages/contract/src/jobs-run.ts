import { z } from 'zod';

// Running a job (POST /v2/jobs?opertionType=MANUAL_JOB_EXEC) and its cron schedule (PUT ...CRON_JOB).

export const JOB_POST_OPERATIONS = ['MANUAL_JOB_EXEC'] as const;
export const JOB_PUT_OPERATIONS = [
  'UPDATE',
  'SCHEDULE_CRON_JOB',
  'PAUSE_CRON_JOB',
  'RESUME_CRON_JOB',
  'TERMINATE_CRON_JOB',
] as const;
export type JobPutOperation = (typeof JOB_PUT_OPERATIONS)[number];
export type JobCronOperation = Exclude<JobPutOperation, 'UPDATE'>;

export const BATCH_NUMBER_MIN = 1;
export const BATCH_NUMBER_MAX = 96;
export const BATCH_TIME_SLOT_MINUTES = 30;
export const BATCH_TIME_SLOT_COUNT = 48;

/** 48 half-hour slots: batch 1 is 00:30 … 47 is 23:30, 48 is 00:00 (the end of the day). */
export function batchSlotTime(batchNumber: number): string | null {
  if (!Number.isInteger(batchNumber) || batchNumber < 1 || batchNumber > BATCH_TIME_SLOT_COUNT) return null;
  const minutes = (batchNumber * BATCH_TIME_SLOT_MINUTES) % (24 * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${hh}:${mm}`;
}
export const BATCH_TIME_SLOTS: readonly { batchNumber: number; time: string }[] = Array.from(
  { length: BATCH_TIME_SLOT_COUNT },
  (_, i) => ({ batchNumber: i + 1, time: batchSlotTime(i + 1) ?? '' }),
);

/** Cycle options as the run dialog shows them: 2C–8C are cycles 2–8; 1C is the day's last cycle, 9. */
export const CYCLE_OPTIONS = [
  { label: '1C', cycleNumber: 9 },
  { label: '2C', cycleNumber: 2 },
  { label: '3C', cycleNumber: 3 },
  { label: '4C', cycleNumber: 4 },
  { label: '5C', cycleNumber: 5 },
  { label: '6C', cycleNumber: 6 },
  { label: '7C', cycleNumber: 7 },
  { label: '8C', cycleNumber: 8 },
] as const;
export const CYCLE_NUMBERS: readonly number[] = CYCLE_OPTIONS.map((o) => o.cycleNumber);

/** The actual cycle of an option label ('1C' → 9) or of a number already mapped; null when neither. */
export function cycleNumberOf(value: string | number): number | null {
  if (typeof value === 'number') return CYCLE_NUMBERS.includes(value) ? value : null;
  const option = CYCLE_OPTIONS.find((o) => o.label === value.trim().toUpperCase());
  if (option) return option.cycleNumber;
  return /^\d+$/.test(value.trim()) ? cycleNumberOf(Number(value.trim())) : null;
}

export const JOB_RUN_TEXTS = {
  batchRequired: 'Batch Number is required',
  cycleRequired: 'Cycle Number is required',
  batchRange: `Batch Number must be between ${BATCH_NUMBER_MIN} and ${BATCH_NUMBER_MAX}`,
  cycleInvalid: 'Cycle Number must be one of 1C to 8C',
  endDateInvalid: 'End date must be a date (YYYY-MM-DD)',
  noEnabledActivity: 'The job has no enabled activity to run',
  started: 'Job execution started',
} as const;
export const fileNotAttachable = (fileId: number) =>
  `File ${fileId} cannot be run: it must be an uploaded file of a pipeline this job loads, not yet run`;
/** A file a run cannot take, with the file's own reason ("The upload was interrupted before the file was stored"). */
export const fileNotRunnable = (fileId: number, reason: string) => `File ${fileId} cannot be run: ${reason}`;

export const jobExecutionParamSchema = z.object({
  batchNumber: z.number().int().nullish(),
  cycleNumber: z.union([z.number().int(), z.string()]).nullish(),
  endDate: z.string().nullish(),
});
export type JobExecutionParam = z.infer<typeof jobExecutionParamSchema>;

export const jobRunRequestSchema = z.object({
  id: z.number({ error: 'Job id is required' }).int().positive(),
  jobExecutionParam: jobExecutionParamSchema.nullish(),
  /** Uploaded files (status UPLOADED, not yet run) this run loads: upload-file-and-run-job. */
  fileIds: z.array(z.number().int().positive()).max(500).nullish(),
});
export type JobRunRequest = z.infer<typeof jobRunRequestSchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The run dialog's checks in the spec's order: batch-wise needs a batch number; cycle-wise alone needs a
 * cycle. Answers the first failing message or null.
 */
export function validateJobRun(
  filters: { SHOULD_RUN_BATCH_WISE: boolean; SHOULD_RUN_CYCLE_WISE: boolean },
  param: JobExecutionParam | null | undefined,
): string | null {
  const batch = param?.batchNumber ?? null;
  const cycle = param?.cycleNumber ?? null;
  if (filters.SHOULD_RUN_BATCH_WISE && batch === null) return JOB_RUN_TEXTS.batchRequired;
  if (!filters.SHOULD_RUN_BATCH_WISE && filters.SHOULD_RUN_CYCLE_WISE && (cycle === null || cycle === '')) {
    return JOB_RUN_TEXTS.cycleRequired;
  }
  if (batch !== null && (batch < BATCH_NUMBER_MIN || batch > BATCH_NUMBER_MAX)) return JOB_RUN_TEXTS.batchRange;
  if (cycle !== null && cycle !== '' && cycleNumberOf(cycle) === null) return JOB_RUN_TEXTS.cycleInvalid;
  const endDate = param?.endDate ?? null;
  if (endDate && (!ISO_DATE.test(endDate) || Number.isNaN(Date.parse(endDate)))) return JOB_RUN_TEXTS.endDateInvalid;
  return null;
}

export const jobCronRequestSchema = z.object({
  id: z.number({ error: 'Job id is required' }).int().positive(),
  cronExpression: z.string().nullish(),
});
export type JobCronRequest = z.infer<typeof jobCronRequestSchema>;

export const JOB_CRON_TEXTS = {
  scheduled: 'Job scheduled',
  paused: 'Job schedule paused',
  resumed: 'Job schedule resumed',
  terminated: 'Job schedule terminated',
  pauseNotScheduled: 'Only a scheduled job can be paused',
  resumeNotPaused: 'Only a paused job can be resumed',
  terminateNothing: 'The job has no schedule to terminate',
} as const;

/** POST /v2/jobs: without opertionType a create, MANUAL_JOB_EXEC a run (the spec's spelling). */
export const jobPostQuerySchema = z.object({ opertionType: z.enum(JOB_POST_OPERATIONS).optional() });
/** PUT /v2/jobs: every call names its operation. */
export const jobPutQuerySchema = z.object({ opertionType: z.enum(JOB_PUT_OPERATIONS) });
