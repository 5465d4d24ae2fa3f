import type { ApprovalKind } from '@recon/contract';
import type { Db } from '@recon/db';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';

/**
 * The module's approval policy and the approval requests the Transactions and Rollbacks features create when it
 * is on (decision 0010). Deciding them is the approvals feature's work.
 */

export type ApprovalPolicy = { rollbacksNeedApproval: boolean; bulkKnockOffNeedsApproval: boolean };

/** The module's switches (Settings › Module Settings); both off for a module that is not there. */
export async function approvalPolicyOf(db: Db, moduleId: number): Promise<ApprovalPolicy> {
  const m = await db
    .selectFrom('module')
    .select(['rollbacks_need_approval', 'bulk_knock_off_needs_approval'])
    .where('id', '=', moduleId)
    .executeTakeFirst();
  return {
    rollbacksNeedApproval: m?.rollbacks_need_approval ?? false,
    bulkKnockOffNeedsApproval: m?.bulk_knock_off_needs_approval ?? false,
  };
}

export type NewApproval =
  | { kind: Extract<ApprovalKind, 'ROLLBACK'>; summary: string; rollbackId: number; jobExecutionId: number }
  | {
      kind: Extract<ApprovalKind, 'BULK_KNOCK_OFF'>;
      summary: string;
      reconId: number;
      dataSourceId: number;
      rowIds: readonly number[];
      reason: string;
    }
  | {
      kind: Extract<ApprovalKind, 'GL_REOPEN_BOOKS'>;
      summary: string;
      glConfigId: number;
      closedUntil: string;
      reason: string | null;
    };

/** Writes an ACTION_PENDING request by the actor and its audit record, in the caller's transaction. */
export async function createApprovalRequest(tx: Db, actor: ModuleActor, a: NewApproval, now: Date): Promise<number> {
  const refs =
    a.kind === 'ROLLBACK'
      ? { rollback_id: a.rollbackId, payload: JSON.stringify({ jobExecutionId: a.jobExecutionId }) }
      : a.kind === 'GL_REOPEN_BOOKS'
        ? {
            gl_config_id: a.glConfigId,
            payload: JSON.stringify({ closedUntil: a.closedUntil, reason: a.reason }),
          }
        : {
            recon_id: a.reconId,
            data_source_id: a.dataSourceId,
            payload: JSON.stringify({ rowIds: a.rowIds, reason: a.reason }),
          };
  const { id } = await tx
    .insertInto('approval_request')
    .values({
      module_id: actor.moduleId,
      kind: a.kind,
      summary: a.summary,
      requested_by: actor.userId,
      requested_at: now,
      ...refs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await auditChange(tx, actor, {
    event: 'APPROVAL_REQUESTED',
    entityType: 'approval',
    entityId: id,
    details:
      a.kind === 'ROLLBACK'
        ? { kind: a.kind, rollbackId: a.rollbackId, jobExecutionId: a.jobExecutionId }
        : a.kind === 'GL_REOPEN_BOOKS'
          ? { kind: a.kind, glConfigId: a.glConfigId, closedUntil: a.closedUntil, reason: a.reason }
          : {
              kind: a.kind,
              reconId: a.reconId,
              dataSourceId: a.dataSourceId,
              rows: a.rowIds.length,
              reason: a.reason,
            },
  });
  return id;
}
