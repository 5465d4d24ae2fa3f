import { TRANSACTION_STATUS_LABELS, type TransactionStatus } from '@recon/contract';

/**
 * Spec 1 colours, by what the status asks of a person: green for matched (success-like), orange while a person must
 * still decide or look (proposed, partial, a duplicate match), red for an open break, blue for reversals the engine
 * paired, grey for rows closed as not needing a match (knock off, loaded duplicates).
 */
const STATUS_COLORS: Record<string, 'success' | 'warning' | 'error' | 'processing' | 'default'> = {
  RECONCILED: 'success',
  RELAX_MATCH: 'success',
  PARTIAL_RECONCILED: 'warning',
  PROPOSE_MATCH: 'warning',
  DUPLICATE_MATCH: 'warning',
  UNRECONCILED: 'error',
  SAME_SIDE_REVERSAL: 'processing',
  LATE_REVERSAL: 'processing',
  KNOCK_OFF: 'default',
  DUPLICATE: 'default',
};

export function statusColor(status: string) {
  return STATUS_COLORS[status] ?? 'default';
}

export function statusLabel(status: string): string {
  return TRANSACTION_STATUS_LABELS[status as TransactionStatus] ?? (status === 'DUPLICATE' ? 'Duplicate' : status);
}
