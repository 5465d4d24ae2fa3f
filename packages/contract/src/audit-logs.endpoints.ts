import { auditLogRowSchema, auditLogsQuerySchema } from './audit.ts';
import { endpoint } from './endpoint.ts';
import { pagedAnswerSchema } from './paging.ts';

/** The security audit log (settings/audit-logs). */
export const auditLogEndpoints = {
  list: endpoint({
    name: 'auditLogs.list',
    method: 'GET',
    path: '/v2/auditlogs',
    module: 'ignore',
    privilege: { code: 'auditLogs' },
    query: auditLogsQuerySchema,
    response: pagedAnswerSchema(auditLogRowSchema),
    tags: ['Audit logs'],
    summary: 'Security events and privileged changes (DataTables)',
    description:
      'Paged with `start`, `length`, `draw`; filters `event`, `userName` (contains), `outcome`, `fromDate`, `toDate` (ISO).',
  }),
} as const;
