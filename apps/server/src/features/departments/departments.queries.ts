import type { Db } from '@recon/db';
import { sql } from 'kysely';

export const listDepartments = (db: Db) => db.selectFrom('department').select(['id', 'name']).orderBy('name').execute();

export const departmentById = (db: Db, id: number) =>
  db.selectFrom('department').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export const userDepartmentSetting = (db: Db, userId: number) =>
  db.selectFrom('app_user').select(['id', 'department_configurable']).where('id', '=', userId).executeTakeFirst();

/** The user's department, their registration raised for approval with it; undefined when the user is gone. */
export const assignUserDepartment = (db: Db, userId: number, departmentId: number) =>
  db
    .updateTable('app_user')
    .set({ department_id: departmentId, registration_status: 'RAISED_FOR_APPROVAL', updated_at: sql`now()` })
    .where('id', '=', userId)
    .returning('id')
    .executeTakeFirst();
