import { StatusTag } from '@/ui/status-tag';

/** "POST_PROCESSING_IN_PROGRESS" → "Post Processing In Progress" (the spec gives file statuses no labels). */
export function statusWords(status: string): string {
  return status
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Spec colours by meaning; the shared tag is given the word of the chosen tone. */
const FILE_STATUS_TONE_WORD: Readonly<Record<string, string>> = {
  UPLOADED: 'CREATED',
  UPLOAD_STARTED: 'PROCESSING',
  EXTRACTION_PENDING: 'PENDING',
  VALIDATION_PENDING: 'PENDING',
  VALID: 'SUCCESS',
  FINISHED: 'SUCCESS',
  POST_PROCESSING_IN_PROGRESS: 'PROCESSING',
  PARTIALLY_PROCESSED: 'PENDING',
  INVALID: 'FAILED',
  REJECTED: 'FAILED',
  ROLLBACK_FAILED: 'FAILED',
  DELETED: 'NOT_REQUIRED',
  ROLLED_BACK: 'NOT_REQUIRED',
};

export function FileStatusTag({ status }: { status: string }) {
  return <StatusTag status={FILE_STATUS_TONE_WORD[status] ?? 'NOT_REQUIRED'} label={statusWords(status)} />;
}

/** Statuses of a file that was not loaded (or whose load failed). */
export const FAILED_FILE_STATUSES: ReadonlySet<string> = new Set(['INVALID', 'REJECTED', 'ROLLBACK_FAILED']);

/** The error kind word for word: red when it stopped the file, orange when the file loaded anyway. */
export function ErrorKindTag({ kind, fileStatus }: { kind: string | null; fileStatus: string }) {
  if (!kind) return null;
  if (kind === 'No Error') return <StatusTag status="SUCCESS" label={kind} />;
  return <StatusTag status={FAILED_FILE_STATUSES.has(fileStatus) ? 'FAILED' : 'PENDING'} label={kind} />;
}

/** An upload's own statuses (before the file is processed). */
const UPLOAD_STATUS_TONE_WORD: Readonly<Record<string, string>> = {
  UPLOAD_STARTED: 'PROCESSING',
  EXTRACTION_PENDING: 'PENDING',
  UPLOADED: 'CREATED',
  VALIDATION_PENDING: 'PENDING',
  INVALID: 'FAILED',
  VALID: 'SUCCESS',
};

export function UploadStatusTag({ status }: { status: string }) {
  return <StatusTag status={UPLOAD_STATUS_TONE_WORD[status] ?? 'NOT_REQUIRED'} label={statusWords(status)} />;
}
