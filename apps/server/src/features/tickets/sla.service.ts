import {
  canMoveTicket,
  navPath,
  TICKET_AGE_BUCKETS,
  TICKET_SLA_TEXTS,
  TICKET_STATUSES,
  type TicketOrigin,
  type TicketSlaCounts,
  type TicketSlaRule,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import { validation } from '@/lib/app-error.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { notify } from '@/lib/notifications/notify.ts';
import type { Notifier } from '@/lib/notifier.ts';
import * as q from './sla.queries.ts';
import * as tq from './tickets.queries.ts';

/**
 * The tickets' SLA (decision 0032): the module's rule (escalate tickets open N hours past their due date, to whom),
 * the periodic check that escalates each such ticket once, and the tickets page's counts by status and age.
 */

function toRule(r: NonNullable<Awaited<ReturnType<typeof q.ruleOf>>>): TicketSlaRule {
  return {
    isEnabled: r.is_enabled,
    escalateAfterHours: r.escalate_after_hours,
    escalateTo: r.escalate_to_user_id !== null ? { id: r.escalate_to_user_id, name: r.escalate_to_name ?? '' } : null,
    updatedBy: r.updated_by_name,
    updatedAt: r.updated_at.toISOString(),
  };
}

/** GET /v2/ticketSla. */
export async function rule(db: Db, moduleId: number) {
  const [r, users] = await Promise.all([q.ruleOf(db, moduleId), q.activeUsers(db, moduleId)]);
  return { data: r ? toRule(r) : null, options: { users } };
}

/** PUT /v2/ticketSla. */
export async function save(
  db: Db,
  actor: ModuleActor,
  body: { isEnabled: boolean; escalateAfterHours: number; escalateTo?: { id: number } | null },
  now: Date,
) {
  await withTransaction(db, {}, async ({ db: tx }) => {
    const to = body.escalateTo?.id ?? null;
    if (to !== null && (await tq.moduleUsers(tx, actor.moduleId, [to])).length === 0)
      throw validation(TICKET_SLA_TEXTS.userNotFound, 'escalateTo');
    await q.saveRule(tx, {
      moduleId: actor.moduleId,
      isEnabled: body.isEnabled,
      hours: body.escalateAfterHours,
      escalateTo: to,
      by: actor.userId,
      now,
    });
    await auditChange(tx, actor, {
      event: 'TICKET_SLA_RULE_SAVED',
      entityType: 'ticket_sla_rule',
      entityId: actor.moduleId,
      details: { isEnabled: body.isEnabled, escalateAfterHours: body.escalateAfterHours, escalateTo: to },
    });
  });
  const r = await q.ruleOf(db, actor.moduleId);
  if (!r) throw new Error('the SLA rule just saved is missing');
  return { message: TICKET_SLA_TEXTS.saved, data: toRule(r) };
}

/**
 * The periodic check: for each module with an enabled rule, every ticket open `hours` past its due date that the
 * rule never escalated moves to ESCALATED (the transition table allows it from every open status but ESCALATED), gets
 * the rule's person as an assignee, a history entry and an audit entry — in one transaction per module. Answers the
 * ids it escalated.
 */
export async function checkSla(db: Db, now: Date, notifier: Notifier): Promise<number[]> {
  const escalated: number[] = [];
  for (const r of await q.enabledRules(db)) {
    const actor: ModuleActor = {
      userId: r.updated_by,
      userName: r.user_name,
      moduleId: r.module_id,
      ip: null,
      requestId: null,
    };
    const remark = TICKET_SLA_TEXTS.escalatedRemark(r.escalate_after_hours);
    await withTransaction(db, {}, async ({ db: tx }) => {
      const to =
        r.escalate_to_user_id !== null && (await tq.moduleUsers(tx, r.module_id, [r.escalate_to_user_id])).length > 0
          ? r.escalate_to_user_id
          : null;
      for (const t of await q.dueForEscalation(tx, r.module_id, r.escalate_after_hours, now)) {
        if (!canMoveTicket(t.status, 'ESCALATED')) continue;
        if (!(await q.recordEscalation(tx, { ticketId: t.id, at: now, hours: r.escalate_after_hours, to }))) continue;
        const entries: tq.HistoryEntry[] = [
          { action: 'ESCALATED', field: 'status', fromValue: t.status, toValue: 'ESCALATED', remark },
        ];
        if (to !== null && !(await q.isAssignee(tx, t.id, to))) {
          const before = (await tq.ticketUsersOf(tx, [t.id])).filter((u) => u.associated_as === 'ASSIGNED');
          await q.addAssignee(tx, t.id, to);
          const after = (await tq.ticketUsersOf(tx, [t.id])).filter((u) => u.associated_as === 'ASSIGNED');
          const names = (us: typeof before) => us.map((u) => u.user_name ?? u.external_email ?? '').join(', ');
          entries.push({ action: 'ESCALATED', field: 'assignees', fromValue: names(before), toValue: names(after) });
        }
        await tq.updateTicket(tx, t.id, { status: 'ESCALATED', now });
        await tq.insertHistory(tx, t.id, r.updated_by, now, entries);
        // The ticket's people (the rule's person among them) are told of the breach (decision 0033).
        const assigned = (await tq.ticketUsersOf(tx, [t.id])).filter((u) => u.associated_as === 'ASSIGNED');
        await notify(
          tx,
          notifier,
          {
            moduleId: r.module_id,
            kind: 'SLA_BREACHED',
            title: TICKET_SLA_TEXTS.breachedAlert(t.id, r.escalate_after_hours),
            link: `${navPath('my-jobs', 'tickets', 'internal')}?ticketId=${t.id}`,
            userIds: assigned.flatMap((u) => (u.user_id === null ? [] : [u.user_id])),
          },
          now,
        );
        await auditChange(tx, actor, {
          event: 'TICKET_STATUS_CHANGED',
          entityType: 'ticket',
          entityId: t.id,
          details: { action: 'escalate', from: t.status, to: 'ESCALATED', remark, sla: true, escalatedTo: to },
        });
        escalated.push(t.id);
      }
    });
  }
  return escalated;
}

/** GET /v2/ticketSla/counts. */
export async function counts(
  db: Db,
  moduleId: number,
  origin: TicketOrigin | undefined,
  now: Date,
): Promise<TicketSlaCounts> {
  const rows = await q.slaCounts(db, moduleId, origin, TICKET_AGE_BUCKETS, now);
  const sum = (f: (r: (typeof rows)[number]) => boolean, v: (r: (typeof rows)[number]) => number) =>
    rows.filter(f).reduce((n, r) => n + v(r), 0);
  return {
    total: sum(
      () => true,
      (r) => r.n,
    ),
    overdue: sum(
      () => true,
      (r) => r.overdue,
    ),
    escalatedBySla: sum(
      () => true,
      (r) => r.escalated,
    ),
    byStatus: Object.fromEntries(
      TICKET_STATUSES.map((s) => [
        s,
        sum(
          (r) => r.status === s,
          (r) => r.n,
        ),
      ]),
    ) as TicketSlaCounts['byStatus'],
    byAge: TICKET_AGE_BUCKETS.map((b) => ({
      bucket: b.key,
      total: sum(
        (r) => r.bucket === b.key && r.status !== 'CLOSED',
        (r) => r.n,
      ),
      overdue: sum(
        (r) => r.bucket === b.key,
        (r) => r.overdue,
      ),
    })),
  };
}
