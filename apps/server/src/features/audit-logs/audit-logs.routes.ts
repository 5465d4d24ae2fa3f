import { auditLogEndpoints as E, type EndpointInput } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { pagedList } from '@/lib/paging-sql.ts';
import { pageOfAuditLog } from './audit-logs.queries.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date-only `toDate` means the whole of that day (until its last millisecond, UTC). */
function parseDate(value: string | undefined, field: string, isEnd = false): Date | undefined {
  if (!value) return undefined;
  const d = new Date(isEnd && DATE_ONLY.test(value) ? `${value}T23:59:59.999Z` : value);
  if (Number.isNaN(d.getTime()))
    throw new AppError('VALIDATION', `${field} is not a valid date`, [
      { field, defaultMessage: `${field} is not a valid date` },
    ]);
  return d;
}

/** GET v2/auditlogs: a page of the log, newest first, filtered. */
async function listAuditLogs(ctx: FeatureContext, { query: f }: EndpointInput<typeof E.list>) {
  const from = parseDate(f.fromDate, 'fromDate');
  const to = parseDate(f.toDate, 'toDate', true);
  const t = await pageOfAuditLog(
    ctx.db,
    { event: f.event, outcome: f.outcome, userName: f.userName, from, to },
    { start: f.start, length: f.length },
  );
  return pagedList(f, {
    total: t.total,
    filtered: t.filtered,
    rows: t.rows.map((r) => ({
      id: r.id,
      occurredAt: r.occurred_at.toISOString(),
      event: r.event,
      outcome: r.outcome,
      userId: r.user_id,
      userName: r.user_name ?? r.account_user_name,
      moduleId: r.module_id,
      entityType: r.entity_type,
      entityId: r.entity_id,
      ip: r.ip,
      requestId: r.request_id,
      details: r.details,
    })),
  });
}

/** The security audit log (settings/audit-logs), newest first. */
export function auditLogRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => registerRoutes(app, [route(E.list, (input) => listAuditLogs(ctx, input))]);
}
