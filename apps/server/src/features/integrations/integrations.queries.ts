import type { BotType, Db, TotpAlgorithm } from '@recon/db';
import { sql } from 'kysely';
import type { SealedColumn } from '@/lib/sealed-columns.ts';

// Config resources of the Integrations settings (spec 3 §7), each scoped to a module: a row of another module is
// never read, changed or deleted through these. The *_sealed columns hold sealed secrets only (decision 0021).

const likeContains = (value: string) => `%${value.replace(/[\\%_]/g, '\\$&')}%`;
const nameTaken = async (q: { executeTakeFirst: () => Promise<unknown> }) => (await q.executeTakeFirst()) !== undefined;

// ---- TOTP configs ----
const totp = (db: Db, moduleId: number) => db.selectFrom('totp_config').where('module_id', '=', moduleId);

export function listTotpConfigs(db: Db, moduleId: number, search?: string) {
  let q = totp(db, moduleId).selectAll();
  if (search?.trim()) q = q.where('name', 'ilike', likeContains(search.trim()));
  return q.orderBy(sql`lower(name)`).orderBy('id').execute();
}
export function getTotpConfig(db: Db, moduleId: number, id: number) {
  return totp(db, moduleId).selectAll().where('id', '=', id).executeTakeFirst();
}
export type TotpConfigRecord = NonNullable<Awaited<ReturnType<typeof getTotpConfig>>>;
export function isTotpNameTaken(db: Db, moduleId: number, name: string, exceptId: number | null) {
  let q = totp(db, moduleId).select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return nameTaken(q);
}
export type TotpConfigValues = {
  name: string;
  issuer: string;
  account_name: string;
  algorithm: TotpAlgorithm;
  digits: number;
  period_seconds: number;
  /** Absent on an update that keeps the stored secret. */
  secret_sealed?: string;
};
export async function insertTotpConfig(db: Db, moduleId: number, v: TotpConfigValues, by: number, now: Date) {
  const row = await db
    .insertInto('totp_config')
    .values({
      ...v,
      secret_sealed: v.secret_sealed ?? '',
      module_id: moduleId,
      created_by: by,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
export async function updateTotpConfig(db: Db, id: number, v: TotpConfigValues, now: Date) {
  await db
    .updateTable('totp_config')
    .set({ ...v, updated_at: now })
    .where('id', '=', id)
    .execute();
}
export async function deleteTotpConfig(db: Db, id: number) {
  await db.deleteFrom('totp_config').where('id', '=', id).execute();
}
/** Names of the brand logins that use a TOTP config. */
export async function credentialsUsingTotp(db: Db, totpConfigId: number) {
  const rows = await db
    .selectFrom('bot_credential')
    .select('name')
    .where('totp_config_id', '=', totpConfigId)
    .execute();
  return rows.map((r) => r.name);
}

// ---- Email parsing configs ----
const emailRules = (db: Db, moduleId: number) =>
  db
    .selectFrom('email_parsing_config as e')
    .innerJoin('pipeline as p', 'p.id', 'e.pipeline_id')
    .selectAll('e')
    .select('p.name as pipeline_name')
    .where('e.module_id', '=', moduleId);

export function listEmailParsingConfigs(db: Db, moduleId: number, search?: string) {
  let q = emailRules(db, moduleId);
  if (search?.trim()) q = q.where('e.name', 'ilike', likeContains(search.trim()));
  return q.orderBy(sql`lower(e.name)`).orderBy('e.id').execute();
}
export function getEmailParsingConfig(db: Db, moduleId: number, id: number) {
  return emailRules(db, moduleId).where('e.id', '=', id).executeTakeFirst();
}
export type EmailParsingConfigRecord = NonNullable<Awaited<ReturnType<typeof getEmailParsingConfig>>>;
export function isEmailParsingNameTaken(db: Db, moduleId: number, name: string, exceptId: number | null) {
  let q = db
    .selectFrom('email_parsing_config')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return nameTaken(q);
}
/** A pipeline of this module (a live one), or undefined. */
export function modulePipeline(db: Db, moduleId: number, pipelineId: number) {
  return db
    .selectFrom('pipeline')
    .select(['id', 'name'])
    .where('module_id', '=', moduleId)
    .where('id', '=', pipelineId)
    .executeTakeFirst();
}
export type EmailParsingConfigValues = {
  name: string;
  sender: string;
  subject_pattern: string;
  attachment_pattern: string;
  pipeline_id: number;
  is_active: boolean;
};
export async function insertEmailParsingConfig(
  db: Db,
  moduleId: number,
  v: EmailParsingConfigValues,
  by: number,
  now: Date,
) {
  const row = await db
    .insertInto('email_parsing_config')
    .values({ ...v, module_id: moduleId, created_by: by, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
export async function updateEmailParsingConfig(db: Db, id: number, v: EmailParsingConfigValues, now: Date) {
  await db
    .updateTable('email_parsing_config')
    .set({ ...v, updated_at: now })
    .where('id', '=', id)
    .execute();
}
export async function deleteEmailParsingConfig(db: Db, id: number) {
  await db.deleteFrom('email_parsing_config').where('id', '=', id).execute();
}

// ---- Brand logins (bot credentials) ----
const credentials = (db: Db, moduleId: number) =>
  db
    .selectFrom('bot_credential as b')
    .leftJoin('totp_config as t', 't.id', 'b.totp_config_id')
    .selectAll('b')
    .select('t.name as totp_name')
    .where('b.module_id', '=', moduleId);

export function listBotCredentials(db: Db, moduleId: number, filter: { search?: string; botType?: BotType } = {}) {
  let q = credentials(db, moduleId);
  if (filter.search?.trim()) q = q.where('b.name', 'ilike', likeContains(filter.search.trim()));
  if (filter.botType) q = q.where('b.bot_type', '=', filter.botType);
  return q.orderBy(sql`lower(b.name)`).orderBy('b.id').execute();
}
export function getBotCredential(db: Db, moduleId: number, id: number) {
  return credentials(db, moduleId).where('b.id', '=', id).executeTakeFirst();
}
export type BotCredentialRecord = NonNullable<Awaited<ReturnType<typeof getBotCredential>>>;
export function isBotCredentialNameTaken(db: Db, moduleId: number, name: string, exceptId: number | null) {
  let q = db
    .selectFrom('bot_credential')
    .select('id')
    .where('module_id', '=', moduleId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return nameTaken(q);
}
export type BotCredentialValues = {
  name: string;
  bot_type: BotType;
  user_name: string;
  totp_config_id: number | null;
  vendor_codes: string[];
  is_active: boolean;
  /** Absent on an update that keeps the stored password. */
  password_sealed?: string;
};
export async function insertBotCredential(db: Db, moduleId: number, v: BotCredentialValues, by: number, now: Date) {
  const row = await db
    .insertInto('bot_credential')
    .values({
      ...v,
      password_sealed: v.password_sealed ?? '',
      module_id: moduleId,
      created_by: by,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
export async function updateBotCredential(db: Db, id: number, v: BotCredentialValues, now: Date) {
  await db
    .updateTable('bot_credential')
    .set({ ...v, updated_at: now })
    .where('id', '=', id)
    .execute();
}
export async function deleteBotCredential(db: Db, id: number) {
  await db.deleteFrom('bot_credential').where('id', '=', id).execute();
}

// ---- Tag mappings ----
const tagMappings = (db: Db, moduleId: number) =>
  db.selectFrom('tag_mapping').selectAll().where('module_id', '=', moduleId);

export function listTagMappings(db: Db, moduleId: number) {
  return tagMappings(db, moduleId).orderBy(sql`lower(source_tag)`).orderBy('id').execute();
}
export function getTagMapping(db: Db, moduleId: number, id: number) {
  return tagMappings(db, moduleId).where('id', '=', id).executeTakeFirst();
}
export type TagMappingRecord = NonNullable<Awaited<ReturnType<typeof getTagMapping>>>;
export function getTagMappings(db: Db, moduleId: number, ids: readonly number[]) {
  return tagMappings(db, moduleId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}
export function isSourceTagTaken(
  db: Db,
  moduleId: number,
  sourceTag: string,
  botType: BotType | null,
  exceptId: number | null,
) {
  let q = tagMappings(db, moduleId)
    .where(sql`lower(source_tag)`, '=', sourceTag.toLowerCase())
    .where(sql`coalesce(bot_type, '')`, '=', botType ?? '');
  if (exceptId) q = q.where('id', '<>', exceptId);
  return nameTaken(q);
}
export type TagMappingValues = { source_tag: string; ticket_tag: string; bot_type: BotType | null };
export async function insertTagMapping(db: Db, moduleId: number, v: TagMappingValues, by: number, now: Date) {
  const row = await db
    .insertInto('tag_mapping')
    .values({ ...v, module_id: moduleId, created_by: by, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
export async function updateTagMapping(db: Db, id: number, v: TagMappingValues, now: Date) {
  await db
    .updateTable('tag_mapping')
    .set({ ...v, updated_at: now })
    .where('id', '=', id)
    .execute();
}
export async function deleteTagMappings(db: Db, moduleId: number, ids: readonly number[]) {
  await db
    .deleteFrom('tag_mapping')
    .where('module_id', '=', moduleId)
    .where('id', 'in', [...ids])
    .execute();
}

// ---- Sealed secrets, for rotation (every module) ----

/** The sealed values of one column not sealed with `keyId`, a batch at a time (locked until the transaction ends). */
export async function staleSecrets(db: Db, c: SealedColumn, keyId: string, limit: number) {
  const result = await sql<{ id: number; module_id: number; sealed: string }>`
    SELECT id, ${c.isPerModule ? sql.ref('module_id') : sql`0`}::int AS module_id, ${sql.ref(c.column)} AS sealed
    FROM ${sql.table(c.table)}
    WHERE ${sql.ref(c.column)} IS NOT NULL AND split_part(${sql.ref(c.column)}, ':', 2) <> ${keyId}
    ORDER BY id LIMIT ${limit} FOR UPDATE`.execute(db);
  return result.rows;
}
export async function replaceSecret(db: Db, c: SealedColumn, id: number, sealed: string) {
  await sql`UPDATE ${sql.table(c.table)} SET ${sql.ref(c.column)} = ${sealed} WHERE id = ${id}`.execute(db);
}
