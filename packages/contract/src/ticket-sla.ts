import { z } from 'zod';
import type { PrivilegeRule } from './privileges.ts';
import { TICKET_ORIGINS, TICKET_STATUSES } from './tickets.ts';

// The tickets' SLA (issue 14; decision 0032): per module one rule — a ticket still open N hours past its due date is
// escalated once (ESCALATED by the transition table of decision 0025), to the person the rule names — and the counts
// of the tickets page by status and by age.

/** Reading the rule and the counts: the tickets page. */
export const TICKET_SLA_READ_PRIVILEGE: PrivilegeRule = { code: 'ticket' };
/** Setting the rule: the tickets page and the modules' administration. */
export const TICKET_SLA_WRITE_PRIVILEGE: PrivilegeRule = { allOf: ['ticket', 'modules'] };

export const TICKET_SLA_MAX_HOURS = 8760;
export const TICKET_SLA_TEXTS = {
  saved: 'SLA rule saved',
  hoursRequired: 'Escalate after (hours overdue) is required',
  hoursRange: `Escalate after must be between 0 and ${TICKET_SLA_MAX_HOURS} hours`,
  userNotFound: 'The person to escalate to is not a user of this module',
  /** The history remark of an escalation by the rule. */
  escalatedRemark: (hours: number) => `SLA: open ${hours} ${hours === 1 ? 'hour' : 'hours'} past its due date`,
  /** The alert its people get when the rule escalates a ticket (decision 0033). */
  breachedAlert: (ticketId: number, hours: number) =>
    `Ticket #${ticketId} breached its SLA: open ${hours} ${hours === 1 ? 'hour' : 'hours'} past its due date`,
} as const;

export const ticketSlaRuleBodySchema = z.object({
  isEnabled: z.boolean().default(true),
  escalateAfterHours: z
    .number({ error: TICKET_SLA_TEXTS.hoursRequired })
    .int(TICKET_SLA_TEXTS.hoursRange)
    .min(0, TICKET_SLA_TEXTS.hoursRange)
    .max(TICKET_SLA_MAX_HOURS, TICKET_SLA_TEXTS.hoursRange),
  escalateTo: z.object({ id: z.number().int().positive() }).nullish(),
});
export type TicketSlaRuleBody = z.input<typeof ticketSlaRuleBodySchema>;

export const ticketSlaRuleSchema = z.object({
  isEnabled: z.boolean(),
  escalateAfterHours: z.number().int(),
  escalateTo: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type TicketSlaRule = z.infer<typeof ticketSlaRuleSchema>;
/** The rule (null when none) and who it may escalate to: the module's active users. */
export const ticketSlaRuleAnswerSchema = z.object({
  data: ticketSlaRuleSchema.nullable(),
  options: z.object({ users: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
});
export type TicketSlaRuleAnswer = z.infer<typeof ticketSlaRuleAnswerSchema>;
export const ticketSlaSavedSchema = z.object({ message: z.string(), data: ticketSlaRuleSchema });

/** Age buckets of the open tickets (since created), youngest first. */
export const TICKET_AGE_BUCKETS = [
  { key: 'UNDER_1D', label: 'Under 1 day', fromHours: 0, toHours: 24 },
  { key: 'D1_3', label: '1–3 days', fromHours: 24, toHours: 72 },
  { key: 'D3_7', label: '3–7 days', fromHours: 72, toHours: 168 },
  { key: 'D7_30', label: '7–30 days', fromHours: 168, toHours: 720 },
  { key: 'OVER_30D', label: 'Over 30 days', fromHours: 720, toHours: null },
] as const;
export type TicketAgeBucket = (typeof TICKET_AGE_BUCKETS)[number]['key'];

export const ticketSlaCountsQuerySchema = z.object({ origin: z.enum(TICKET_ORIGINS).optional() });
export const ticketSlaCountsSchema = z.object({
  total: z.number().int(),
  /** Open (not CLOSED) tickets past their due date. */
  overdue: z.number().int(),
  /** Tickets the SLA rule escalated. */
  escalatedBySla: z.number().int(),
  byStatus: z.record(z.enum(TICKET_STATUSES), z.number().int()),
  /** The open tickets by age since created, every bucket (0 when none), youngest first. */
  byAge: z.array(
    z.object({
      bucket: z.enum(TICKET_AGE_BUCKETS.map((b) => b.key) as [TicketAgeBucket, ...TicketAgeBucket[]]),
      total: z.number().int(),
      overdue: z.number().int(),
    }),
  ),
});
export type TicketSlaCounts = z.infer<typeof ticketSlaCountsSchema>;
