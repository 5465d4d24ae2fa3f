import { auditLogEndpoints as E, type EndpointInput } from '@recon/contract';
import type { AuditLogTable } from '@recon/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Expression, type Selectable, type SqlBool, sql } from 'kysely';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { pagedList } from '@/lib/paging-sql.ts';

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
  const filters: Expression<SqlBool>[] = [];
  if (f.event) filters.push(sql<SqlBool>`event = ${f.event}`);
  if (f.outcome) filters.push(sql<SqlBool>`outcome = ${f.outcome}`);
  if (f.userName) filters.push(sql<SqlBool>`user_name ILIKE ${`%${f.userName.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (from) filters.push(sql<SqlBool>`occurred_at >= ${from}`);
  if (to) filters.push(sql<SqlBool>`occurred_at <= ${to}`);
  const where = filters.length ? sql.join(filters, sql` AND `) : sql`true`;
  const [rows, totals] = await Promise.all([
    sql<Selectable<AuditLogTable>>`
    SELECT * FROM audit_log WHERE ${where} ORDER BY occurred_at DESC, id DESC OFFSET ${f.start} LIMIT ${f.length}`.execute(
      ctx.db,
    ),
    sql<{ total: number; filtered: number }>`
    SELECT (SELECT count(*)::int FROM audit_log) AS total, (SELECT count(*)::int FROM audit_log WHERE ${where}) AS filtered`.execute(
      ctx.db,
    ),
  ]);
  const t = totals.rows[0] ?? { total: 0, filtered: 0 };
  return pagedList(f, {
    total: t.total,
    filtered: t.filtered,
    rows: rows.rows.map((r) => ({
      id: r.id,
      occurredAt: r.occurred_at.toISOString(),
      event: r.event,
      outcome: r.outcome,
      userId: r.user_id,
      userName: r.user_name,
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
