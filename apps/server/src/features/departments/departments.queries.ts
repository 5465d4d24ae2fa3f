import type { Db } from '@recon/db';
import { sql } from 'kysely';

export const listDepartments = (db: Db) => db.selectFrom('department').select(['id', 'name']).orderBy('name').execute();

export const departmentById = (db: Db, id: number) =>
  db.selectFrom('department').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export const userDepartmentSetting = (db: Db, userId: number) =>
  db
    .selectFrom('app_user')
    .select(['id', 'department_configurable', 'registration_status'])
    .where('id', '=', userId)
    .executeTakeFirst();

/**
 * Uses a department token LDAP sign-in gave a REQUESTED_VIA_LDAP user (ldap_sso_token, decision 0023) once: true
 * when it was theirs, live and unused.
 */
export async function useSsoToken(db: Db, hash: string, userId: number, now: Date) {
  const used = await db
    .updateTable('ldap_sso_token')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return used !== undefined;
}

/** The user's department, their registration raised for approval with it; undefined when the user is gone. */
export const assignUserDepartment = (db: Db, userId: number, departmentId: number) =>
  db
    .updateTable('app_user')
    .set({ department_id: departmentId, registration_status: 'RAISED_FOR_APPROVAL', updated_at: sql`now()` })
    .where('id', '=', userId)
    .returning('id')
    .executeTakeFirst();
