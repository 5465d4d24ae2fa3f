import type { AuditLogTable, Db } from '@recon/db';
import { type Expression, type Selectable, type SqlBool, sql } from 'kysely';

export type AuditLogFilters = {
  event?: string | undefined;
  outcome?: string | undefined;
  userName?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/**
 * The log's rows with the name of the account a row names only by id (events written with the user's id alone), so
 * every row that has a user shows its name; a name written with the row wins (the name used at the time).
 */
const LOG_WITH_ACCOUNT = sql`audit_log a LEFT JOIN app_user u ON u.id = a.user_id`;

export type AuditLogRowWithAccount = Selectable<AuditLogTable> & { account_user_name: string | null };

/** A page of the log, newest first, filtered; `total` counts the whole log. */
export async function pageOfAuditLog(db: Db, f: AuditLogFilters, page: { start: number; length: number }) {
  const filters: Expression<SqlBool>[] = [];
  if (f.event) filters.push(sql<SqlBool>`a.event = ${f.event}`);
  if (f.outcome) filters.push(sql<SqlBool>`a.outcome = ${f.outcome}`);
  if (f.userName)
    filters.push(
      sql<SqlBool>`coalesce(a.user_name, u.user_name) ILIKE ${`%${f.userName.replace(/[\\%_]/g, '\\$&')}%`}`,
    );
  if (f.from) filters.push(sql<SqlBool>`a.occurred_at >= ${f.from}`);
  if (f.to) filters.push(sql<SqlBool>`a.occurred_at <= ${f.to}`);
  const where = filters.length ? sql.join(filters, sql` AND `) : sql`true`;
  const [rows, totals] = await Promise.all([
    sql<AuditLogRowWithAccount>`
    SELECT a.*, u.user_name AS account_user_name FROM ${LOG_WITH_ACCOUNT} WHERE ${where}
    ORDER BY a.occurred_at DESC, a.id DESC OFFSET ${page.start} LIMIT ${page.length}`.execute(db),
    sql<{ total: number; filtered: number }>`
    SELECT (SELECT count(*)::int FROM audit_log) AS total,
      (SELECT count(*)::int FROM ${LOG_WITH_ACCOUNT} WHERE ${where}) AS filtered`.execute(db),
  ]);
  const t = totals.rows[0] ?? { total: 0, filtered: 0 };
  return { total: t.total, filtered: t.filtered, rows: rows.rows };
}
