import type { ApprovalKind, NotificationKind } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';

/** SQL of lib/notifications: who may be told, and what they are told (decision 0033). */

/** Of these users, the active members of the module, with their choice for the kind (none: in the app only). */
export async function recipientsOf(db: Db, moduleId: number, kind: NotificationKind, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('app_user as u')
    .innerJoin('module_user as mu', (j) => j.onRef('mu.user_id', '=', 'u.id').on('mu.module_id', '=', moduleId))
    .leftJoin('notification_preference as p', (j) =>
      j.onRef('p.user_id', '=', 'u.id').on('p.module_id', '=', moduleId).on('p.kind', '=', kind),
    )
    .select([
      'u.id',
      'u.email',
      sql<boolean>`coalesce(p.in_app, true)`.as('in_app'),
      sql<boolean>`coalesce(p.by_email, false)`.as('by_email'),
    ])
    .where('u.id', 'in', [...new Set(userIds)])
    .where('u.is_active', '=', true)
    .orderBy('u.id')
    .execute();
}

export async function moduleName(db: Db, moduleId: number): Promise<string> {
  const m = await db.selectFrom('module').select('name').where('id', '=', moduleId).executeTakeFirst();
  return m?.name ?? '';
}

export async function insertNotifications(
  db: Db,
  rows: readonly { userId: number; moduleId: number; kind: NotificationKind; title: string; link: string | null }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notification')
    .values(
      rows.map((r) => ({
        user_id: r.userId,
        module_id: r.moduleId,
        kind: r.kind,
        title: r.title,
        link: r.link,
        created_at: now,
      })),
    )
    .execute();
}

/** Active members of the module whose roles grant the privilege (v2). */
export async function holdersOf(db: Db, moduleId: number, privilege: string): Promise<number[]> {
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('module_user as mu', (j) => j.onRef('mu.user_id', '=', 'u.id').on('mu.module_id', '=', moduleId))
    .select('u.id')
    .where('u.is_active', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_role as ur')
          .innerJoin('role_privilege as rp', 'rp.role_id', 'ur.role_id')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .where('rp.code', '=', privilege)
          .where('rp.version', '=', 'v2'),
      ),
    )
    .orderBy('u.id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Who may decide an approval request of this kind (decisions 0010, 0020): holders of pendingApprovals in the module
 * that hold one of the roles Settings › Approval Rights names for the kind (any, when it names none).
 */
export async function approvalCheckersOf(db: Db, moduleId: number, kind: ApprovalKind): Promise<number[]> {
  const holders = await holdersOf(db, moduleId, 'pendingApprovals');
  if (holders.length === 0) return [];
  const rights = await db
    .selectFrom('approval_right as ar')
    .innerJoin('user_role as ur', 'ur.role_id', 'ar.role_id')
    .select(['ur.user_id'])
    .where('ar.module_id', '=', moduleId)
    .where('ar.kind', '=', kind)
    .execute();
  const named = await db
    .selectFrom('approval_right')
    .select('role_id')
    .where('module_id', '=', moduleId)
    .where('kind', '=', kind)
    .limit(1)
    .execute();
  if (named.length === 0) return holders;
  const allowed = new Set(rights.map((r) => r.user_id));
  return holders.filter((id) => allowed.has(id));
}

/** Every unread alert of the module that opens this path becomes read (what it asked for is done). */
export async function settleByLink(db: Db, moduleId: number, link: string, now: Date): Promise<number> {
  const r = await db
    .updateTable('notification')
    .set({ read_at: now })
    .where('module_id', '=', moduleId)
    .where('link', '=', link)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
