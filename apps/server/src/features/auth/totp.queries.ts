import type { Db } from '@recon/db';
import { sql } from 'kysely';

/** The user's authenticator, confirmed or waiting for its first code. */
export const totpOf = (db: Db, userId: number) =>
  db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** A new seed replaces one not yet confirmed; a confirmed one is kept (answers undefined then). */
export const startEnrolment = (db: Db, userId: number, sealed: string) =>
  db
    .insertInto('user_totp')
    .values({ user_id: userId, secret_sealed: sealed })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_sealed: sealed, last_used_step: null, created_at: sql`now()` })
        .where('user_totp.confirmed_at', 'is', null),
    )
    .returning('id')
    .executeTakeFirst();

/**
 * Takes a code's time step for the user: true only when it is later than the last one taken, so a code (or an older
 * one) is accepted once, even by two requests at the same time. `confirm` also confirms the authenticator.
 */
export async function takeStep(db: Db, userId: number, step: number, confirm: boolean) {
  const row = await db
    .updateTable('user_totp')
    .set({ last_used_step: step, ...(confirm ? { confirmed_at: sql`now()` } : {}) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export const removeTotp = (db: Db, userId: number) =>
  db.deleteFrom('user_totp').where('user_id', '=', userId).returning('id').executeTakeFirst();

/** The user, and whether they share a module with `callerId` (a product admin reaches only those, decision 0019). */
export const resetTarget = (db: Db, userId: number, callerId: number) =>
  db
    .selectFrom('app_user as u')
    .select([
      'u.id',
      'u.user_name',
      sql<boolean>`EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id
        WHERE ur.user_id = u.id AND r.name = 'ROLE_ADMIN')`.as('is_admin'),
      sql<boolean>`EXISTS (SELECT 1 FROM module_user a JOIN module_user b ON b.module_id = a.module_id
        WHERE a.user_id = u.id AND b.user_id = ${callerId})`.as('shares_module'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();

/** The user's recovery codes become these (hashes): the ones before, used or not, are gone. */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: readonly string[]) {
  await db.deleteFrom('user_totp_recovery_code').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_totp_recovery_code')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Marks the user's unused code with this hash as used: true only the one time it was unused (two requests too). */
export async function takeRecoveryCode(db: Db, userId: number, hash: string) {
  const row = await db
    .updateTable('user_totp_recovery_code')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recoveryCodesLeft(db: Db, userId: number) {
  const row = await db
    .selectFrom('user_totp_recovery_code')
    .select((eb) => eb.fn.countAll<string>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}
