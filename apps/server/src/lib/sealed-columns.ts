/**
 * Every database column that holds a sealed secret (decision 0021), for the features that seal into them and for
 * key rotation, which re-seals them all. A test holds this list to the schema's `*_sealed` columns.
 */
export const SEALED_COLUMNS = [
  { table: 'totp_config', column: 'secret_sealed', isPerModule: true },
  { table: 'bot_credential', column: 'password_sealed', isPerModule: true },
  // The installation's LDAP service account (decision 0023): one row, sealed with module 0 in its context.
  { table: 'ldap_config', column: 'bind_password_sealed', isPerModule: false },
  // A user's authenticator seed (decision 0028): users belong to no module, 0 in the context.
  { table: 'user_totp', column: 'secret_sealed', isPerModule: false },
  { table: 'oauth_account', column: 'access_token_sealed', isPerModule: true },
  { table: 'oauth_account', column: 'refresh_token_sealed', isPerModule: true },
  { table: 'oauth_account', column: 'key_secret_sealed', isPerModule: true },
  { table: 'oauth_state', column: 'code_verifier_sealed', isPerModule: true },
] as const;
export type SealedColumn = (typeof SEALED_COLUMNS)[number];
type ColumnName = `${SealedColumn['table']}.${SealedColumn['column']}`;

/** One sealed column by its `table.column` name. */
export function sealedColumn(name: ColumnName): SealedColumn {
  const c = SEALED_COLUMNS.find((s) => `${s.table}.${s.column}` === name);
  if (!c) throw new Error(`${name} is not a sealed column`);
  return c;
}

/** What sealed secrets are bound to: their column and module (a value copied elsewhere does not open). */
export const sealContext = (c: Pick<SealedColumn, 'table' | 'column'>, moduleId: number) =>
  `${c.table}.${c.column}#${moduleId}`;
