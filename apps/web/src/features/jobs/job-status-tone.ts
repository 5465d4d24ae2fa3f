import type { JobCronState } from '@recon/contract';

/**
 * The word the shared status tag colours by, per run status: green success-like, orange pending (a queued run
 * waits), red failed or rejected, blue created or processing, grey outdated (rolled back).
 */
const RUN_TONE: Readonly<Record<string, string>> = {
  RUNNING: 'PROCESSING',
  RUNNABLE: 'PENDING',
  FAILED: 'FAILED',
  COMPLETED: 'COMPLETED',
  PARTIALLY_COMPLETED: 'PENDING',
  ROLLBACK_IN_PROGRESS: 'PROCESSING',
  ROLLED_BACK: 'OUTDATED',
  ROLLBACK_CREATED: 'CREATED',
  ROLLBACK_FAILED: 'FAILED',
  FILE_APPROVAL_PENDING: 'PENDING',
  ACTION_PENDING: 'PENDING',
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
  APPROVAL_PROCESSING: 'PROCESSING',
};

export function runStatusTone(status: string): string {
  return RUN_TONE[status] ?? status;
}

/** A running schedule is green, a paused one orange, a terminated one grey. */
export const CRON_STATE_TONE: Readonly<Record<JobCronState, string>> = {
  SCHEDULED: 'ACTIVE',
  PAUSED: 'PENDING',
  TERMINATED: 'OUTDATED',
};
