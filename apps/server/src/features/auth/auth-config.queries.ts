import type { Db } from '@recon/db';
import { sql } from 'kysely';

const USER_GROUP = 'USER';

/** The USER group's settings, by key. */
export async function userSettings(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('global_setting')
    .select(['setting_key', 'setting_value'])
    .where('setting_group', '=', USER_GROUP)
    .execute();
  return new Map(rows.map((r) => [r.setting_key, r.setting_value]));
}

export async function upsertUserSettings(db: Db, entries: [key: string, value: string][]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('global_setting')
    .values(entries.map(([key, value]) => ({ setting_group: USER_GROUP, setting_key: key, setting_value: value })))
    .onConflict((oc) =>
      oc
        .columns(['setting_group', 'setting_key'])
        .doUpdateSet({ setting_value: sql`excluded.setting_value`, updated_at: sql`now()` }),
    )
    .execute();
}

/** The hashes of the user's earlier passwords, newest first. */
export async function recentPasswordHashes(db: Db, userId: number, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const rows = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.map((r) => r.password_hash);
}

/** Keeps a replaced password's hash; only the newest 24 (the longest history a policy can ask) are kept. */
export async function rememberPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.insertInto('password_history').values({ user_id: userId, password_hash: passwordHash }).execute();
  await db
    .deleteFrom('password_history')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      db.selectFrom('password_history').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(24),
    )
    .execute();
}

export async function insertCaptcha(db: Db, c: { id: string; answerHash: string; expiresAt: Date }): Promise<void> {
  // Expired challenges nobody answered go with the next one.
  await db.deleteFrom('captcha_challenge').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`).execute();
  await db
    .insertInto('captcha_challenge')
    .values({ id: c.id, answer_hash: c.answerHash, expires_at: c.expiresAt })
    .execute();
}

export async function findCaptcha(db: Db, id: string) {
  return db
    .selectFrom('captcha_challenge')
    .select(['id', 'answer_hash', 'expires_at', 'used_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Uses the challenge up; false when another request used it first. */
export async function useCaptcha(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('captcha_challenge')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}
