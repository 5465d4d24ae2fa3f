import type { Db } from '@recon/db';
import { sql } from 'kysely';

export async function findUserByName(db: Db, userName: string) {
  return db
    .selectFrom('app_user')
    .selectAll()
    .where(sql`lower(user_name)`, '=', userName.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Db, userId: number) {
  return db.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** The user as the client keeps it, minus tokens. */
export async function loadSignedInProfile(db: Db, userId: number) {
  return db
    .selectFrom('app_user as u')
    .leftJoin('department as d', 'd.id', 'u.department_id')
    .select([
      'u.id',
      'u.user_name',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.profile_pic_path',
      'u.registration_status',
      'u.department_configurable',
      'd.id as department_id',
      'd.name as department_name',
      sql<
        string[]
      >`ARRAY(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.name)`.as(
        'roles',
      ),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The throttle row of the name across every address. */
export const EVERY_SOURCE = '*';

/**
 * Counts one sign-in attempt of a name from a source before its password is checked, in one statement (the row
 * is locked while it counts): parallel attempts each see their own count. A lock that has run out starts the count
 * again; a locked row is not counted further. Answers the count with this attempt and the lock, if any.
 */
export async function countAttempt(db: Db, key: string, source: string, now: Date) {
  return db
    .insertInto('login_throttle')
    .values({ user_name_key: key, source, failed_count: 1, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_name_key', 'source']).doUpdateSet({
        failed_count: sql`CASE WHEN login_throttle.locked_until IS NULL THEN login_throttle.failed_count + 1
          WHEN login_throttle.locked_until <= ${now} THEN 1 ELSE login_throttle.failed_count END`,
        locked_until: sql`CASE WHEN login_throttle.locked_until <= ${now} THEN NULL ELSE login_throttle.locked_until END`,
        updated_at: now,
      }),
    )
    .returning(['failed_count', 'locked_until'])
    .executeTakeFirstOrThrow();
}

/** Locks a name for a source (or every source) until the given time, unless it is locked already. */
export async function lockAttempts(db: Db, key: string, source: string, until: Date): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ locked_until: until })
    .where('user_name_key', '=', key)
    .where('source', '=', source)
    .where('locked_until', 'is', null)
    .execute();
}

/** A right password: the source's count and the name's count start again (other sources keep theirs). */
export async function clearAttempts(db: Db, key: string, source: string): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('user_name_key', '=', key)
    .where('source', 'in', [source, EVERY_SOURCE])
    .execute();
}

/** Lifts every lock and count of a name, from every source (a new password, an admin's unlock). */
export async function clearThrottle(db: Db, key: string): Promise<number> {
  const result = await db.deleteFrom('login_throttle').where('user_name_key', '=', key).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertFamily(db: Db, f: { id: string; userId: number; expiresAt: Date }) {
  await db.insertInto('token_family').values({ id: f.id, user_id: f.userId, expires_at: f.expiresAt }).execute();
}

export async function insertRefreshToken(db: Db, t: { hash: string; familyId: string; expiresAt: Date }) {
  await db
    .insertInto('refresh_token')
    .values({ token_hash: t.hash, family_id: t.familyId, expires_at: t.expiresAt })
    .execute();
}

/** The refresh token and its family, locked for rotation. */
export async function lockRefreshToken(db: Db, hash: string) {
  return db
    .selectFrom('refresh_token as t')
    .innerJoin('token_family as f', 'f.id', 't.family_id')
    .select([
      't.token_hash',
      't.expires_at',
      't.rotated_at',
      't.rotation_answer',
      'f.id as family_id',
      'f.user_id',
      'f.expires_at as family_expires_at',
      'f.last_activity_at',
      'f.revoked_at',
    ])
    .where('t.token_hash', '=', hash)
    .forUpdate()
    .executeTakeFirst();
}

/** Rotated at `at`; `answer` (sealed) is the pair the rotation gave, for the grace interval (decision 0015). */
export async function markRotated(db: Db, hash: string, at: Date, answer: string | null) {
  await db
    .updateTable('refresh_token')
    .set({ rotated_at: at, rotation_answer: answer })
    .where('token_hash', '=', hash)
    .execute();
}

/** Is the token this hash names still the family's live one (not rotated, not revoked)? */
export async function isLiveToken(db: Db, hash: string) {
  const t = await db.selectFrom('refresh_token').select('rotated_at').where('token_hash', '=', hash).executeTakeFirst();
  return t !== undefined && t.rotated_at === null;
}

/** Drops the kept answers of the family's tokens rotated before `before`: their grace is over. */
export async function clearRotationAnswers(db: Db, familyId: string, before?: Date) {
  let q = db
    .updateTable('refresh_token')
    .set({ rotation_answer: null })
    .where('family_id', '=', familyId)
    .where('rotation_answer', 'is not', null);
  if (before) q = q.where('rotated_at', '<', before);
  await q.execute();
}

export async function touchFamily(db: Db, familyId: string, at: Date) {
  await db.updateTable('token_family').set({ last_activity_at: at }).where('id', '=', familyId).execute();
}

export async function revokeFamily(db: Db, familyId: string, reason: string) {
  await db
    .updateTable('token_family')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  await clearRotationAnswers(db, familyId);
}

export async function revokeAllFamilies(db: Db, userId: number, reason: string) {
  await db
    .updateTable('token_family')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertChallenge(
  db: Db,
  c: { userId: number; purpose: 'LOGIN' | 'RESET_PASSWORD'; tempTokenHash: string; expiresAt: Date },
) {
  // One open challenge per user and purpose: a new sign-in or reset request supersedes the last.
  await db
    .updateTable('otp_challenge')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', c.userId)
    .where('purpose', '=', c.purpose)
    .where('used_at', 'is', null)
    .execute();
  return db
    .insertInto('otp_challenge')
    .values({ user_id: c.userId, purpose: c.purpose, temp_token_hash: c.tempTokenHash, expires_at: c.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function findOpenChallengeByToken(db: Db, tempTokenHash: string, now: Date) {
  return db
    .selectFrom('otp_challenge')
    .selectAll()
    .where('temp_token_hash', '=', tempTokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
}

export async function findOpenLoginChallenge(db: Db, userId: number, now: Date) {
  return db
    .selectFrom('otp_challenge')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', 'LOGIN')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst();
}

/** `sentAt` is the app clock's time, the clock the 30-second resend rule and the code expiry are measured on. */
export async function setChallengeCode(db: Db, id: number, codeHash: string, sentAt: Date, codeExpiresAt: Date) {
  await db
    .updateTable('otp_challenge')
    // Wrong attempts count across resends: a new code does not buy five more guesses.
    .set({ code_hash: codeHash, code_expires_at: codeExpiresAt, created_at: sentAt })
    .where('id', '=', id)
    .execute();
}

export async function countChallengeAttempt(db: Db, id: number) {
  const row = await db
    .updateTable('otp_challenge')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export async function closeChallenge(db: Db, id: number) {
  await db.updateTable('otp_challenge').set({ used_at: sql`now()` }).where('id', '=', id).execute();
}

export async function setContactNumber(db: Db, userId: number, mobile: string) {
  await db
    .updateTable('app_user')
    .set({ contact_number: mobile, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function setPassword(db: Db, userId: number, passwordHash: string) {
  await db
    .updateTable('app_user')
    .set({ password_hash: passwordHash, password_changed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}
