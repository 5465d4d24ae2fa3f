import { z } from 'zod';
import { pagedAnswerSchema, pagedQuerySchema } from './paging.ts';
import type { PrivilegeRule } from './privileges.ts';
import { ROLLBACK_STATUSES, rollbackImpactSchema } from './rollbacks.ts';
import { transactionColumnSchema, transactionRowSchema } from './transactions.ts';

// Maker-checker approvals (decision 0010): a module may require a second person's approval for its rollbacks and
// its bulk knock-offs. The request waits in My Jobs › Approvals (spec 1, privilege pendingApprovals); whoever
// requested it can never approve or reject it.

export const APPROVAL_KINDS = ['ROLLBACK', 'BULK_KNOCK_OFF', 'GL_REOPEN_BOOKS'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_KIND_LABELS: Readonly<Record<ApprovalKind, string>> = {
  ROLLBACK: 'Rollback',
  BULK_KNOCK_OFF: 'Bulk knock off',
  GL_REOPEN_BOOKS: 'Reopen books',
};

/** Approval statuses (spec 2 §4) with the spec's labels. This version produces ACTION_PENDING, APPROVED, REJECTED, FAILED. */
export const APPROVAL_STATUSES = [
  'ACTION_PENDING',
  'APPROVED',
  'REJECTED',
  'APPROVAL_PROCESSING',
  'FAILED',
  'PARTIALLY_APPROVED',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = {
  ACTION_PENDING: 'Action Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  APPROVAL_PROCESSING: 'Approval Processing',
  FAILED: 'Failed',
  PARTIALLY_APPROVED: 'Partially Approved',
};

/** Every approvals call: the My Jobs › Approvals page's code. */
export const APPROVALS_PRIVILEGE: PrivilegeRule = { code: 'pendingApprovals' };

export const APPROVAL_REMARK_MAX = 500;

export const APPROVAL_TEXTS = {
  notFound: 'Approval not found',
  ownRequest: 'You requested this: another user must approve or reject it',
  remarkRequired: 'Remark is required to reject',
  remarkTooLong: `Remark must be at most ${APPROVAL_REMARK_MAX} characters`,
  operationRequired: 'Operation must be Approve or Reject',
  approved: 'Request approved',
  rejected: 'Request rejected',
  sentForApproval: 'Sent for approval',
  rollbackSentForApproval: 'Rollback sent for approval: another user approves it in My Jobs › Approvals',
  notKnockOff: 'Only a knock off request has rows',
} as const;

export const alreadyDecided = (statusLabel: string) => `This request was already decided (${statusLabel})`;
/** Why an approved knock-off could not be done: the rows that are not open any more, with their status. */
export const knockOffRowsNotOpen = (rows: readonly { id: number; status: string }[]) =>
  `Nothing was knocked off: ${rows.length === 1 ? 'row' : 'rows'} ${rows
    .slice(0, 20)
    .map((r) => `${r.id} (${r.status})`)
    .join(
      ', ',
    )}${rows.length > 20 ? ` and ${rows.length - 20} more` : ''} ${rows.length === 1 ? 'is' : 'are'} not open any more`;
export const rollbackRejected = (by: string, remark: string) => `Approval rejected by ${by}: ${remark}`;

// --- GET /v2/approvals (DataTables)

export const APPROVAL_SORT_COLUMNS = [
  'approvalId',
  'kind',
  'summary',
  'requestedBy',
  'requestedAt',
  'status',
  'decidedBy',
  'decidedAt',
] as const;

export const approvalsQuerySchema = pagedQuerySchema.extend({
  status: z.enum(APPROVAL_STATUSES).optional(),
  kind: z.enum(APPROVAL_KINDS).optional(),
});

export const approvalRowSchema = z.object({
  approvalId: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  kindLabel: z.string(),
  /** What is to be done, in one line. */
  summary: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  statusLabel: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ApprovalRow = z.infer<typeof approvalRowSchema>;
export const approvalsPageSchema = pagedAnswerSchema(approvalRowSchema);

// --- GET /v2/approvals/{id}

export const knockOffApprovalSchema = z.object({
  reconId: z.number().int(),
  reconName: z.string(),
  dataSourceId: z.number().int(),
  dataSourceName: z.string(),
  reason: z.string(),
  rowCount: z.number().int(),
  /** The data source's columns (the rows are read with GET /v2/approvals/{id}/rows). */
  columns: z.array(transactionColumnSchema),
  /** The recon run that knocked the rows off, once approved (its rollback re-opens them). */
  runId: z.number().int().nullable(),
});
export type KnockOffApproval = z.infer<typeof knockOffApprovalSchema>;

export const rollbackApprovalSchema = z.object({
  rollbackId: z.number().int(),
  rollbackStatus: z.enum(ROLLBACK_STATUSES),
  rollbackStatusLabel: z.string(),
  /** What the rollback undoes, as planned when it was requested. */
  impact: rollbackImpactSchema,
});
export type RollbackApproval = z.infer<typeof rollbackApprovalSchema>;

export const approvalDetailSchema = approvalRowSchema.extend({
  remark: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Whether the caller may approve or reject it now; when not, why (their own request, already decided). */
  canDecide: z.boolean(),
  cannotDecideReason: z.string().nullable(),
  knockOff: knockOffApprovalSchema.nullable(),
  rollback: rollbackApprovalSchema.nullable(),
});
export type ApprovalDetail = z.infer<typeof approvalDetailSchema>;

// --- GET /v2/approvals/{id}/rows (DataTables): the rows of a knock-off request, as they are now

export const approvalRowsQuerySchema = pagedQuerySchema;
export const approvalRowsPageSchema = pagedAnswerSchema(transactionRowSchema);
export type ApprovalRowsPage = z.infer<typeof approvalRowsPageSchema>;

// --- PUT /v2/approvals/{id}?Operation=Approve|Reject

export const APPROVAL_OPERATIONS = ['Approve', 'Reject'] as const;
export type ApprovalOperation = (typeof APPROVAL_OPERATIONS)[number];
export const approvalDecisionQuerySchema = z.object({
  Operation: z.enum(APPROVAL_OPERATIONS, { error: APPROVAL_TEXTS.operationRequired }),
});
export const approvalDecisionBodySchema = z
  .object({
    remark: z.string().trim().max(APPROVAL_REMARK_MAX, APPROVAL_TEXTS.remarkTooLong).nullish(),
  })
  .nullish()
  .transform((b) => ({ remark: b?.remark ? b.remark : null }));
export type ApprovalDecisionBody = z.input<typeof approvalDecisionBodySchema>;
