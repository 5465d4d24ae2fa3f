import type { Db } from '@recon/db';
import { sql } from 'kysely';

// A ticket's e-mail thread (decision 0030): one row per mail sent or read, oldest first.

export function threadOf(db: Db, ticketId: number) {
  return db
    .selectFrom('ticket_email as e')
    .leftJoin('app_user as u', 'u.id', 'e.sent_by')
    .selectAll('e')
    .select('u.user_name as sent_by_name')
    .where('e.ticket_id', '=', ticketId)
    .orderBy('e.occurred_at')
    .orderBy('e.id')
    .execute();
}
export type ThreadRecord = Awaited<ReturnType<typeof threadOf>>[number];

export type NewThreadEntry = {
  ticket_id: number;
  direction: 'OUT' | 'IN';
  status: 'SENT' | 'QUEUED' | 'FAILED' | 'RECEIVED';
  via: 'GMAIL' | 'OUTLOOK' | 'OUTBOX';
  oauth_account_id: number | null;
  message_id: string;
  in_reply_to: string | null;
  provider_message_id: string | null;
  from_address: string;
  to_addresses: string[];
  cc_addresses: string[];
  subject: string;
  body: string;
  error: string | null;
  sent_by: number | null;
  occurred_at: Date;
};

export async function insertEntry(db: Db, entry: NewThreadEntry): Promise<number> {
  return (await db.insertInto('ticket_email').values(entry).returning('id').executeTakeFirstOrThrow()).id;
}

/** An inbound mail, stored once per ticket (by the mailbox's id): true when it was new. */
export async function insertInbound(db: Db, entry: NewThreadEntry): Promise<boolean> {
  const rows = await db
    .insertInto('ticket_email')
    .values(entry)
    .onConflict((oc) =>
      oc.columns(['ticket_id', 'provider_message_id']).where('provider_message_id', 'is not', null).doNothing(),
    )
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The mailbox ids already read into any ticket of the module (not fetched again). */
export async function knownProviderIds(db: Db, moduleId: number): Promise<string[]> {
  return (
    await db
      .selectFrom('ticket_email as e')
      .innerJoin('ticket as t', 't.id', 'e.ticket_id')
      .select('e.provider_message_id')
      .where('t.module_id', '=', moduleId)
      .where('e.provider_message_id', 'is not', null)
      .execute()
  ).flatMap((r) => (r.provider_message_id ? [r.provider_message_id] : []));
}

/** The Message-IDs of the module's open tickets that have a thread: what the timer reads replies for. */
export async function openThreads(db: Db, moduleId: number) {
  return (
    await sql<{ ticket_id: number; message_ids: string[] }>`SELECT e.ticket_id, array_agg(e.message_id ORDER BY e.id)
        AS message_ids FROM ticket_email e JOIN ticket t ON t.id = e.ticket_id
        WHERE t.module_id = ${moduleId} AND t.status <> 'CLOSED' GROUP BY e.ticket_id ORDER BY e.ticket_id`.execute(db)
  ).rows;
}

/** The modules with a connected mailbox and an open ticket with a thread. */
export async function modulesWithOpenThreads(db: Db): Promise<number[]> {
  return (
    await sql<{ module_id: number }>`SELECT DISTINCT t.module_id FROM ticket t
        JOIN ticket_email e ON e.ticket_id = t.id
        JOIN oauth_account a ON a.module_id = t.module_id AND a.kind = 'MAIL' AND a.status = 'CONNECTED'
        WHERE t.status <> 'CLOSED' ORDER BY t.module_id`.execute(db)
  ).rows.map((r) => r.module_id);
}
