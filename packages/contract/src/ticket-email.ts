import { z } from 'zod';
import { TICKET_TEXT_MAX } from './tickets.ts';

// Ticket e-mail threads (spec 3 §2 "linked to email threads", `v2/tickets/{id}/email/…`; decision 0030): a ticket
// mails its outside people (external assignees and cc) through the module's connected mailbox or the outbox, and
// the answers are read back from that mailbox. Each mail out or in is one entry of the ticket's thread.

export const TICKET_EMAIL_DIRECTIONS = ['OUT', 'IN'] as const;
export const TICKET_EMAIL_STATUSES = ['SENT', 'QUEUED', 'FAILED', 'RECEIVED'] as const;
export const TICKET_EMAIL_VIAS = ['GMAIL', 'OUTLOOK', 'OUTBOX'] as const;
export type TicketEmailStatus = (typeof TICKET_EMAIL_STATUSES)[number];

export const TICKET_EMAIL_TEXTS = {
  noRecipients: 'The ticket has no outside e-mail to send to: add an e-mail assignee or cc',
  replyRequired: 'Reply is required',
  noMailbox: 'No mailbox is connected to this module: replies cannot be read',
  mailboxUnavailable: 'The mailbox could not be reached',
  sendFailed: 'The mail could not be sent',
} as const;

/** The tag that names a ticket in a subject ("[Ticket #12]"): replies whose headers were lost still find it. */
export const ticketSubjectTag = (ticketId: number) => `[Ticket #${ticketId}]`;
/** The ticket a subject's tag names, or null. */
export function ticketIdOfSubject(subject: string): number | null {
  const m = /\[Ticket #(\d+)\]/i.exec(subject);
  return m ? Number(m[1]) : null;
}

export const ticketEmailEntrySchema = z.object({
  id: z.number(),
  direction: z.enum(TICKET_EMAIL_DIRECTIONS),
  status: z.enum(TICKET_EMAIL_STATUSES),
  via: z.enum(TICKET_EMAIL_VIAS),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  /** Plain text (HTML mail is stripped to text when read). */
  body: z.string(),
  messageId: z.string(),
  inReplyTo: z.string().nullable(),
  /** Why an outgoing mail failed. */
  error: z.string().nullable(),
  /** Who sent it from the product (null for mail that came in). */
  sentBy: z.string().nullable(),
  date: z.string(),
});
export type TicketEmailEntry = z.infer<typeof ticketEmailEntrySchema>;

/** The thread, oldest first. */
export const ticketEmailThreadSchema = z.object({ data: z.array(ticketEmailEntrySchema) });
export type TicketEmailThread = z.infer<typeof ticketEmailThreadSchema>;

/** What trigger and reply answer: the thread and the mail just sent. */
export const ticketEmailSentSchema = ticketEmailThreadSchema.extend({ sent: ticketEmailEntrySchema });
/** What refresh answers: the thread and how many mails came in. */
export const ticketEmailRefreshedSchema = ticketEmailThreadSchema.extend({ received: z.number() });

export const ticketEmailReplyBodySchema = z.object({
  body: z
    .string({ error: TICKET_EMAIL_TEXTS.replyRequired })
    .trim()
    .min(1, TICKET_EMAIL_TEXTS.replyRequired)
    .max(TICKET_TEXT_MAX),
});
export type TicketEmailReplyBody = z.input<typeof ticketEmailReplyBodySchema>;
