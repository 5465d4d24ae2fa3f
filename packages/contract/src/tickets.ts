import { z } from 'zod';
import { calendarDateSchema } from './dates.ts';
import { pagedAnswerSchema, pagedQuerySchema } from './paging.ts';
import type { PrivilegeRule } from './privileges.ts';
import { transactionColumnSchema, transactionRowSchema } from './transactions.ts';

// Tickets (spec 3 §2, §3, §7, §9; decision 0025): a helpdesk item of one module, assigned to users (or external
// e-mails) and copied to others, with its status moved by the actions of the transition table below, its comments,
// its history and the recon rows it was raised on.

/** Every tickets call: My Jobs › Tickets (internal and external). */
export const TICKETS_PRIVILEGE: PrivilegeRule = { code: 'ticket' };

export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_TYPES = ['QUESTION', 'INCIDENT', 'PROBLEM', 'TASK'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const TICKET_STATUSES = ['OPEN', 'ASSIGNED', 'ESCALATED', 'REOPEN', 'ON_HOLD', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** The spec's tags (spec 3 §3); a ticket may carry others too. */
export const TICKET_TAGS = ['Sample', 'Urgent', 'Problem', 'Support'] as const;
/** Where a ticket came from: raised in the product (internal) or from a marketplace / mailbox (external). */
export const TICKET_ORIGINS = ['INTERNAL', 'EXTERNAL'] as const;
export type TicketOrigin = (typeof TICKET_ORIGINS)[number];
export const TICKET_ASSOCIATIONS = ['ASSIGNED', 'CCED'] as const;
export type TicketAssociation = (typeof TICKET_ASSOCIATIONS)[number];

/** The actions of spec 3 §2 that move a ticket's status, each at its own path. */
export const TICKET_ACTIONS = ['reassign', 'escalate', 'reopen', 'close', 'change_status'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

/**
 * The transition table (decision 0025): from each status, the statuses a ticket may move to. A ticket starts OPEN
 * (no assignee) or ASSIGNED; nothing goes back to OPEN; only reopen leaves CLOSED. Reassigning an ASSIGNED ticket
 * keeps it ASSIGNED (new people) — the one move to the same status.
 */
export const TICKET_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  OPEN: ['ASSIGNED', 'ESCALATED', 'ON_HOLD', 'CLOSED'],
  ASSIGNED: ['ASSIGNED', 'ESCALATED', 'ON_HOLD', 'CLOSED'],
  ESCALATED: ['ASSIGNED', 'ON_HOLD', 'CLOSED'],
  REOPEN: ['ASSIGNED', 'ESCALATED', 'ON_HOLD', 'CLOSED'],
  ON_HOLD: ['ASSIGNED', 'ESCALATED', 'CLOSED'],
  CLOSED: ['REOPEN'],
};

/** The status each fixed action moves to (change_status moves to the status it is given). */
export const TICKET_ACTION_TARGETS: Readonly<Record<Exclude<TicketAction, 'change_status'>, TicketStatus>> = {
  reassign: 'ASSIGNED',
  escalate: 'ESCALATED',
  reopen: 'REOPEN',
  close: 'CLOSED',
};

/** Whether the table lets a ticket move from one status to another. */
export const canMoveTicket = (from: TicketStatus, to: TicketStatus): boolean => TICKET_TRANSITIONS[from].includes(to);

export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = {
  OPEN: 'Open',
  ASSIGNED: 'Assigned',
  ESCALATED: 'Escalated',
  REOPEN: 'Reopen',
  ON_HOLD: 'On Hold',
  CLOSED: 'Closed',
};

export const TICKET_TITLE_MAX = 200;
/** Spec 3 §5: a text value is valid only up to 65000 characters. */
export const TICKET_TEXT_MAX = 65000;
export const TICKET_TAG_MAX = 50;
export const TICKET_SEARCH_LIMIT = 20;
/** Spec 3 §9: a new ticket is due 10 days ahead, at 23:59:59.999. */
export const TICKET_DUE_DAYS = 10;

/** The default due date of a ticket created at `now`: 10 days ahead at 23:59:59.999 (local time of the caller). */
export function defaultTicketDueDate(now: Date): Date {
  const due = new Date(now.getTime());
  due.setDate(due.getDate() + TICKET_DUE_DAYS);
  due.setHours(23, 59, 59, 999);
  return due;
}

export const TICKET_TEXTS = {
  notFound: 'Ticket not found',
  /** Spec 3 §5: an assignee or cc e-mail that does not look like one. */
  invalidEmail: 'Invalid Email',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${TICKET_TITLE_MAX} characters`,
  textTooLong: `Text must be at most ${TICKET_TEXT_MAX} characters`,
  tagTooLong: `A tag must be at most ${TICKET_TAG_MAX} characters`,
  priorityRequired: 'Priority is required',
  typeRequired: 'Type is required',
  userNotFound: 'An assignee is not a user of this module',
  oneUserRef: 'Give a user id or an e-mail, not both',
  assigneeRequired: 'Assign the ticket to at least one person',
  brandNotFound: 'Marketplace brand not found',
  dataSourceNotFound: 'Data source not found',
  rowsNotFound: 'Some rows are not rows of this data source',
  commentRequired: 'Comment is required',
  statusRequired: 'Status is required',
  dueDateInvalid: 'Due date is not a date',
  created: 'Successfully Created',
  updated: 'Successfully Updated',
  commented: 'Comment added',
  titleSearchRequired: 'Title is required to search',
  dataSourceRequired: 'Data source and ticket are required',
  /** Decision 0029: the ticket's state while its close's knock-off waits, and the rows a close skipped. */
  knockOffWaiting: 'Knock-off waiting for approval',
  rowsNotOpen: 'Skipped: not open any more (matched or closed since the ticket was raised)',
  knockOffAlreadyWaiting: "The knock-off of this ticket's rows is waiting for approval: approve or reject it first",
} as const;

/** The reason a close's knock-off carries into the recon run (the Knock off tab shows it). */
export const ticketKnockOffReason = (ticketId: number, remark: string | null | undefined) =>
  remark ? `Ticket #${ticketId} closed: ${remark}` : `Ticket #${ticketId} closed`;

/** The 400 of an illegal move: it names both statuses. */
export const illegalTicketTransition = (from: TicketStatus, to: TicketStatus) =>
  `A ticket cannot move from ${from} to ${to}`;

/** Spec 3 §5: trimmed, no spaces, something@something.something. */
export const TICKET_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isTicketEmail = (text: string) => TICKET_EMAIL_PATTERN.test(text.trim());

// --- Bodies

/** A person on a ticket: a user of the module by id, or an outside e-mail. */
export const ticketUserRefSchema = z
  .object({
    id: z.number().int().positive().optional(),
    email: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.id === undefined) === (v.email === undefined || v.email === '')) {
      ctx.addIssue({ code: 'custom', message: TICKET_TEXTS.oneUserRef });
      return;
    }
    if (v.email !== undefined && !isTicketEmail(v.email))
      ctx.addIssue({ code: 'custom', message: TICKET_TEXTS.invalidEmail });
  })
  .transform((v) => (v.id !== undefined ? { id: v.id, email: null } : { id: null, email: (v.email ?? '').trim() }));
export type TicketUserRef = z.input<typeof ticketUserRefSchema>;

export const ticketLinkSchema = z.object({
  dataSourceId: z.number().int().positive(),
  rowIds: z.array(z.number().int().positive()).min(1).max(5000),
});
export type TicketLink = z.infer<typeof ticketLinkSchema>;

const ticketFields = {
  title: z
    .string({ error: TICKET_TEXTS.titleRequired })
    .trim()
    .min(1, TICKET_TEXTS.titleRequired)
    .max(TICKET_TITLE_MAX, TICKET_TEXTS.titleTooLong),
  description: z.string().max(TICKET_TEXT_MAX, TICKET_TEXTS.textTooLong).nullish(),
  priority: z.enum(TICKET_PRIORITIES, { error: TICKET_TEXTS.priorityRequired }),
  type: z.enum(TICKET_TYPES, { error: TICKET_TEXTS.typeRequired }),
  tags: z.array(z.string().trim().min(1).max(TICKET_TAG_MAX, TICKET_TEXTS.tagTooLong)).max(20).default([]),
  assignedTo: z.array(ticketUserRefSchema).max(50).default([]),
  cced: z.array(ticketUserRefSchema).max(50).default([]),
  /** ISO date-time; omitted: 10 days ahead at 23:59:59.999. */
  dueDate: z.iso.datetime({ offset: true, error: TICKET_TEXTS.dueDateInvalid }).nullish(),
  /** A brand login of the module (Settings › Integrations › brand login), optional. */
  marketplaceBrand: z.object({ id: z.number().int().positive() }).nullish(),
};

/** POST /v2/tickets: a new ticket, optionally raised on recon rows of the module (they stay linked). */
export const ticketCreateBodySchema = z.object({
  ...ticketFields,
  links: z.array(ticketLinkSchema).max(10).default([]),
});
export type TicketCreateBody = z.input<typeof ticketCreateBodySchema>;

/** PUT /v2/tickets: the ticket's fields as edited (the status moves only through the actions). */
export const ticketUpdateBodySchema = z.object({ id: z.number().int().positive(), ...ticketFields });
export type TicketUpdateBody = z.input<typeof ticketUpdateBodySchema>;

const remark = z.string().trim().max(TICKET_TEXT_MAX, TICKET_TEXTS.textTooLong).nullish();

/** PUT /v2/tickets/reassign: the new assignees (they replace the old ones). */
export const ticketReassignBodySchema = z.object({
  id: z.number().int().positive(),
  assignedTo: z.array(ticketUserRefSchema).min(1, TICKET_TEXTS.assigneeRequired).max(50),
  remark,
});
/** PUT /v2/tickets/escalate, /reopen. */
export const ticketActionBodySchema = z.object({ id: z.number().int().positive(), remark });
/** What closing does to the ticket's open linked rows (decision 0029): knock them off, or leave them open (default). */
export const TICKET_CLOSE_ROWS = ['KNOCK_OFF', 'LEAVE_OPEN'] as const;
export type TicketCloseRows = (typeof TICKET_CLOSE_ROWS)[number];
/** PUT /v2/tickets/close. */
export const ticketCloseBodySchema = ticketActionBodySchema.extend({
  linkedRows: z.enum(TICKET_CLOSE_ROWS).default('LEAVE_OPEN'),
});
export type TicketCloseBody = z.input<typeof ticketCloseBodySchema>;
/** PUT /v2/tickets/change_status. */
export const ticketChangeStatusBodySchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(TICKET_STATUSES, { error: TICKET_TEXTS.statusRequired }),
  remark,
});
export type TicketReassignBody = z.input<typeof ticketReassignBodySchema>;
export type TicketActionBody = z.input<typeof ticketActionBodySchema>;
export type TicketChangeStatusBody = z.input<typeof ticketChangeStatusBodySchema>;

/** POST /v2/tickets/comment. */
export const ticketCommentBodySchema = z.object({
  ticketId: z.number().int().positive(),
  comment: z
    .string({ error: TICKET_TEXTS.commentRequired })
    .trim()
    .min(1, TICKET_TEXTS.commentRequired)
    .max(TICKET_TEXT_MAX, TICKET_TEXTS.textTooLong),
});
export type TicketCommentBody = z.input<typeof ticketCommentBodySchema>;

// --- Answers

export const ticketUserSchema = z.object({
  associatedAs: z.enum(TICKET_ASSOCIATIONS),
  assignedToId: z.number().int().nullable(),
  assignedToExternalEmail: z.string().nullable(),
  /** The user's e-mail, or the external e-mail. */
  assignedToEmail: z.string().nullable(),
  /** The user's name, or the external e-mail. */
  assignedToName: z.string(),
});
export type TicketUser = z.infer<typeof ticketUserSchema>;

export const ticketRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  type: z.enum(TICKET_TYPES),
  status: z.enum(TICKET_STATUSES),
  statusLabel: z.string(),
  origin: z.enum(TICKET_ORIGINS),
  tags: z.array(z.string()),
  assignees: z.array(ticketUserSchema),
  createdBy: z.string(),
  createdAt: z.string(),
  assignedBy: z.string().nullable(),
  updatedAt: z.string(),
  dueDate: z.string(),
  isOverdue: z.boolean(),
  linkedRowCount: z.number().int(),
});
export type TicketRow = z.infer<typeof ticketRowSchema>;

export const ticketCommentSchema = z.object({
  id: z.number().int(),
  comment: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

/** The data sources a ticket has rows of (the rows with GET /v2/tickets/transactions). */
export const ticketLinkSummarySchema = z.object({
  dataSourceId: z.number().int(),
  dataSourceName: z.string(),
  reconId: z.number().int(),
  reconName: z.string(),
  rowCount: z.number().int(),
  /** Of them, the rows open now (UNRECONCILED): what closing with a knock-off would close. */
  openRowCount: z.number().int(),
});
export type TicketLinkSummary = z.infer<typeof ticketLinkSummarySchema>;

export const ticketDetailSchema = ticketRowSchema.extend({
  description: z.string().nullable(),
  cced: z.array(ticketUserSchema),
  marketplaceBrand: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  externalType: z.string().nullable(),
  externalProvider: z.string().nullable(),
  comments: z.array(ticketCommentSchema),
  links: z.array(ticketLinkSummarySchema),
  /** The actions the transition table allows from the ticket's status now. */
  allowedActions: z.array(z.enum(TICKET_ACTIONS)),
  /** The statuses change_status may move it to now. */
  nextStatuses: z.array(z.enum(TICKET_STATUSES)),
  /** The approval requests (My Jobs › Approvals) of a close's knock-off still waiting; the ticket closes when approved. */
  knockOffApprovalIds: z.array(z.number().int()),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const TICKET_HISTORY_ACTIONS = [
  'CREATED',
  'EDITED',
  'REASSIGNED',
  'ESCALATED',
  'REOPENED',
  'CLOSED',
  'STATUS_CHANGED',
  'COMMENTED',
  'ROWS_LINKED',
  // Decision 0029: closing with a knock-off of the linked rows.
  'KNOCKED_OFF',
  'KNOCK_OFF_SKIPPED',
  'KNOCK_OFF_PENDING',
  'KNOCK_OFF_REFUSED',
] as const;
export type TicketHistoryAction = (typeof TICKET_HISTORY_ACTIONS)[number];

export const ticketHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(TICKET_HISTORY_ACTIONS),
  /** The field that changed (status, title, priority, assignees…), null for an action without one. */
  field: z.string().nullable(),
  fromValue: z.string().nullable(),
  toValue: z.string().nullable(),
  remark: z.string().nullable(),
  changedBy: z.string(),
  changedAt: z.string(),
});
export type TicketHistoryEntry = z.infer<typeof ticketHistoryEntrySchema>;
export const ticketHistorySchema = z.object({ data: z.array(ticketHistoryEntrySchema) });

export const ticketCountsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(z.enum(TICKET_STATUSES), z.number().int()),
});
export type TicketCounts = z.infer<typeof ticketCountsSchema>;

// --- Queries

/** The filters the lists and their counts share (spec 3 §2: date range, internal / external, type, provider). */
const ticketFilterFields = {
  fromDate: calendarDateSchema('fromDate must be a date (YYYY-MM-DD)').optional(),
  toDate: calendarDateSchema('toDate must be a date (YYYY-MM-DD)').optional(),
  origin: z.enum(TICKET_ORIGINS).optional(),
  externalType: z.string().max(100).optional(),
  externalProvider: z.string().max(100).optional(),
};
export const TICKET_SORT_COLUMNS = ['id', 'title', 'priority', 'type', 'status', 'createdAt', 'dueDate'] as const;
export const ticketsQuerySchema = pagedQuerySchema.extend({
  ...ticketFilterFields,
  status: z.enum(TICKET_STATUSES).optional(),
  /** `true`: only the open tickets past their due date (the SLA's overdue, decision 0032); `false`: the others. */
  overdue: z.enum(['true', 'false']).optional(),
});
export const ticketCountsQuerySchema = z.object(ticketFilterFields);
export const ticketsPageSchema = pagedAnswerSchema(ticketRowSchema);
export type TicketsPage = z.infer<typeof ticketsPageSchema>;

export const ticketSearchQuerySchema = z.object({
  Find: z.literal('ByTitle'),
  title: z.string().trim().min(1, TICKET_TEXTS.titleSearchRequired).max(TICKET_TITLE_MAX),
});
export const ticketSearchAnswerSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), title: z.string(), status: z.enum(TICKET_STATUSES) })),
});

export const ticketTransactionsQuerySchema = pagedQuerySchema.extend({
  Find: z.literal('ByDataSourceIdAndTicketId'),
  ticketId: z.coerce.number().int().positive({ error: TICKET_TEXTS.dataSourceRequired }),
  dataSourceId: z.coerce.number().int().positive({ error: TICKET_TEXTS.dataSourceRequired }),
});
export const ticketTransactionsPageSchema = pagedAnswerSchema(transactionRowSchema).extend({
  columns: z.array(transactionColumnSchema),
});
export type TicketTransactionsPage = z.infer<typeof ticketTransactionsPageSchema>;

/** GET /v2/tickets/users: the module's active users whose name, user name or e-mail contains the text. */
export const TICKET_USER_SEARCH_LIMIT = 20;
export const ticketUserSearchQuerySchema = z.object({
  search: z.string().trim().max(200).default(''),
});
export const ticketUserOptionSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});
export type TicketUserOption = z.infer<typeof ticketUserOptionSchema>;
export const ticketUserSearchAnswerSchema = z.object({ data: z.array(ticketUserOptionSchema) });

export const ticketUserIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
