import type { PagedColumn, PagedOrder } from '@recon/contract';
import type { Db } from '@recon/db';
import { type Expression, type SqlBool, sql } from 'kysely';

// Column → SQL it searches and sorts by. Only these columns are accepted from the client.
const COLUMNS = {
  id: sql`u.id`,
  userName: sql`u.user_name`,
  name: sql`(u.first_name || ' ' || u.last_name)`,
  email: sql`coalesce(u.email, '')`,
  isActive: sql`u.is_active::text`,
  module: sql`coalesce((SELECT string_agg(m.name, ', ') FROM module_user mu JOIN module m ON m.id = mu.module_id WHERE mu.user_id = u.id AND m.deleted_at IS NULL), '')`,
} as const;
type ColumnKey = keyof typeof COLUMNS;
const isColumn = (c: string): c is ColumnKey => c in COLUMNS;

export type UserListRow = {
  id: number;
  user_name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  is_active: boolean;
  modules: string[];
  roles: string[];
};

/** One page of users, searched and sorted by the known columns only; `total` counts every user. */
export async function pageOfUsers(
  db: Db,
  p: { columns: PagedColumn[]; order: PagedOrder[]; start: number; length: number },
) {
  const filters: Expression<SqlBool>[] = [];
  for (const c of p.columns) {
    const v = c.search.value.trim();
    if (!v || !isColumn(c.data) || !c.searchable) continue;
    if (c.data === 'isActive') filters.push(sql<SqlBool>`u.is_active = ${v.toLowerCase() === 'true'}`);
    // ::text so the numeric id column can be searched too (ILIKE on bigint is a SQL error).
    else filters.push(sql<SqlBool>`(${COLUMNS[c.data]})::text ILIKE ${`%${v.replace(/[\\%_]/g, '\\$&')}%`}`);
  }
  const where = filters.length ? sql.join(filters, sql` AND `) : sql`true`;
  const sorts = p.order
    .map((o) => p.columns[o.column]?.data)
    .map((d, i) =>
      d && isColumn(d) ? sql`${COLUMNS[d]} ${sql.raw(p.order[i]?.dir === 'desc' ? 'DESC' : 'ASC')}` : null,
    )
    .filter((s) => s !== null);
  const orderBy = sql.join([...sorts, sql`u.id ASC`], sql`, `);
  const [rows, totals] = await Promise.all([
    sql<UserListRow>`
    SELECT u.id, u.user_name, u.first_name, u.last_name, u.email, u.is_active,
           ARRAY(SELECT m.name FROM module_user mu JOIN module m ON m.id = mu.module_id WHERE mu.user_id = u.id AND m.deleted_at IS NULL ORDER BY m.name) AS modules,
           ARRAY(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.name) AS roles
    FROM app_user u WHERE ${where} ORDER BY ${orderBy} OFFSET ${p.start} LIMIT ${p.length}`.execute(db),
    sql<{ total: number; filtered: number }>`
    SELECT (SELECT count(*)::int FROM app_user) AS total, (SELECT count(*)::int FROM app_user u WHERE ${where}) AS filtered`.execute(
      db,
    ),
  ]);
  const t = totals.rows[0] ?? { total: 0, filtered: 0 };
  return { total: t.total, filtered: t.filtered, rows: rows.rows };
}

export function setUserActive(db: Db, id: number, isActive: boolean, now: Date) {
  return db
    .updateTable('app_user')
    .set({ is_active: isActive, updated_at: now })
    .where('id', '=', id)
    .returning(['id', 'user_name', 'is_active'])
    .executeTakeFirst();
}

/** Removes every sign-in count and lock of a user name, from every address; answers how many rows went. */
export async function deleteSignInLocks(db: Db, userName: string): Promise<number> {
  const lifted = await db
    .deleteFrom('login_throttle')
    .where('user_name_key', '=', userName.toLowerCase())
    .executeTakeFirst();
  return Number(lifted.numDeletedRows);
}

export async function revokeUserSessions(db: Db, userId: number, now: Date, reason: string) {
  await db
    .updateTable('token_family')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
