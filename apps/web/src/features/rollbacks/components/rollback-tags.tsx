import {
  ROLLBACK_STATUS_LABELS,
  ROLLBACK_STEP_STATUS_LABELS,
  type RollbackDependencyStatus,
  type RollbackRecordStatus,
  type RollbackStatus,
} from '@recon/contract';
import { StatusTag } from '@/ui/status-tag';

/**
 * Spec colours by meaning (green finished, orange waiting, red failed or rejected, blue created or under way);
 * the shared tag is given the word of the chosen tone, since "Ongoing.." or "Queued" name no tone themselves.
 */
const REQUEST_TONE_WORD: Readonly<Record<RollbackStatus, string>> = {
  ONGOING: 'PROCESSING',
  QUEUED: 'PENDING',
  APPROVAL_PENDING: 'PENDING',
  ROLLBACK_FINISHED: 'SUCCESS',
  PARTIALLY_ROLLEDBACK: 'PENDING',
  ROLLBACK_FAILED: 'FAILED',
  REJECTED: 'FAILED',
};

const STEP_TONE_WORD: Readonly<Record<RollbackRecordStatus | RollbackDependencyStatus, string>> = {
  SUBMITTED_FOR_EXECUTION: 'CREATED',
  CREATED: 'CREATED',
  DEPENDENCY_EXPLORED: 'CREATED',
  REJECTED: 'FAILED',
  ROLLBACK_STARTED: 'PROCESSING',
  ROLLBACK_FINISHED: 'SUCCESS',
  ROLLBACK_FAILED: 'FAILED',
};

export function RollbackStatusTag({ status }: { status: RollbackStatus }) {
  return <StatusTag status={REQUEST_TONE_WORD[status]} label={ROLLBACK_STATUS_LABELS[status]} />;
}

export function RollbackStepTag({ status }: { status: RollbackRecordStatus | RollbackDependencyStatus }) {
  return <StatusTag status={STEP_TONE_WORD[status]} label={ROLLBACK_STEP_STATUS_LABELS[status]} />;
}
