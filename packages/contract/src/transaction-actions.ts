import { z } from 'zod';
import type { PrivilegeRule } from './privileges.ts';

// Actions on a recon's rows (PUT /v2/transactions?Operation=…). Each is one recon run of its kind, journaled so a
// rollback restores the rows exactly, and audited.

export const TRANSACTION_OPERATIONS = [
  'ManualMatch',
  'Unmatch',
  'KnockOff',
  'AcceptProposed',
  'RejectProposed',
] as const;
export type TransactionOperation = (typeof TRANSACTION_OPERATIONS)[number];

/**
 * Who may act. A manual match and a knock off close open rows: the unreconciled tab's privilege, and knockOff for
 * a knock off. Accepting or rejecting a proposal works rows of the reconciled tab. Unmatch re-opens groups: the
 * route lets in holders of any tab privilege that shows matched groups, and the service checks, per group, the
 * privilege of the tab of every status in it (a reconciled group needs reconciledTransaction, a reversal
 * reversal, a duplicate match reconDuplicate).
 */
export const OPERATION_PRIVILEGES: Record<TransactionOperation, PrivilegeRule> = {
  ManualMatch: { code: 'unReconciledTransaction' },
  KnockOff: { code: 'knockOff' },
  AcceptProposed: { code: 'reconciledTransaction' },
  RejectProposed: { code: 'reconciledTransaction' },
  Unmatch: { anyOf: ['reconciledTransaction', 'reversal', 'reconDuplicate'] },
};

/** At most this many rows or groups per action (a page of 2,000 rows selected whole, with room). */
export const MAX_ACTION_ITEMS = 5000;
export const ACTION_REASON_MAX = 500;

export const TRANSACTION_ACTION_TEXTS = {
  operationRequired: 'Operation must be one of ManualMatch, Unmatch, KnockOff, AcceptProposed, RejectProposed',
  selectRows: 'Select at least one row',
  selectBothSides: 'Select at least one row of side A and one of side B',
  selectGroups: 'Select at least one matched group',
  tooMany: `Select at most ${MAX_ACTION_ITEMS} rows or groups at a time`,
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${ACTION_REASON_MAX} characters`,
  reconWithoutSides: 'The recon needs its side A and side B data sources',
  matched: 'Rows matched',
  unmatched: 'Rows unmatched',
  knockedOff: 'Rows knocked off',
  accepted: 'Proposed matches accepted',
  rejected: 'Proposed matches rejected',
} as const;

export const notRowsOf = (ids: readonly number[], dataSource: string) =>
  `${ids.length === 1 ? 'Row' : 'Rows'} ${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} not ${ids.length === 1 ? 'a row' : 'rows'} of ${dataSource}`;
export const notOpen = (id: number, status: string) => `Row ${id} is not open any more (${status})`;
export const notAGroup = (matchId: number) => `${matchId} is not a matched group of this recon`;
export const notProposed = (matchId: number) => `Group ${matchId} is not a proposed match`;

const ids = (empty: string) =>
  z
    .array(z.number().int().positive(), { error: empty })
    .min(1, empty)
    .max(MAX_ACTION_ITEMS, TRANSACTION_ACTION_TEXTS.tooMany)
    .transform((list) => [...new Set(list)]);
const reconId = z.number({ error: 'Recon is required' }).int().positive();
const optionalReason = z.string().trim().max(ACTION_REASON_MAX, TRANSACTION_ACTION_TEXTS.reasonTooLong).nullish();

export const transactionsPutQuerySchema = z.object({
  Operation: z.enum(TRANSACTION_OPERATIONS, { error: TRANSACTION_ACTION_TEXTS.operationRequired }),
});

/** ManualMatch: open rows of both sides become one RECONCILED group with a new match id. */
export const manualMatchRequestSchema = z.object({
  reconId,
  rowsA: ids(TRANSACTION_ACTION_TEXTS.selectBothSides),
  rowsB: ids(TRANSACTION_ACTION_TEXTS.selectBothSides),
  reason: optionalReason,
});
export type ManualMatchRequest = z.infer<typeof manualMatchRequestSchema>;

/** Unmatch: every row of the groups is open again. */
export const unmatchRequestSchema = z.object({ reconId, matchIds: ids(TRANSACTION_ACTION_TEXTS.selectGroups) });
export type UnmatchRequest = z.infer<typeof unmatchRequestSchema>;

/** KnockOff: open rows of one data source are closed as KNOCK_OFF with the reason. */
export const knockOffRequestSchema = z.object({
  reconId,
  dataSourceId: z.number({ error: 'Data source is required' }).int().positive(),
  rowIds: ids(TRANSACTION_ACTION_TEXTS.selectRows),
  reason: z
    .string({ error: TRANSACTION_ACTION_TEXTS.reasonRequired })
    .trim()
    .min(1, TRANSACTION_ACTION_TEXTS.reasonRequired)
    .max(ACTION_REASON_MAX, TRANSACTION_ACTION_TEXTS.reasonTooLong),
});
export type KnockOffRequest = z.infer<typeof knockOffRequestSchema>;

/** AcceptProposed (rows become RECONCILED) and RejectProposed (rows open again), by group. */
export const proposedRequestSchema = z.object({ reconId, matchIds: ids(TRANSACTION_ACTION_TEXTS.selectGroups) });
export type ProposedRequest = z.infer<typeof proposedRequestSchema>;

export const transactionActionResponseSchema = z.object({
  operation: z.enum(TRANSACTION_OPERATIONS),
  /** The recon run recording the action (its rollback undoes it); null while it waits for approval. */
  runId: z.number().int().nullable(),
  /** Rows whose state changed. */
  rows: z.number().int(),
  /** ManualMatch: the new group; the others: the groups acted on. */
  matchIds: z.array(z.number().int()),
  message: z.string(),
  /**
   * A bulk knock-off in a module where it needs approval: the approval request it waits in (nothing changed yet,
   * `rows` is 0). Null or absent when the action was done.
   */
  approvalId: z.number().int().nullish(),
});
export type TransactionActionResponse = z.infer<typeof transactionActionResponseSchema>;
