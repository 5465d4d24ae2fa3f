import type { Db } from '@recon/db';

export type LdapConfigRow = NonNullable<Awaited<ReturnType<typeof getConfig>>>;
export type LdapConfigValues = {
  is_enabled: boolean;
  url: string;
  bind_mode: 'DIRECT' | 'SEARCH';
  user_dn_template: string | null;
  bind_dn: string | null;
  base_dn: string | null;
  user_filter: string | null;
  email_attribute: string | null;
  name_attribute: string | null;
  groups_attribute: string | null;
  group_mappings: { group: string; roles: string[]; moduleIds: number[] }[];
  connect_timeout_ms: number;
  ca_certificate: string | null;
  start_tls: boolean;
  reject_unauthorized: boolean;
};

/** The installation's one directory (row id 1), if set up. */
export async function getConfig(db: Db) {
  return db.selectFrom('ldap_config').selectAll().where('id', '=', 1).executeTakeFirst();
}

/**
 * Sets the directory up or changes it. `sealedPassword` undefined keeps the stored service password (the password
 * is write-only: a form that does not send it again must not wipe it).
 */
export async function saveConfig(db: Db, v: LdapConfigValues, sealedPassword: string | null | undefined, now: Date) {
  const values = {
    ...v,
    group_mappings: JSON.stringify(v.group_mappings),
    ...(sealedPassword !== undefined ? { bind_password_sealed: sealedPassword } : {}),
  };
  return db
    .insertInto('ldap_config')
    .values({ id: 1, ...values, bind_password_sealed: sealedPassword ?? null })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const deleteConfig = (db: Db) =>
  db.deleteFrom('ldap_config').where('id', '=', 1).returning(['id', 'url']).executeTakeFirst();

export async function isEnabled(db: Db) {
  const row = await db.selectFrom('ldap_config').select('is_enabled').where('id', '=', 1).executeTakeFirst();
  return row?.is_enabled ?? false;
}

/** A department token for a REQUESTED_VIA_LDAP user: only its hash is kept; the expired ones are dropped. */
export async function insertSsoToken(db: Db, t: { hash: string; userId: number; expiresAt: Date }, now: Date) {
  await db.deleteFrom('ldap_sso_token').where('expires_at', '<', now).execute();
  await db
    .insertInto('ldap_sso_token')
    .values({ token_hash: t.hash, user_id: t.userId, expires_at: t.expiresAt })
    .execute();
}
