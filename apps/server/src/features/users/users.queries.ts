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
  is_locked: boolean;
  has_authenticator: boolean;
  modules: string[];
  roles: string[];
};

/** One page of users, searched and sorted by the known columns only; `total` counts every user. */
export async function pageOfUsers(
  db: Db,
  p: {
    columns: PagedColumn[];
    order: PagedOrder[];
    start: number;
    length: number;
    now: Date;
    /** Only the users of these modules (a product admin's reach); null: every user. */
    withinModules: readonly number[] | null;
  },
) {
  const reach =
    p.withinModules === null
      ? sql<SqlBool>`true`
      : sql<SqlBool>`EXISTS (SELECT 1 FROM module_user mu WHERE mu.user_id = u.id AND mu.module_id = ANY(${[...p.withinModules]}::bigint[]))`;
  const filters: Expression<SqlBool>[] = [reach];
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
           EXISTS (SELECT 1 FROM login_throttle lt WHERE lt.user_name_key = lower(u.user_name) AND lt.locked_until > ${p.now}) AS is_locked,
           EXISTS (SELECT 1 FROM user_totp ut WHERE ut.user_id = u.id AND ut.confirmed_at IS NOT NULL) AS has_authenticator,
           ARRAY(SELECT m.name FROM module_user mu JOIN module m ON m.id = mu.module_id WHERE mu.user_id = u.id AND m.deleted_at IS NULL ORDER BY m.name) AS modules,
           ARRAY(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.name) AS roles
    FROM app_user u WHERE ${where} ORDER BY ${orderBy} OFFSET ${p.start} LIMIT ${p.length}`.execute(db),
    sql<{ total: number; filtered: number }>`
    SELECT (SELECT count(*)::int FROM app_user u WHERE ${reach}) AS total, (SELECT count(*)::int FROM app_user u WHERE ${where}) AS filtered`.execute(
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

/** Registration statuses of a user who arrived by SSO or LDAP and waits for an admin. */
export const WAITING_STATUSES = [
  'REQUESTED',
  'REQUESTED_VIA_SAML',
  'REQUESTED_VIA_LDAP',
  'RAISED_FOR_APPROVAL',
] as const;

export type UserDetailRow = {
  id: number;
  user_name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  contact_number: string | null;
  is_active: boolean;
  is_locked: boolean;
  registration_status: string;
  department_id: number | null;
  department_name: string | null;
  roles: string[];
  module_ids: number[];
  modules: string[];
  created_at: Date;
};

/** One user with roles, live modules, department and whether any sign-in lock of their name holds now. */
export async function userDetail(db: Db, id: number, now: Date): Promise<UserDetailRow | undefined> {
  const r = await sql<UserDetailRow>`
    SELECT u.id, u.user_name, u.first_name, u.last_name, u.email, u.contact_number, u.is_active,
           u.registration_status, u.department_id, d.name AS department_name, u.created_at,
           EXISTS (SELECT 1 FROM login_throttle lt WHERE lt.user_name_key = lower(u.user_name) AND lt.locked_until > ${now}) AS is_locked,
           ARRAY(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.name) AS roles,
           ARRAY(SELECT m.id::int FROM module_user mu JOIN module m ON m.id = mu.module_id WHERE mu.user_id = u.id AND m.deleted_at IS NULL ORDER BY m.name) AS module_ids,
           ARRAY(SELECT m.name FROM module_user mu JOIN module m ON m.id = mu.module_id WHERE mu.user_id = u.id AND m.deleted_at IS NULL ORDER BY m.name) AS modules
    FROM app_user u LEFT JOIN department d ON d.id = u.department_id
    WHERE u.id = ${id}`.execute(db);
  return r.rows[0];
}

/** The user row, held until the transaction ends (two edits of one user never interleave). */
export const userForUpdate = (db: Db, id: number) =>
  db
    .selectFrom('app_user')
    .select(['id', 'user_name', 'registration_status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export async function userNameTaken(db: Db, userName: string): Promise<boolean> {
  const row = await db
    .selectFrom('app_user')
    .select('id')
    .where(sql`lower(user_name)`, '=', userName.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export const rolesByName = (db: Db, names: readonly string[]) =>
  names.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('role')
        .select(['id', 'name'])
        .where('name', 'in', [...names])
        .execute();

export const liveModulesById = (db: Db, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('module')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .where('deleted_at', 'is', null)
        .execute();

export const departmentExists = async (db: Db, id: number) =>
  (await db.selectFrom('department').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export type UserValues = {
  first_name: string;
  last_name: string;
  email: string;
  contact_number: string | null;
  department_id: number | null;
};

/** A new, active, approved user without a password: the invitation sets it. */
export async function insertUser(db: Db, userName: string, v: UserValues, now: Date): Promise<number> {
  const { id } = await db
    .insertInto('app_user')
    .values({
      user_name: userName,
      ...v,
      is_active: true,
      registration_status: 'APPROVED',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateUserValues(db: Db, id: number, v: UserValues, now: Date) {
  await db
    .updateTable('app_user')
    .set({ ...v, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The user's roles become exactly `roleIds`. */
export async function replaceUserRoles(db: Db, userId: number, roleIds: readonly number[]) {
  await db.deleteFrom('user_role').where('user_id', '=', userId).execute();
  if (roleIds.length > 0)
    await db
      .insertInto('user_role')
      .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
      .execute();
}

/** The user's live modules become exactly `moduleIds` (memberships of deleted modules are left alone). */
export async function replaceUserModules(db: Db, userId: number, moduleIds: readonly number[]) {
  await sql`DELETE FROM module_user mu USING module m
    WHERE mu.module_id = m.id AND mu.user_id = ${userId} AND m.deleted_at IS NULL`.execute(db);
  if (moduleIds.length > 0)
    await db
      .insertInto('module_user')
      .values(moduleIds.map((module_id) => ({ module_id, user_id: userId })))
      .execute();
}

/** The invitation: a set-password challenge the reset-password page completes (`tempToken` in the link). */
export async function insertInvitation(db: Db, userId: number, tempTokenHash: string, expiresAt: Date) {
  await db
    .insertInto('otp_challenge')
    .values({ user_id: userId, purpose: 'RESET_PASSWORD', temp_token_hash: tempTokenHash, expires_at: expiresAt })
    .execute();
}

/** Active users whose registration is approved, by user name. */
export const internalUsers = (db: Db) =>
  db
    .selectFrom('app_user')
    .select(['id', 'user_name', 'first_name', 'last_name', 'email'])
    .where('is_active', '=', true)
    .where('registration_status', '=', 'APPROVED')
    .orderBy(sql`lower(user_name)`)
    .execute();

/** Users waiting for an admin after an SSO or LDAP sign-in, oldest first. */
export const waitingUsers = (db: Db) =>
  db
    .selectFrom('app_user as u')
    .leftJoin('department as d', 'd.id', 'u.department_id')
    .select([
      'u.id',
      'u.user_name',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.registration_status',
      'u.created_at',
      'u.updated_at',
      'd.name as department_name',
    ])
    .where('u.registration_status', 'in', [...WAITING_STATUSES])
    .orderBy('u.updated_at')
    .orderBy('u.id')
    .execute();

export async function setRegistrationStatus(db: Db, id: number, status: 'APPROVED' | 'REJECTED', now: Date) {
  await db.updateTable('app_user').set({ registration_status: status, updated_at: now }).where('id', '=', id).execute();
}
