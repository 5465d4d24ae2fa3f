import type { NotificationKind } from '@recon/contract';
import type { Db } from '@recon/db';

/** The caller's own alerts and choices: every query is bound to one user and one module. */
type Owner = { userId: number; moduleId: number };

const COLUMNS = ['id', 'kind', 'title', 'link', 'read_at', 'created_at'] as const;

export async function listOwn(db: Db, o: Owner, page: { start: number; length: number; unreadOnly: boolean }) {
  let query = db.selectFrom('notification').where('user_id', '=', o.userId).where('module_id', '=', o.moduleId);
  if (page.unreadOnly) query = query.where('read_at', 'is', null);
  const rows = await query
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.start)
    .limit(page.length)
    .execute();
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}
export type NotificationRecord = Awaited<ReturnType<typeof listOwn>>['rows'][number];

export async function unreadCount(db: Db, o: Owner): Promise<number> {
  const { n } = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', o.userId)
    .where('module_id', '=', o.moduleId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Marks one of the owner's alerts read (keeping the first time); undefined when it is not theirs. */
export async function markRead(db: Db, o: Owner, id: number, now: Date) {
  await db
    .updateTable('notification')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('user_id', '=', o.userId)
    .where('module_id', '=', o.moduleId)
    .where('read_at', 'is', null)
    .execute();
  return db
    .selectFrom('notification')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', o.userId)
    .where('module_id', '=', o.moduleId)
    .executeTakeFirst();
}

export async function markAllRead(db: Db, o: Owner, now: Date): Promise<number> {
  const r = await db
    .updateTable('notification')
    .set({ read_at: now })
    .where('user_id', '=', o.userId)
    .where('module_id', '=', o.moduleId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function preferencesOf(db: Db, o: Owner) {
  return db
    .selectFrom('notification_preference')
    .select(['kind', 'in_app', 'by_email'])
    .where('user_id', '=', o.userId)
    .where('module_id', '=', o.moduleId)
    .execute();
}

export async function savePreferences(
  db: Db,
  o: Owner,
  preferences: readonly { kind: NotificationKind; inApp: boolean; email: boolean }[],
): Promise<void> {
  await db
    .insertInto('notification_preference')
    .values(
      preferences.map((p) => ({
        user_id: o.userId,
        module_id: o.moduleId,
        kind: p.kind,
        in_app: p.inApp,
        by_email: p.email,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'module_id', 'kind']).doUpdateSet((eb) => ({
        in_app: eb.ref('excluded.in_app'),
        by_email: eb.ref('excluded.by_email'),
      })),
    )
    .execute();
}
