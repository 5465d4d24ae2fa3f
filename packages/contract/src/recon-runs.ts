import { z } from 'zod';
import { pagedQuerySchema } from './paging.ts';

// Recon runs: the engine applying a recon's rules (from a job's RECON activity or the Run recon action), dry runs,
// and the manual actions on transactions, each one journaled so it can be rolled back.

export const RECON_RUN_KINDS = [
  'ENGINE',
  'DRY_RUN',
  'MANUAL_MATCH',
  'UNMATCH',
  'KNOCK_OFF',
  'ACCEPT_PROPOSED',
  'REJECT_PROPOSED',
] as const;
export const RECON_RUN_KIND_LABELS: Record<(typeof RECON_RUN_KINDS)[number], string> = {
  ENGINE: 'Recon run',
  DRY_RUN: 'Dry run',
  MANUAL_MATCH: 'Manual match',
  UNMATCH: 'Unmatch',
  KNOCK_OFF: 'Knock off',
  ACCEPT_PROPOSED: 'Accept proposed match',
  REJECT_PROPOSED: 'Reject proposed match',
};
export const RECON_RUN_STATUSES = ['RUNNING', 'COMPLETED', 'FAILED', 'ROLLED_BACK'] as const;
export const RECON_RUN_STATUS_LABELS: Record<(typeof RECON_RUN_STATUSES)[number], string> = {
  RUNNING: 'Processing...',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  ROLLED_BACK: 'Rollback',
};

export const RECON_RUN_TEXTS = {
  started: 'Recon run started',
  dryRunStarted: 'Dry run started',
  notFound: 'Recon run not found',
  alreadyRunning: 'This recon is already running; wait for the run to finish',
} as const;

export const ruleOutcomeSchema = z.object({
  ruleId: z.number().int(),
  name: z.string(),
  ruleType: z.string(),
  candidates: z.number().int(),
  groups: z.number().int(),
  rowsA: z.number().int(),
  rowsB: z.number().int(),
  ms: z.number(),
});

export const reconRunSchema = z.object({
  id: z.number().int(),
  reconId: z.number().int(),
  reconName: z.string(),
  kind: z.enum(RECON_RUN_KINDS),
  status: z.enum(RECON_RUN_STATUSES),
  jobExecutionId: z.number().int().nullable(),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  rowsA: z.number().int(),
  rowsB: z.number().int(),
  rules: z.array(ruleOutcomeSchema),
  reason: z.string().nullable(),
  error: z.string().nullable(),
});
export type ReconRun = z.infer<typeof reconRunSchema>;

export const startReconRunRequestSchema = z.object({
  reconId: z.number().int().positive(),
  dryRun: z.boolean().default(false),
});
export const startReconRunResponseSchema = z.object({ id: z.number().int(), status: z.enum(RECON_RUN_STATUSES) });

export const reconRunsQuerySchema = pagedQuerySchema.extend({
  reconId: z.coerce.number().int().positive().optional(),
});
