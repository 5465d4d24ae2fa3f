import { canMoveTicket, type TicketHistoryAction } from '@recon/contract';
import type { Db } from '@recon/db';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';

/**
 * A ticket's knock-off decided in My Jobs › Approvals (decision 0029). Closing a ticket with a knock-off in a module
 * whose bulk knock-off needs approval leaves the ticket as it is, with approval requests that name it; deciding
 * each request settles the ticket here, in the decision's transaction: approved, its rows are knocked off (by the
 * approvals feature) and the ticket closes once every request of that close is approved; rejected or failed, the
 * ticket stays as it is and its history says why.
 */

export type TicketKnockOffDecision = {
  approvalId: number;
  ticketId: number | null;
  dataSourceId: number;
  requestedBy: number;
  requestedAt: Date;
  /** The knock-off's reason ("Ticket #12 closed: …"): the remark of the close when the ticket closes. */
  reason: string;
} & ({ status: 'APPROVED'; rows: number; runId: number } | { status: 'REJECTED' | 'FAILED'; why: string });

type Entry = {
  action: TicketHistoryAction;
  field: string | null;
  fromValue?: string | null;
  toValue?: string | null;
  remark?: string | null;
  by: number;
};

async function addHistory(tx: Db, ticketId: number, at: Date, entries: readonly Entry[]) {
  await tx
    .insertInto('ticket_history')
    .values(
      entries.map((e) => ({
        ticket_id: ticketId,
        action: e.action,
        field: e.field,
        from_value: e.fromValue ?? null,
        to_value: e.toValue ?? null,
        remark: e.remark ?? null,
        changed_by: e.by,
        changed_at: at,
      })),
    )
    .execute();
}

const rowsText = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** Settles the ticket of a decided knock-off request (nothing for a request no ticket asked for). */
export async function settleTicketKnockOff(
  tx: Db,
  actor: ModuleActor,
  d: TicketKnockOffDecision,
  now: Date,
): Promise<void> {
  if (d.ticketId === null) return;
  const ticket = await tx
    .selectFrom('ticket')
    .select(['id', 'status'])
    .where('id', '=', d.ticketId)
    .where('module_id', '=', actor.moduleId)
    .forUpdate()
    .executeTakeFirst();
  if (!ticket) return;
  const source = await tx.selectFrom('data_source').select('name').where('id', '=', d.dataSourceId).executeTakeFirst();
  const field = source?.name ?? `#${d.dataSourceId}`;
  if (d.status !== 'APPROVED') {
    await addHistory(tx, ticket.id, now, [
      {
        action: 'KNOCK_OFF_REFUSED',
        field,
        toValue: d.status === 'REJECTED' ? `Rejected by ${actor.userName}` : 'Failed',
        remark: d.why,
        by: actor.userId,
      },
    ]);
    return;
  }
  const entries: Entry[] = [
    {
      action: 'KNOCKED_OFF',
      field,
      toValue: rowsText(d.rows),
      remark: `Approved by ${actor.userName} (knock-off run #${d.runId})`,
      by: actor.userId,
    },
  ];
  // The requests of the same close (written in one transaction, so at one moment): all approved, the ticket closes.
  const siblings = await tx
    .selectFrom('approval_request')
    .select(['id', 'status'])
    .where('ticket_id', '=', ticket.id)
    .where('requested_at', '=', d.requestedAt)
    .execute();
  const isAllApproved = siblings.every((s) => s.id === d.approvalId || s.status === 'APPROVED');
  if (isAllApproved && ticket.status !== 'CLOSED' && canMoveTicket(ticket.status, 'CLOSED')) {
    entries.push({
      action: 'CLOSED',
      field: 'status',
      fromValue: ticket.status,
      toValue: 'CLOSED',
      remark: d.reason,
      by: d.requestedBy,
    });
    await tx.updateTable('ticket').set({ status: 'CLOSED', updated_at: now }).where('id', '=', ticket.id).execute();
    await auditChange(tx, actor, {
      event: 'TICKET_STATUS_CHANGED',
      entityType: 'ticket',
      entityId: ticket.id,
      details: {
        action: 'close',
        from: ticket.status,
        to: 'CLOSED',
        linkedRows: 'KNOCK_OFF',
        approvalIds: siblings.map((s) => s.id),
      },
    });
  }
  await addHistory(tx, ticket.id, now, entries);
}
