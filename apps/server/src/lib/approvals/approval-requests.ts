import type { ApprovalKind } from '@recon/contract';
import type { Db } from '@recon/db';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { approvalLink } from '@/lib/notifications/links.ts';
import { approvalCheckersOf, notify } from '@/lib/notifications/notify.ts';
import type { Notifier } from '@/lib/notifier.ts';

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
      /** The ticket whose close asked for the knock-off (decision 0029): deciding the request settles the ticket. */
      ticketId?: number;
    }
  | {
      kind: Extract<ApprovalKind, 'GL_REOPEN_BOOKS'>;
      summary: string;
      glConfigId: number;
      closedUntil: string;
      reason: string | null;
    };

/**
 * Writes an ACTION_PENDING request by the actor and its audit record, in the caller's transaction; every user who may
 * decide it (never the requester) is told it waits for them (decision 0033).
 */
export async function createApprovalRequest(
  tx: Db,
  notifier: Notifier,
  actor: ModuleActor,
  a: NewApproval,
  now: Date,
): Promise<number> {
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
            ticket_id: a.ticketId ?? null,
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
              ...(a.ticketId ? { ticketId: a.ticketId } : {}),
            },
  });
  const checkers = await approvalCheckersOf(tx, actor.moduleId, a.kind);
  await notify(
    tx,
    notifier,
    {
      moduleId: actor.moduleId,
      kind: 'APPROVAL_WAITING',
      title: `${a.summary}: waiting for your approval (requested by ${actor.userName})`,
      link: approvalLink(id),
      userIds: checkers.filter((userId) => userId !== actor.userId),
    },
    now,
  );
  return id;
}
