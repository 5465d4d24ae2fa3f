import {
  TICKET_EMAIL_TEXTS,
  TICKET_STATUS_LABELS,
  TICKET_TEXTS,
  type TicketEmailEntry,
  ticketIdOfSubject,
  ticketSubjectTag,
} from '@recon/contract';
import { navPath } from '@recon/contract/nav';
import type { FeatureContext } from '@/deps.ts';
import { moduleMailbox } from '@/jobs/ticket-mail.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { addressOf, type InboxMail, readInbox, sendThroughMailbox } from '@/lib/mailbox.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { newMessageId, type OutboxMail, queueMail } from '@/lib/notifier.ts';
import * as mail from './ticket-email.queries.ts';
import * as q from './tickets.queries.ts';

/**
 * A ticket's e-mail thread (spec 3 `v2/tickets/{id}/email/…`; decision 0030). Mail goes to the ticket's outside
 * people through the module's connected mailbox, or the outbox when it has none; every mail has a Message-ID kept on
 * the ticket, and replies are read back from the mailbox by the ids they answer (or the subject's ticket tag).
 */

async function ticketOrThrow(ctx: FeatureContext, moduleId: number, id: number) {
  const t = await q.ticketOf(ctx.db, moduleId, id);
  if (!t) throw new AppError('NOT_FOUND', TICKET_TEXTS.notFound);
  return t;
}

const toEntry = (r: mail.ThreadRecord): TicketEmailEntry => ({
  id: r.id,
  direction: r.direction,
  status: r.status,
  via: r.via,
  from: r.from_address,
  to: r.to_addresses,
  cc: r.cc_addresses,
  subject: r.subject,
  body: r.body,
  messageId: r.message_id,
  inReplyTo: r.in_reply_to,
  error: r.error,
  sentBy: r.sent_by_name,
  date: r.occurred_at.toISOString(),
});

async function threadEntries(ctx: FeatureContext, ticketId: number) {
  return (await mail.threadOf(ctx.db, ticketId)).map(toEntry);
}

/** GET /v2/tickets/{id}/email. */
export async function thread(ctx: FeatureContext, moduleId: number, id: number) {
  await ticketOrThrow(ctx, moduleId, id);
  return { data: await threadEntries(ctx, id) };
}

const day = (d: Date) =>
  `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;

/** The ticket's page in the product (its drawer opened). */
const linkOf = (ctx: FeatureContext, t: q.TicketRecord) =>
  `${ctx.config.publicUrl.replace(/\/$/, '')}${navPath('my-jobs', 'tickets', t.origin === 'EXTERNAL' ? 'external' : 'internal')}?ticketId=${t.id}`;

/** The outside people: external assignees as To, external cc as Cc (cc as To when there is no external assignee). */
async function outsidePeople(ctx: FeatureContext, ticketId: number) {
  const users = await q.ticketUsersOf(ctx.db, [ticketId]);
  const external = (as: 'ASSIGNED' | 'CCED') =>
    users.flatMap((u) => (u.associated_as === as && u.external_email ? [u.external_email] : []));
  const to = external('ASSIGNED');
  const cc = external('CCED');
  return to.length > 0 ? { to, cc } : { to: cc, cc: [] as string[] };
}

/** Sends one mail of the ticket and stores it in the thread; a refusal is stored (FAILED) and answered as a 503. */
async function send(
  ctx: FeatureContext,
  actor: ModuleActor,
  t: q.TicketRecord,
  content: { subject: string; text: string; extraTo?: string[] },
) {
  const people = await outsidePeople(ctx, t.id);
  const lower = new Set([...people.to, ...people.cc].map((a) => a.toLowerCase()));
  const to = [...people.to, ...(content.extraTo ?? []).filter((a) => !lower.has(a.toLowerCase()))];
  if (to.length === 0) throw validation(TICKET_EMAIL_TEXTS.noRecipients, 'ticket');
  const before = await mail.threadOf(ctx.db, t.id);
  const mailbox = await moduleMailbox(ctx, actor.moduleId);
  const from = mailbox?.address ?? ctx.config.mailFrom;
  const now = ctx.now();
  const message: OutboxMail = {
    from,
    to,
    cc: people.cc,
    // A title may hold line breaks; a header may not.
    subject: content.subject.replace(/[\r\n]+/g, ' ').trim(),
    text: content.text,
    messageId: newMessageId(`ticket-${t.id}`, addressOf(from)),
    inReplyTo: before.at(-1)?.message_id ?? null,
    references: before.map((e) => e.message_id),
    date: now,
  };
  let outcome: { status: 'SENT' | 'QUEUED' | 'FAILED'; error: string | null };
  if (mailbox) {
    try {
      await sendThroughMailbox(mailbox, message);
      outcome = { status: 'SENT', error: null };
    } catch (err) {
      outcome = { status: 'FAILED', error: (err as Error).message.slice(0, 500) };
    }
  } else {
    outcome = await queueMail(ctx.db, ctx.config, message, actor.userId);
  }
  const via = mailbox ? (mailbox.provider === 'gmail' ? 'GMAIL' : 'OUTLOOK') : 'OUTBOX';
  await mail.insertEntry(ctx.db, {
    ticket_id: t.id,
    direction: 'OUT',
    status: outcome.status,
    via,
    oauth_account_id: mailbox?.accountId ?? null,
    message_id: message.messageId,
    in_reply_to: message.inReplyTo ?? null,
    provider_message_id: null,
    from_address: from,
    to_addresses: [...message.to],
    cc_addresses: [...message.cc],
    subject: message.subject,
    body: message.text,
    error: outcome.error,
    sent_by: actor.userId,
    occurred_at: now,
  });
  await auditChange(ctx.db, actor, {
    event: 'TICKET_EMAIL_SENT',
    entityType: 'TICKET',
    entityId: t.id,
    details: { messageId: message.messageId, via, status: outcome.status, to: message.to, cc: message.cc },
  });
  const data = await threadEntries(ctx, t.id);
  if (outcome.status === 'FAILED')
    throw new AppError('UNAVAILABLE', `${TICKET_EMAIL_TEXTS.sendFailed}: ${outcome.error ?? ''}`);
  const sent = data.find((e) => e.messageId === message.messageId) as TicketEmailEntry;
  return { data, sent };
}

/** PUT /v2/tickets/{id}/email/trigger: the ticket (title, status, due date, link) to its outside people. */
export async function trigger(ctx: FeatureContext, actor: ModuleActor, id: number) {
  const t = await ticketOrThrow(ctx, actor.moduleId, id);
  const text = [
    `Ticket #${t.id}: ${t.title}`,
    '',
    `Status: ${TICKET_STATUS_LABELS[t.status]}`,
    `Priority: ${t.priority.charAt(0)}${t.priority.slice(1).toLowerCase()}`,
    `Due date: ${day(t.due_date)}`,
    ...(t.description ? ['', t.description] : []),
    '',
    `Open the ticket: ${linkOf(ctx, t)}`,
    '',
    `Reply to this mail to answer on the ticket; keep ${ticketSubjectTag(t.id)} in the subject.`,
  ].join('\n');
  return send(ctx, actor, t, { subject: `${ticketSubjectTag(t.id)} ${t.title}`, text });
}

/** PUT /v2/tickets/{id}/email/reply: the user's text, in the thread; also to whoever wrote the latest mail in. */
export async function reply(ctx: FeatureContext, actor: ModuleActor, id: number, body: string) {
  const t = await ticketOrThrow(ctx, actor.moduleId, id);
  const before = await mail.threadOf(ctx.db, t.id);
  const lastIn = before.filter((e) => e.direction === 'IN').at(-1);
  const last = before.at(-1);
  const subject = last ? `Re: ${last.subject.replace(/^(re:\s*)+/i, '')}` : `${ticketSubjectTag(t.id)} ${t.title}`;
  const tagged = ticketIdOfSubject(subject) === t.id ? subject : `${subject} ${ticketSubjectTag(t.id)}`;
  return send(ctx, actor, t, {
    subject: tagged,
    text: body,
    extraTo: lastIn ? [addressOf(lastIn.from_address)] : [],
  });
}

/** Stores the mails that answer a thread (by In-Reply-To / References, or the subject's tag): how many were new. */
async function storeReplies(
  ctx: FeatureContext,
  ticketId: number,
  ours: readonly string[],
  inbox: readonly InboxMail[],
  via: 'GMAIL' | 'OUTLOOK',
  accountId: number,
) {
  const ids = new Set(ours);
  let received = 0;
  for (const m of inbox) {
    if (m.messageId && ids.has(m.messageId)) continue;
    const answers =
      (m.inReplyTo !== null && ids.has(m.inReplyTo)) ||
      m.references.some((r) => ids.has(r)) ||
      ticketIdOfSubject(m.subject) === ticketId;
    if (!answers) continue;
    const isNew = await mail.insertInbound(ctx.db, {
      ticket_id: ticketId,
      direction: 'IN',
      status: 'RECEIVED',
      via,
      oauth_account_id: accountId,
      message_id: m.messageId ?? `<${m.providerId}@mailbox>`,
      in_reply_to: m.inReplyTo,
      provider_message_id: m.providerId,
      from_address: m.from,
      to_addresses: [],
      cc_addresses: [],
      subject: m.subject,
      body: m.text,
      error: null,
      sent_by: null,
      occurred_at: m.date,
    });
    if (isNew) received += 1;
  }
  return received;
}

async function inboxOf(
  ctx: FeatureContext,
  moduleId: number,
  mailbox: NonNullable<Awaited<ReturnType<typeof moduleMailbox>>>,
) {
  const known = new Set(await mail.knownProviderIds(ctx.db, moduleId));
  try {
    return await readInbox(mailbox, known);
  } catch (err) {
    // A refusal (MailboxError), an expired connection (IntegrationUnavailable) or no answer at all (fetch failed).
    throw new AppError('UNAVAILABLE', `${TICKET_EMAIL_TEXTS.mailboxUnavailable}: ${(err as Error).message}`);
  }
}

/** PUT /v2/tickets/{id}/email/refresh. */
export async function refresh(ctx: FeatureContext, moduleId: number, id: number) {
  const t = await ticketOrThrow(ctx, moduleId, id);
  const mailbox = await moduleMailbox(ctx, moduleId);
  if (!mailbox) throw validation(TICKET_EMAIL_TEXTS.noMailbox, 'mailbox');
  const inbox = await inboxOf(ctx, moduleId, mailbox);
  const ours = (await mail.threadOf(ctx.db, t.id)).map((e) => e.message_id);
  const received = await storeReplies(
    ctx,
    t.id,
    ours,
    inbox,
    mailbox.provider === 'gmail' ? 'GMAIL' : 'OUTLOOK',
    mailbox.accountId,
  );
  return { data: await threadEntries(ctx, t.id), received };
}

/**
 * The timer's read (the job worker, every 10 minutes): for each module with a connected mailbox, its inbox once,
 * into every open ticket that has a thread. A module whose mailbox fails is logged and the next one read.
 */
export async function refreshOpenTickets(ctx: FeatureContext, log: { warn: (o: object, m: string) => void }) {
  let received = 0;
  for (const moduleId of await mail.modulesWithOpenThreads(ctx.db)) {
    try {
      const mailbox = await moduleMailbox(ctx, moduleId);
      if (!mailbox) continue;
      const inbox = await inboxOf(ctx, moduleId, mailbox);
      for (const open of await mail.openThreads(ctx.db, moduleId)) {
        received += await storeReplies(
          ctx,
          open.ticket_id,
          open.message_ids,
          inbox,
          mailbox.provider === 'gmail' ? 'GMAIL' : 'OUTLOOK',
          mailbox.accountId,
        );
      }
    } catch (err) {
      log.warn({ err, moduleId }, 'ticket mail could not be read');
    }
  }
  return { received };
}
