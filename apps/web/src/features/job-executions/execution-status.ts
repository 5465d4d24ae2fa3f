import type { ACTIVITY_EXECUTION_STATUSES, JOB_EXECUTION_STATUSES } from '@recon/contract';

export type Tone = 'success' | 'warning' | 'error' | 'processing' | 'default';

/**
 * Spec colours per run status: green success-like, orange pending (queued, waiting for approval), red
 * failed or rejected, blue created or processing, grey outdated (rolled back).
 */
const RUN_TONES: Readonly<Record<(typeof JOB_EXECUTION_STATUSES)[number], Tone>> = {
  RUNNING: 'processing',
  RUNNABLE: 'warning',
  FAILED: 'error',
  COMPLETED: 'success',
  PARTIALLY_COMPLETED: 'warning',
  ROLLBACK_IN_PROGRESS: 'processing',
  ROLLED_BACK: 'default',
  ROLLBACK_CREATED: 'processing',
  ROLLBACK_FAILED: 'error',
  FILE_APPROVAL_PENDING: 'warning',
  ACTION_PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'error',
  APPROVAL_PROCESSING: 'processing',
};

const ACTIVITY_TONES: Readonly<Record<(typeof ACTIVITY_EXECUTION_STATUSES)[number], Tone>> = {
  RUNNABLE: 'warning',
  RUNNING: 'processing',
  COMPLETED: 'success',
  PARTIALLY_COMPLETED: 'warning',
  FAILED: 'error',
  REJECTED: 'error',
};

export function runTone(status: string): Tone {
  return (RUN_TONES as Record<string, Tone>)[status] ?? 'default';
}

export function activityTone(status: string): Tone {
  return (ACTIVITY_TONES as Record<string, Tone>)[status] ?? 'default';
}

/** Statuses the server moves on from by itself: while a run shows one, the screen asks again. */
const MOVING_STATUSES: ReadonlySet<string> = new Set([
  'RUNNABLE',
  'RUNNING',
  'ROLLBACK_CREATED',
  'ROLLBACK_IN_PROGRESS',
  'APPROVAL_PROCESSING',
]);

export function isMoving(status: string): boolean {
  return MOVING_STATUSES.has(status);
}

/** How often a list or run with a moving status is asked for again. */
export const EXECUTION_REFRESH_MS = 5000;
