import { z } from 'zod';
import { endpoint, idParamsSchema } from './endpoint.ts';
import {
  ticketEmailRefreshedSchema,
  ticketEmailReplyBodySchema,
  ticketEmailSentSchema,
  ticketEmailThreadSchema,
} from './ticket-email.ts';
import { TICKETS_PRIVILEGE } from './tickets.ts';

const base = { module: 'required', privilege: TICKETS_PRIVILEGE, tags: ['Tickets'] } as const;
const HOW =
  "Sent to the ticket's outside people (external assignees as To, external cc as Cc) through the module's connected mailbox (gmail API or Microsoft Graph) or, with none, the outbox (SMTP when `SMTP_URL` is set, otherwise kept unsent). The Message-ID is recorded on the ticket; the entry says SENT, QUEUED (kept in the outbox) or FAILED (with why). 400 when the ticket has no outside e-mail; 404 for a ticket of another module. Audited (TICKET_EMAIL_SENT).";

/** Ticket e-mail threads (spec 3 §7 Tickets calls; decision 0030). */
export const ticketEmailEndpoints = {
  thread: endpoint({
    ...base,
    name: 'tickets.email.thread',
    method: 'GET',
    path: '/v2/tickets/:id/email',
    params: idParamsSchema,
    response: ticketEmailThreadSchema,
    summary: "A ticket's e-mail thread (not in the spec)",
    description: 'Every mail sent or read for the ticket, oldest first.',
  }),
  trigger: endpoint({
    ...base,
    name: 'tickets.email.trigger',
    method: 'PUT',
    path: '/v2/tickets/:id/email/trigger',
    params: idParamsSchema,
    body: z.object({}).optional(),
    response: ticketEmailSentSchema,
    summary: 'Send the ticket to its outside people',
    description: `Subject "[Ticket #id] title"; the body says the title, status, due date and the ticket's link. ${HOW}`,
  }),
  reply: endpoint({
    ...base,
    name: 'tickets.email.reply',
    method: 'PUT',
    path: '/v2/tickets/:id/email/reply',
    params: idParamsSchema,
    body: ticketEmailReplyBodySchema,
    response: ticketEmailSentSchema,
    summary: 'Reply in the ticket’s e-mail thread',
    description: `The text given (\`{ body }\`, "Reply is required" when empty), In-Reply-To the thread's latest mail and References every Message-ID of the thread; also sent to whoever wrote the latest mail in. ${HOW}`,
  }),
  refresh: endpoint({
    ...base,
    name: 'tickets.email.refresh',
    method: 'PUT',
    path: '/v2/tickets/:id/email/refresh',
    params: idParamsSchema,
    body: z.object({}).optional(),
    response: ticketEmailRefreshedSchema,
    summary: 'Read the replies to the ticket from the mailbox',
    description:
      "Reads the module's connected mailbox for mails whose In-Reply-To or References name one of the ticket's Message-IDs, or whose subject carries its tag; each is stored once (by the mailbox's message id) with its sender, date and text. Answers the thread and how many came in. 400 when no mailbox is connected; 503 when the mailbox cannot be reached. Open tickets are also read every 10 minutes by the job worker.",
  }),
};
