import { Tag } from 'antd';
import type { ReactNode } from 'react';

type Tone = 'success' | 'warning' | 'error' | 'processing' | 'default';

const TONE_WORDS: readonly [Tone, RegExp][] = [
  ['error', /FAIL|REJECT|INVALID|DENIED|ERROR|LOCKED|ESCALATED/],
  ['warning', /PENDING|WAIT|REQUESTED|RAISED|PROGRESS|ON_HOLD|REOPEN/],
  ['processing', /CREATED|PROCESS|RUNNING|SUBMITTED|INPROCESS|^ASSIGNED$|^OPEN$/],
  ['default', /NOT_REQUIRED|OUTDATED|INACTIVE|DELETED/],
  ['success', /SUCCESS|ACTIVE|APPROVED|COMPLETED|RECONCILED|READY|DONE|^CLOSED$/],
];

/**
 * The product's status colours: green for success-like, orange for pending, red for failed or rejected,
 * blue for created or processing, grey for not required or outdated.
 */
export function statusTone(status: string): Tone {
  const upper = status.toUpperCase();
  return TONE_WORDS.find(([, pattern]) => pattern.test(upper))?.[0] ?? 'default';
}

export function StatusTag({ status, label }: { status: string; label?: ReactNode }) {
  return (
    <Tag color={statusTone(status)} style={{ whiteSpace: 'normal', maxWidth: '100%' }}>
      <span style={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
        {label ?? status}
      </span>
    </Tag>
  );
}
