import { jobStatusLabel } from '@recon/contract';
import { activityTone, runTone, type Tone } from '@/features/job-executions/execution-status';
import { StatusTag } from '@/ui/status-tag';

/**
 * The shared tag picks its colour from words in the status; these statuses need the spec's colour by
 * meaning (Queued is pending, Rollback is outdated), so the tag is given the word of the chosen tone.
 */
const TONE_WORD: Readonly<Record<Tone, string>> = {
  success: 'SUCCESS',
  warning: 'PENDING',
  error: 'FAILED',
  processing: 'PROCESSING',
  default: 'NOT_REQUIRED',
};

export function RunStatusTag({ status }: { status: string }) {
  return <StatusTag status={TONE_WORD[runTone(status)]} label={jobStatusLabel(status)} />;
}

export function ActivityStatusTag({ status, label }: { status: string; label: string }) {
  return <StatusTag status={TONE_WORD[activityTone(status)]} label={label} />;
}
