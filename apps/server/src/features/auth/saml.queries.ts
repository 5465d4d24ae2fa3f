import type { Db } from '@recon/db';
import { sql } from 'kysely';

export type SamlConfigRow = Awaited<ReturnType<typeof listConfigs>>[number];
export type SamlConfigValues = {
  registration_id: string;
  name: string;
  is_enabled: boolean;
  idp_entry_point: string;
  idp_issuer: string | null;
  idp_certificate: string;
  sp_entity_id: string;
  audience: string | null;
  email_attribute: string | null;
  name_attribute: string | null;
  groups_attribute: string | null;
  group_mappings: { group: string; roles: string[]; moduleIds: number[] }[];
};

export async function listConfigs(db: Db) {
  return db.selectFrom('saml_config').selectAll().orderBy('name').orderBy('id').execute();
}

export async function configByRegistrationId(db: Db, registrationId: string) {
  return db
    .selectFrom('saml_config')
    .selectAll()
    .where(sql`lower(registration_id)`, '=', registrationId.toLowerCase())
    .executeTakeFirst();
}

export async function configById(db: Db, id: number) {
  return db.selectFrom('saml_config').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function enabledRegistrations(db: Db) {
  return db
    .selectFrom('saml_config')
    .select(['registration_id', 'name'])
    .where('is_enabled', '=', true)
    .orderBy('name')
    .execute();
}

/** Another registration (than `exceptId`) already named so, regardless of case. */
export async function isRegistrationIdTaken(db: Db, registrationId: string, exceptId: number | null) {
  let q = db
    .selectFrom('saml_config')
    .select('id')
    .where(sql`lower(registration_id)`, '=', registrationId.toLowerCase());
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The names among `names` that are no role. */
export async function unknownRoles(db: Db, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const known = await db.selectFrom('role').select('name').where('name', 'in', names).execute();
  return names.filter((n) => !known.some((k) => k.name === n));
}

export async function insertConfig(db: Db, v: SamlConfigValues) {
  return db
    .insertInto('saml_config')
    .values({ ...v, group_mappings: JSON.stringify(v.group_mappings) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateConfig(db: Db, id: number, v: SamlConfigValues, now: Date) {
  return db
    .updateTable('saml_config')
    .set({ ...v, group_mappings: JSON.stringify(v.group_mappings), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteConfig(db: Db, id: number) {
  return db.deleteFrom('saml_config').where('id', '=', id).returning(['id', 'registration_id']).executeTakeFirst();
}

/**
 * Remembers an accepted assertion id until it expires; answers false when it was seen before (a replay). Expired
 * ids are forgotten first: an assertion that old is refused by its own NotOnOrAfter.
 */
export async function rememberAssertion(
  db: Db,
  a: { assertionId: string; registrationId: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  await db.deleteFrom('saml_assertion_seen').where('expires_at', '<', now).execute();
  const inserted = await db
    .insertInto('saml_assertion_seen')
    .values({ assertion_id: a.assertionId, registration_id: a.registrationId, expires_at: a.expiresAt })
    .onConflict((oc) => oc.column('assertion_id').doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The user an assertion names: by user name, or by e-mail when the assertion carries one. */
export async function findUserForAssertion(db: Db, userName: string, email: string | null) {
  return db
    .selectFrom('app_user')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(sql`lower(user_name)`, '=', userName.toLowerCase()),
        ...(email ? [eb(sql`lower(email)`, '=', email.toLowerCase())] : []),
      ]),
    )
    .orderBy(sql`lower(user_name) = ${userName.toLowerCase()}`, 'desc')
    .executeTakeFirst();
}

/** A user a directory sign-in names for the first time: no password, waiting for roles, modules or approval. */
export async function insertRequestedUser(
  db: Db,
  u: { userName: string; firstName: string; lastName: string; email: string | null },
  status: 'REQUESTED_VIA_SAML' | 'REQUESTED_VIA_LDAP' = 'REQUESTED_VIA_SAML',
) {
  return db
    .insertInto('app_user')
    .values({
      user_name: u.userName,
      first_name: u.firstName,
      last_name: u.lastName,
      email: u.email,
      password_hash: null,
      contact_number: null,
      department_id: null,
      profile_pic_path: null,
      registration_status: status,
      department_configurable: true,
    })
    .returning(['id', 'user_name'])
    .executeTakeFirstOrThrow();
}

/** Grants roles (by name) and modules (live ones) a user does not hold yet; answers how many were added. */
export async function grantRolesAndModules(db: Db, userId: number, roles: string[], moduleIds: number[]) {
  let added = 0;
  if (roles.length > 0) {
    const r = await db
      .insertInto('user_role')
      .columns(['user_id', 'role_id'])
      .expression((eb) =>
        eb
          .selectFrom('role')
          .select([sql<number>`${userId}::bigint`.as('user_id'), 'id'])
          .where('name', 'in', roles),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  if (moduleIds.length > 0) {
    const m = await db
      .insertInto('module_user')
      .columns(['module_id', 'user_id'])
      .expression((eb) =>
        eb
          .selectFrom('module')
          .select(['id', sql<number>`${userId}::bigint`.as('user_id')])
          .where('id', 'in', moduleIds)
          .where('deleted_at', 'is', null),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    added += Number(m.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** Whether the user holds at least one role and one live module: what a session needs. */
export async function accessOf(db: Db, userId: number) {
  const row = await db
    .selectFrom('app_user as u')
    .select([
      sql<boolean>`EXISTS (SELECT 1 FROM user_role ur WHERE ur.user_id = u.id)`.as('has_role'),
      sql<boolean>`EXISTS (SELECT 1 FROM module_user mu JOIN module m ON m.id = mu.module_id
        WHERE mu.user_id = u.id AND m.deleted_at IS NULL)`.as('has_module'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return { hasRole: row?.has_role ?? false, hasModule: row?.has_module ?? false };
}

/** A registration a directory sign-in requested becomes APPROVED (once the user holds a role and a module). */
export async function approveRegistration(
  db: Db,
  userId: number,
  from: 'REQUESTED_VIA_SAML' | 'REQUESTED_VIA_LDAP' = 'REQUESTED_VIA_SAML',
) {
  await db
    .updateTable('app_user')
    .set({ registration_status: 'APPROVED' })
    .where('id', '=', userId)
    .where('registration_status', '=', from)
    .execute();
}

export async function insertTicket(db: Db, t: { hash: string; userId: number; expiresAt: Date }, now: Date) {
  // Tickets are good for minutes: the ones past their time are dropped as new ones come.
  await db.deleteFrom('saml_login_ticket').where('expires_at', '<', now).execute();
  await db
    .insertInto('saml_login_ticket')
    .values({ token_hash: t.hash, user_id: t.userId, expires_at: t.expiresAt })
    .execute();
}

/** Uses a ticket once: answers its user when it was live and unused. */
export async function useTicket(db: Db, hash: string, now: Date) {
  return db
    .updateTable('saml_login_ticket')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
}

/** An AuthnRequest id sent to the identity provider, with node-saml's instant, until it expires. */
export async function saveRequest(db: Db, r: { id: string; issuedAt: string; expiresAt: Date }, now: Date) {
  await db.deleteFrom('saml_request').where('expires_at', '<', now).execute();
  await db
    .insertInto('saml_request')
    .values({ request_id: r.id, issued_at: r.issuedAt, expires_at: r.expiresAt })
    .onConflict((oc) => oc.column('request_id').doNothing())
    .execute();
}

export async function liveRequest(db: Db, id: string, now: Date) {
  return db
    .selectFrom('saml_request')
    .select('issued_at')
    .where('request_id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function removeRequest(db: Db, id: string) {
  await db.deleteFrom('saml_request').where('request_id', '=', id).execute();
}
