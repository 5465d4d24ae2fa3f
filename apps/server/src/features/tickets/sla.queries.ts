import type { TicketOrigin, TicketStatus } from '@recon/contract';
import type { Db } from '@recon/db';
import { type SqlBool, sql } from 'kysely';

// The tickets' SLA (decision 0032): the module's rule, the tickets it escalates, the counts by status and age.

export async function ruleOf(db: Db, moduleId: number) {
  return db
    .selectFrom('ticket_sla_rule as r')
    .leftJoin('app_user as e', 'e.id', 'r.escalate_to_user_id')
    .leftJoin('app_user as u', 'u.id', 'r.updated_by')
    .select([
      'r.module_id',
      'r.is_enabled',
      'r.escalate_after_hours',
      'r.escalate_to_user_id',
      'e.user_name as escalate_to_name',
      'r.updated_by',
      'u.user_name as updated_by_name',
      'r.updated_at',
    ])
    .where('r.module_id', '=', moduleId)
    .executeTakeFirst();
}

/** The module's active users by name (whom the rule may escalate to). */
export async function activeUsers(db: Db, moduleId: number) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('module_user as mu', 'mu.user_id', 'u.id')
    .select(['u.id', 'u.user_name as name'])
    .where('mu.module_id', '=', moduleId)
    .where('u.is_active', '=', true)
    .orderBy('u.user_name')
    .execute();
}

export async function saveRule(
  db: Db,
  r: { moduleId: number; isEnabled: boolean; hours: number; escalateTo: number | null; by: number; now: Date },
) {
  const values = {
    is_enabled: r.isEnabled,
    escalate_after_hours: r.hours,
    escalate_to_user_id: r.escalateTo,
    updated_by: r.by,
    updated_at: r.now,
  };
  await db
    .insertInto('ticket_sla_rule')
    .values({ module_id: r.moduleId, ...values })
    .onConflict((oc) => oc.column('module_id').doUpdateSet(values))
    .execute();
}

export async function enabledRules(db: Db) {
  return db
    .selectFrom('ticket_sla_rule as r')
    .innerJoin('app_user as u', 'u.id', 'r.updated_by')
    .select(['r.module_id', 'r.escalate_after_hours', 'r.escalate_to_user_id', 'r.updated_by', 'u.user_name'])
    .where('r.is_enabled', '=', true)
    .orderBy('r.module_id')
    .execute();
}

/**
 * The module's tickets open `hours` past their due date that the rule never escalated and the transition table lets
 * it escalate (not CLOSED, not ESCALATED already), locked, oldest due first.
 */
export async function dueForEscalation(db: Db, moduleId: number, hours: number, now: Date) {
  return (
    await sql<{ id: number; status: TicketStatus }>`SELECT t.id, t.status FROM ticket t
      WHERE t.module_id = ${moduleId} AND t.status NOT IN ('CLOSED', 'ESCALATED')
        AND t.due_date + make_interval(hours => ${hours}) < ${now}
        AND NOT EXISTS (SELECT 1 FROM ticket_sla_escalation e WHERE e.ticket_id = t.id)
      ORDER BY t.due_date, t.id FOR UPDATE OF t SKIP LOCKED`.execute(db)
  ).rows;
}

export async function recordEscalation(
  db: Db,
  e: { ticketId: number; at: Date; hours: number; to: number | null },
): Promise<boolean> {
  const r = await db
    .insertInto('ticket_sla_escalation')
    .values({ ticket_id: e.ticketId, escalated_at: e.at, after_hours: e.hours, escalated_to_user_id: e.to })
    .onConflict((oc) => oc.column('ticket_id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Whether a user is an assignee of a ticket already. */
export async function isAssignee(db: Db, ticketId: number, userId: number) {
  const r = await db
    .selectFrom('ticket_user')
    .select('id')
    .where('ticket_id', '=', ticketId)
    .where('associated_as', '=', 'ASSIGNED')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r !== undefined;
}

export async function addAssignee(db: Db, ticketId: number, userId: number) {
  await db
    .insertInto('ticket_user')
    .values({ ticket_id: ticketId, associated_as: 'ASSIGNED', user_id: userId, external_email: null })
    .execute();
}

/** The module's tickets by status and (open ones) by age bucket, with how many are overdue. */
export async function slaCounts(
  db: Db,
  moduleId: number,
  origin: TicketOrigin | undefined,
  buckets: readonly { key: string; fromHours: number; toHours: number | null }[],
  now: Date,
) {
  const where = sql<SqlBool>`t.module_id = ${moduleId}${origin ? sql` AND t.origin = ${origin}` : sql``}`;
  const bucketCase = sql.join(
    buckets.map((b) =>
      b.toHours === null
        ? sql`WHEN ${now}::timestamptz - t.created_at >= make_interval(hours => ${b.fromHours}) THEN ${b.key}`
        : sql`WHEN ${now}::timestamptz - t.created_at < make_interval(hours => ${b.toHours}) THEN ${b.key}`,
    ),
    sql` `,
  );
  return (
    await sql<{ status: TicketStatus; bucket: string; n: number; overdue: number; escalated: number }>`
      SELECT t.status, CASE ${bucketCase} ELSE ${buckets.at(-1)?.key ?? ''} END AS bucket, count(*)::int AS n,
        count(*) FILTER (WHERE t.status <> 'CLOSED' AND t.due_date < ${now})::int AS overdue,
        count(e.ticket_id)::int AS escalated
      FROM ticket t LEFT JOIN ticket_sla_escalation e ON e.ticket_id = t.id
      WHERE ${where} GROUP BY 1, 2`.execute(db)
  ).rows;
}
