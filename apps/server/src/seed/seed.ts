import { randomBytes } from 'node:crypto';
import { PRIVILEGE_CODES } from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import { sql } from 'kysely';
import { hashPassword } from '@/lib/passwords.ts';
import { DEFAULT_SETTINGS, describePrivilege, SEEDED_DEPARTMENTS, SEEDED_ROLES } from './roles.ts';

/**
 * What every installation needs: the privilege catalogue, the seeded roles (grants only when a role is
 * first created, so edits survive restarts; the Admin role always holds every code), departments and
 * default settings. Idempotent.
 */
export async function seedSystem(db: Db): Promise<void> {
  await withTransaction(db, {}, async ({ db: tx }) => {
    await tx
      .insertInto('privilege')
      .values(PRIVILEGE_CODES.map((code) => ({ code, version: 'v2', description: describePrivilege(code) })))
      .onConflict((oc) => oc.columns(['code', 'version']).doNothing())
      .execute();
    for (const role of SEEDED_ROLES) {
      const created = await tx
        .insertInto('role')
        .values({ name: role.name, is_maker: role.isMaker ?? false, is_checker: role.isChecker ?? false })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('id')
        .executeTakeFirst();
      const roleId =
        created?.id ??
        (await tx.selectFrom('role').select('id').where('name', '=', role.name).executeTakeFirstOrThrow()).id;
      if (created || role.name === 'ROLE_ADMIN') {
        await tx
          .insertInto('role_privilege')
          .values([...new Set(role.grants)].map((code) => ({ role_id: roleId, code, version: 'v2' })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    await tx
      .insertInto('department')
      .values(SEEDED_DEPARTMENTS.map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await tx
      .insertInto('global_setting')
      .values(DEFAULT_SETTINGS.map((s) => ({ setting_group: s.group, setting_key: s.key, setting_value: s.value })))
      .onConflict((oc) => oc.columns(['setting_group', 'setting_key']).doNothing())
      .execute();
  });
}

export type NewUser = {
  userName: string;
  password: string;
  firstName?: string;
  lastName?: string;
  email?: string | null;
  contactNumber?: string | null;
  roles: readonly string[];
  moduleIds?: readonly number[];
  isActive?: boolean;
  registrationStatus?: string;
  departmentConfigurable?: boolean;
};

/** Creates a user with roles and modules; answers the id. Used by the seeds and by tests. */
export async function createUser(db: Db, u: NewUser): Promise<number> {
  const passwordHash = await hashPassword(u.password);
  return withTransaction(db, {}, async ({ db: tx }) => {
    const { id } = await tx
      .insertInto('app_user')
      .values({
        user_name: u.userName,
        first_name: u.firstName ?? u.userName,
        last_name: u.lastName ?? '',
        email: u.email ?? null,
        contact_number: u.contactNumber ?? null,
        password_hash: passwordHash,
        is_active: u.isActive ?? true,
        registration_status: u.registrationStatus ?? 'APPROVED',
        department_configurable: u.departmentConfigurable ?? false,
        password_changed_at: sql`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (u.roles.length > 0) {
      const roles = await tx
        .selectFrom('role')
        .select('id')
        .where('name', 'in', [...u.roles])
        .execute();
      if (roles.length !== u.roles.length) throw new Error(`unknown role among ${u.roles.join(', ')}`);
      await tx
        .insertInto('user_role')
        .values(roles.map((r) => ({ user_id: id, role_id: r.id })))
        .execute();
    }
    if (u.moduleIds?.length) {
      await tx
        .insertInto('module_user')
        .values(u.moduleIds.map((module_id) => ({ module_id, user_id: id })))
        .execute();
    }
    return id;
  });
}

export async function createModuleRow(db: Db, name: string): Promise<number> {
  const { id } = await db.insertInto('module').values({ name }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export const DEMO_PASSWORD = 'Recon@Demo2026';
export const DEMO_MODULES = ['Payments Gateway Recon', 'Bank Settlement Recon'] as const;
export const DEMO_USERS: readonly (Omit<NewUser, 'password' | 'moduleIds'> & { modules: 'both' | 'first' })[] = [
  {
    userName: 'admin',
    firstName: 'Asha',
    lastName: 'Admin',
    email: 'admin@demo.local',
    contactNumber: '+919800000001',
    roles: ['ROLE_ADMIN'],
    modules: 'both',
  },
  {
    userName: 'manager',
    firstName: 'Meera',
    lastName: 'Manager',
    email: 'manager@demo.local',
    contactNumber: '+919800000002',
    roles: ['ROLE_MANAGER'],
    modules: 'both',
  },
  {
    userName: 'operator',
    firstName: 'Omar',
    lastName: 'Operator',
    email: 'operator@demo.local',
    contactNumber: '+919800000003',
    roles: ['ROLE_OPERATOR'],
    modules: 'first',
  },
  {
    userName: 'maker',
    firstName: 'Mira',
    lastName: 'Maker',
    email: 'maker@demo.local',
    contactNumber: '+919800000004',
    roles: ['ROLE_MAKER'],
    modules: 'both',
  },
  {
    userName: 'checker',
    firstName: 'Chetan',
    lastName: 'Checker',
    email: 'checker@demo.local',
    contactNumber: '+919800000005',
    roles: ['ROLE_CHECKER'],
    modules: 'both',
  },
];

/** The demo: two modules and five users, created once (a restart finds them and adds nothing). */
export async function seedDemo(db: Db): Promise<{ created: boolean }> {
  const existing = await db
    .selectFrom('app_user')
    .select('id')
    .where(sql`lower(user_name)`, '=', 'admin')
    .executeTakeFirst();
  if (existing) return { created: false };
  const moduleIds: number[] = [];
  for (const name of DEMO_MODULES) moduleIds.push(await createModuleRow(db, name));
  for (const u of DEMO_USERS) {
    const { modules, ...user } = u;
    await createUser(db, {
      ...user,
      password: DEMO_PASSWORD,
      moduleIds: modules === 'both' ? moduleIds : moduleIds.slice(0, 1),
    });
  }
  return { created: true };
}

/** Without the demo: the first admin, from ADMIN_USER / ADMIN_PASSWORD (a random password is generated and printed when unset). */
export async function seedFirstAdmin(
  db: Db,
  userName: string,
  password: string | undefined,
): Promise<{ created: boolean; password?: string }> {
  const any = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (any) return { created: false };
  const pw = password ?? `${randomBytes(9).toString('base64url')}A1!`;
  await createUser(db, { userName, password: pw, roles: ['ROLE_ADMIN'], firstName: 'Administrator' });
  return { created: true, password: password ? undefined : pw };
}
