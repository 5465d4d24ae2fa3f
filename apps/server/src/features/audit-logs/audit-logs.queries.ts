import type { AuditLogTable, Db } from '@recon/db';
import { type Expression, type Selectable, type SqlBool, sql } from 'kysely';

export type AuditLogFilters = {
  event?: string | undefined;
  outcome?: string | undefined;
  userName?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** A page of the log, newest first, filtered; `total` counts the whole log. */
export async function pageOfAuditLog(db: Db, f: AuditLogFilters, page: { start: number; length: number }) {
  const filters: Expression<SqlBool>[] = [];
  if (f.event) filters.push(sql<SqlBool>`event = ${f.event}`);
  if (f.outcome) filters.push(sql<SqlBool>`outcome = ${f.outcome}`);
  if (f.userName) filters.push(sql<SqlBool>`user_name ILIKE ${`%${f.userName.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (f.from) filters.push(sql<SqlBool>`occurred_at >= ${f.from}`);
  if (f.to) filters.push(sql<SqlBool>`occurred_at <= ${f.to}`);
  const where = filters.length ? sql.join(filters, sql` AND `) : sql`true`;
  const [rows, totals] = await Promise.all([
    sql<Selectable<AuditLogTable>>`
    SELECT * FROM audit_log WHERE ${where} ORDER BY occurred_at DESC, id DESC OFFSET ${page.start} LIMIT ${page.length}`.execute(
      db,
    ),
    sql<{ total: number; filtered: number }>`
    SELECT (SELECT count(*)::int FROM audit_log) AS total, (SELECT count(*)::int FROM audit_log WHERE ${where}) AS filtered`.execute(
      db,
    ),
  ]);
  const t = totals.rows[0] ?? { total: 0, filtered: 0 };
  return { total: t.total, filtered: t.filtered, rows: rows.rows };
}
