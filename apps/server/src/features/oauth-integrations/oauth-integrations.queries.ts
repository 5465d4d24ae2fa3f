import type { Db, OAuthAccountStatusName, OAuthProviderName } from '@recon/db';
import { sql } from 'kysely';

// Mail accounts and gateway links of a module (decision 0026). A row of another module is never read or changed
// through these. The *_sealed columns hold sealed values only (decision 0021).

const accounts = (db: Db, moduleId: number) =>
  db
    .selectFrom('oauth_account as a')
    .leftJoin('app_user as u', 'u.id', 'a.connected_by')
    .selectAll('a')
    .select('u.user_name as connected_by_name')
    .where('a.module_id', '=', moduleId);

export function listAccounts(db: Db, moduleId: number, kind: 'MAIL' | 'GATEWAY', provider?: OAuthProviderName) {
  let q = accounts(db, moduleId).where('a.kind', '=', kind);
  if (provider) q = q.where('a.provider', '=', provider);
  return q.orderBy('a.provider').orderBy(sql`lower(a.account)`).orderBy('a.id').execute();
}
export function getAccount(db: Db, moduleId: number, kind: 'MAIL' | 'GATEWAY', id: number) {
  return accounts(db, moduleId).where('a.kind', '=', kind).where('a.id', '=', id).executeTakeFirst();
}
export type AccountRecord = NonNullable<Awaited<ReturnType<typeof getAccount>>>;
export function findAccount(db: Db, moduleId: number, provider: OAuthProviderName, account: string) {
  return accounts(db, moduleId)
    .where('a.provider', '=', provider)
    .where(sql`lower(a.account)`, '=', account.toLowerCase())
    .executeTakeFirst();
}
/** Forgets the key secret of a disconnected gateway link. */
export async function clearKeySecret(db: Db, id: number) {
  await db.updateTable('oauth_account').set({ key_secret_sealed: null }).where('id', '=', id).execute();
}
/** The row to lock while its tokens are refreshed (one refresh at a time per account). */
export function lockAccount(db: Db, id: number) {
  return db.selectFrom('oauth_account').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export type AccountValues = {
  kind: 'MAIL' | 'GATEWAY';
  provider: OAuthProviderName;
  account: string;
  auth_type: 'OAUTH' | 'API_KEY';
  status: OAuthAccountStatusName;
  scopes: string[];
  access_token_sealed: string | null;
  refresh_token_sealed: string | null;
  expires_at: Date | null;
  key_id: string | null;
  key_secret_sealed: string | null;
  last_error: string | null;
};
/** Connects (or reconnects) the account of a module: one row per provider and account. */
export async function upsertAccount(db: Db, moduleId: number, v: AccountValues, by: number, now: Date) {
  const existing = await findAccount(db, moduleId, v.provider, v.account);
  if (existing) {
    await db
      .updateTable('oauth_account')
      .set({ ...v, connected_by: by, updated_at: now })
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id, created: false };
  }
  const row = await db
    .insertInto('oauth_account')
    .values({ ...v, module_id: moduleId, connected_by: by, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}
export async function updateTokens(
  db: Db,
  id: number,
  v: Partial<
    Pick<
      AccountValues,
      'status' | 'access_token_sealed' | 'refresh_token_sealed' | 'expires_at' | 'last_error' | 'scopes'
    >
  >,
  now: Date,
) {
  await db
    .updateTable('oauth_account')
    .set({ ...v, updated_at: now })
    .where('id', '=', id)
    .execute();
}

// ---- Authorization states ----
export async function insertState(
  db: Db,
  v: {
    state_hash: string;
    user_id: number;
    module_id: number;
    provider: OAuthProviderName;
    code_verifier_sealed: string;
    expires_at: Date;
  },
  now: Date,
) {
  await db.deleteFrom('oauth_state').where('expires_at', '<', now).execute();
  await db
    .insertInto('oauth_state')
    .values({ ...v, created_at: now })
    .execute();
}
/** Uses up a live state: answers its row once, or nothing when it is unknown, used or expired. */
export function takeState(
  db: Db,
  stateHash: string,
  now: Date,
  owner: { userId: number; moduleId: number; provider: OAuthProviderName },
) {
  return db
    .updateTable('oauth_state')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('user_id', '=', owner.userId)
    .where('module_id', '=', owner.moduleId)
    .where('provider', '=', owner.provider)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

// ---- Mail fetch records ----
export function fetchRecordsOfExecution(db: Db, moduleId: number, executionId: number) {
  return db
    .selectFrom('mail_fetch_record as r')
    .innerJoin('oauth_account as a', 'a.id', 'r.oauth_account_id')
    .leftJoin('email_parsing_config as e', 'e.id', 'r.rule_id')
    .leftJoin('pipeline as p', 'p.id', 'e.pipeline_id')
    .selectAll('r')
    .select(['a.account', 'e.name as rule_name', 'p.name as pipeline_name'])
    .where('r.module_id', '=', moduleId)
    .where('r.job_execution_id', '=', executionId)
    .orderBy('r.id')
    .execute();
}
export function executionOfModule(db: Db, moduleId: number, executionId: number) {
  return db
    .selectFrom('job_execution')
    .select('id')
    .where('id', '=', executionId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
}
