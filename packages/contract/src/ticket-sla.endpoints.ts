import { endpoint } from './endpoint.ts';
import {
  TICKET_SLA_READ_PRIVILEGE,
  TICKET_SLA_WRITE_PRIVILEGE,
  ticketSlaCountsQuerySchema,
  ticketSlaCountsSchema,
  ticketSlaRuleAnswerSchema,
  ticketSlaRuleBodySchema,
  ticketSlaSavedSchema,
} from './ticket-sla.ts';

const base = { module: 'required', tags: ['Tickets'] } as const;

/** The tickets' SLA rule of the module and the tickets page's counts by status and age (decision 0032). */
export const ticketSlaEndpoints = {
  rule: endpoint({
    ...base,
    name: 'ticketSla.rule',
    method: 'GET',
    path: '/v2/ticketSla',
    privilege: TICKET_SLA_READ_PRIVILEGE,
    response: ticketSlaRuleAnswerSchema,
    summary: "The module's SLA rule (`data: null` when it has none: nothing is escalated)",
  }),
  save: endpoint({
    ...base,
    name: 'ticketSla.save',
    method: 'PUT',
    path: '/v2/ticketSla',
    privilege: TICKET_SLA_WRITE_PRIVILEGE,
    body: ticketSlaRuleBodySchema,
    response: ticketSlaSavedSchema,
    summary: "Set the module's SLA rule: escalate tickets open N hours past their due date, to whom",
    description:
      'The periodic check escalates each such ticket once (ESCALATED by the transition table, history and audit). The person must be an active user of the module. Audited (TICKET_SLA_RULE_SAVED).',
  }),
  counts: endpoint({
    ...base,
    name: 'ticketSla.counts',
    method: 'GET',
    path: '/v2/ticketSla/counts',
    privilege: TICKET_SLA_READ_PRIVILEGE,
    query: ticketSlaCountsQuerySchema,
    response: ticketSlaCountsSchema,
    summary: "The module's tickets by status, the open ones by age (since created), and how many are overdue",
  }),
} as const;
