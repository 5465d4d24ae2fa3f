import {
  type AuditEvent,
  BOT_TYPES,
  type BotCredential,
  type BotCredentialSave,
  checkBotCredential,
  checkEmailParsingConfig,
  checkTagMapping,
  checkTotpConfig,
  type EmailParsingConfig,
  type EmailParsingConfigSave,
  INTEGRATION_TEXTS,
  normaliseTotpSecret,
  type TagMapping,
  type TagMappingSave,
  TOTP_PERIOD,
  type TotpConfig,
  type TotpConfigSave,
} from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';
import { Secret, TOTP } from 'otpauth';
import type { FeatureContext } from '@/deps.ts';
import { AppError, validation } from '@/lib/app-error.ts';
import { auditChange, type ModuleActor } from '@/lib/module-actor.ts';
import { sealContext, sealedColumn } from '@/lib/sealed-columns.ts';
import * as q from './integrations.queries.ts';

type Mode = 'create' | 'update';
const T = INTEGRATION_TEXTS;
const notFound = (message: string) => new AppError('NOT_FOUND', message);

const TOTP_SECRET = sealedColumn('totp_config.secret_sealed');
const BOT_PASSWORD = sealedColumn('bot_credential.password_sealed');

/** The body's first problem as a 400 on its field. */
function check(result: { field: string; message: string } | null) {
  if (result) throw validation(result.message, result.field);
}
/** PUT carries the id in the body. */
function idOf(body: { id?: number | null }, mode: Mode): number | null {
  if (mode === 'create') return null;
  if (!body.id) throw validation(T.idRequired, 'id');
  return body.id;
}
/** A unique index hit by a concurrent save answers as the check would have. */
const uniqueAs = (message: string, field: string) => (err: unknown) => {
  if ((err as { code?: string }).code === '23505' && !(err instanceof AppError)) throw validation(message, field);
  throw err;
};
const stamps = (r: { created_at: Date; updated_at: Date }) => ({
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

type Tx = Parameters<Parameters<typeof withTransaction>[2]>[0]['db'];
/** One module-scoped config record kind: how it is read, written and described in the audit log. */
type RecordKind<R extends { id: number }, V> = {
  get: (db: Db, moduleId: number, id: number) => Promise<R | undefined>;
  insert: (db: Db, moduleId: number, values: V, userId: number, now: Date) => Promise<number>;
  update: (db: Db, id: number, values: V, now: Date) => Promise<unknown>;
  remove: (db: Db, moduleId: number, id: number) => Promise<unknown>;
  notFound: string;
  entityType: string;
  events: { created: AuditEvent; updated: AuditEvent; deleted: AuditEvent };
  audit: (r: R) => Record<string, unknown>;
};

/**
 * Creates (id null) or updates a record in one transaction: the record must be the module's, `guard` refuses what
 * the checks beyond the body's shape refuse, the change is audited with its before; answers the saved id.
 */
async function saveRecord<R extends { id: number }, V>(
  ctx: FeatureContext,
  actor: ModuleActor,
  kind: RecordKind<R, V>,
  id: number | null,
  values: V,
  options: { guard?: (tx: Tx) => Promise<void>; details?: Record<string, unknown> } = {},
): Promise<number> {
  return withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = id ? await kind.get(tx, actor.moduleId, id) : undefined;
    if (id && !before) throw notFound(kind.notFound);
    await options.guard?.(tx);
    const savedId = before ? before.id : await kind.insert(tx, actor.moduleId, values, actor.userId, ctx.now());
    if (before) await kind.update(tx, savedId, values, ctx.now());
    const after = await kind.get(tx, actor.moduleId, savedId);
    if (!after) throw notFound(kind.notFound);
    await auditChange(tx, actor, {
      event: before ? kind.events.updated : kind.events.created,
      entityType: kind.entityType,
      entityId: savedId,
      details: { ...kind.audit(after), ...options.details, ...(before ? { before: kind.audit(before) } : {}) },
    });
    return savedId;
  });
}

/** Deletes one of the module's records, audited; `guard` refuses a record still in use. */
async function deleteRecord<R extends { id: number }, V>(
  ctx: FeatureContext,
  actor: ModuleActor,
  kind: RecordKind<R, V>,
  id: number,
  guard?: (tx: Tx) => Promise<void>,
) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const before = await kind.get(tx, actor.moduleId, id);
    if (!before) throw notFound(kind.notFound);
    await guard?.(tx);
    await kind.remove(tx, actor.moduleId, id);
    await auditChange(tx, actor, {
      event: kind.events.deleted,
      entityType: kind.entityType,
      entityId: id,
      details: kind.audit(before),
    });
  });
  return { message: T.deleted };
}

// ---- TOTP configs ----
const totpOf = (r: q.TotpConfigRecord): TotpConfig => ({
  id: r.id,
  name: r.name,
  issuer: r.issuer,
  accountName: r.account_name,
  algorithm: r.algorithm,
  digits: r.digits,
  period: r.period_seconds,
  hasSecret: r.secret_sealed !== '',
  ...stamps(r),
});
/** What an audit record says of a TOTP config: never its secret, only whether this change replaced it. */
const totpAudit = (r: q.TotpConfigRecord) => ({
  name: r.name,
  issuer: r.issuer,
  accountName: r.account_name,
  algorithm: r.algorithm,
  digits: r.digits,
  period: r.period_seconds,
});

const TOTP_KIND: RecordKind<q.TotpConfigRecord, q.TotpConfigValues> = {
  get: q.getTotpConfig,
  insert: q.insertTotpConfig,
  update: q.updateTotpConfig,
  remove: (db, _moduleId, id) => q.deleteTotpConfig(db, id),
  notFound: T.totpNotFound,
  entityType: 'totp_config',
  events: { created: 'TOTP_CONFIG_CREATED', updated: 'TOTP_CONFIG_UPDATED', deleted: 'TOTP_CONFIG_DELETED' },
  audit: totpAudit,
};

export async function listTotpConfigs(db: Db, moduleId: number, search?: string) {
  return (await q.listTotpConfigs(db, moduleId, search)).map(totpOf);
}
export async function getTotpConfig(db: Db, moduleId: number, id: number) {
  const row = await q.getTotpConfig(db, moduleId, id);
  if (!row) throw notFound(T.totpNotFound);
  return totpOf(row);
}
export async function saveTotpConfig(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: TotpConfigSave,
  mode: Mode,
): Promise<TotpConfig> {
  const id = idOf(body, mode);
  check(checkTotpConfig(body, mode === 'create'));
  const secret = normaliseTotpSecret(body.secret ?? '');
  const values: q.TotpConfigValues = {
    name: (body.name ?? '').trim(),
    issuer: (body.issuer ?? '').trim(),
    account_name: (body.accountName ?? '').trim(),
    algorithm: body.algorithm ?? 'SHA1',
    digits: body.digits ?? 6,
    period_seconds: body.period ?? TOTP_PERIOD.default,
    ...(secret ? { secret_sealed: ctx.secrets.seal(secret, sealContext(TOTP_SECRET, actor.moduleId)) } : {}),
  };
  const savedId = await saveRecord(ctx, actor, TOTP_KIND, id, values, {
    guard: async (tx) => {
      if (await q.isTotpNameTaken(tx, actor.moduleId, values.name, id)) throw validation(T.nameTaken, 'name');
    },
    details: { secretReplaced: Boolean(secret) },
  }).catch(uniqueAs(T.nameTaken, 'name'));
  return getTotpConfig(ctx.db, actor.moduleId, savedId);
}
export async function deleteTotpConfig(ctx: FeatureContext, actor: ModuleActor, id: number) {
  return deleteRecord(ctx, actor, TOTP_KIND, id, async (tx) => {
    if ((await q.credentialsUsingTotp(tx, id)).length > 0) throw validation(T.totpInUse, 'id');
  });
}

/**
 * The code a TOTP config shows at `at` (RFC 6238), for the bot that answers a marketplace's second sign-in step:
 * the seed is opened only here, and only the code leaves.
 */
export async function totpCodeOf(ctx: FeatureContext, moduleId: number, id: number, at: Date): Promise<string> {
  const row = await q.getTotpConfig(ctx.db, moduleId, id);
  if (!row) throw notFound(T.totpNotFound);
  const seed = ctx.secrets.open(row.secret_sealed, sealContext(TOTP_SECRET, moduleId));
  return new TOTP({
    secret: Secret.fromBase32(seed),
    algorithm: row.algorithm,
    digits: row.digits,
    period: row.period_seconds,
  }).generate({ timestamp: at.getTime() });
}

// ---- Email parsing configs ----
const emailOf = (r: q.EmailParsingConfigRecord): EmailParsingConfig => ({
  id: r.id,
  name: r.name,
  sender: r.sender,
  subjectPattern: r.subject_pattern,
  attachmentPattern: r.attachment_pattern,
  pipeline: { id: r.pipeline_id, name: r.pipeline_name },
  isActive: r.is_active,
  ...stamps(r),
});
const emailAudit = (r: q.EmailParsingConfigRecord) => ({
  name: r.name,
  sender: r.sender,
  subjectPattern: r.subject_pattern,
  attachmentPattern: r.attachment_pattern,
  pipelineId: r.pipeline_id,
  isActive: r.is_active,
});

const EMAIL_KIND: RecordKind<q.EmailParsingConfigRecord, q.EmailParsingConfigValues> = {
  get: q.getEmailParsingConfig,
  insert: q.insertEmailParsingConfig,
  update: q.updateEmailParsingConfig,
  remove: (db, _moduleId, id) => q.deleteEmailParsingConfig(db, id),
  notFound: T.emailParsingNotFound,
  entityType: 'email_parsing_config',
  events: {
    created: 'EMAIL_PARSING_CONFIG_CREATED',
    updated: 'EMAIL_PARSING_CONFIG_UPDATED',
    deleted: 'EMAIL_PARSING_CONFIG_DELETED',
  },
  audit: emailAudit,
};

export async function listEmailParsingConfigs(db: Db, moduleId: number, search?: string) {
  return (await q.listEmailParsingConfigs(db, moduleId, search)).map(emailOf);
}
export async function getEmailParsingConfig(db: Db, moduleId: number, id: number) {
  const row = await q.getEmailParsingConfig(db, moduleId, id);
  if (!row) throw notFound(T.emailParsingNotFound);
  return emailOf(row);
}
export async function saveEmailParsingConfig(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: EmailParsingConfigSave,
  mode: Mode,
): Promise<EmailParsingConfig> {
  const id = idOf(body, mode);
  check(checkEmailParsingConfig(body));
  const values: q.EmailParsingConfigValues = {
    name: (body.name ?? '').trim(),
    sender: (body.sender ?? '').trim(),
    subject_pattern: (body.subjectPattern ?? '').trim(),
    attachment_pattern: (body.attachmentPattern ?? '').trim(),
    pipeline_id: body.pipelineId ?? 0,
    is_active: body.isActive ?? true,
  };
  const savedId = await saveRecord(ctx, actor, EMAIL_KIND, id, values, {
    guard: async (tx) => {
      if (!(await q.modulePipeline(tx, actor.moduleId, values.pipeline_id)))
        throw validation(T.pipelineNotFound, 'pipelineId');
      if (await q.isEmailParsingNameTaken(tx, actor.moduleId, values.name, id)) throw validation(T.nameTaken, 'name');
    },
  }).catch(uniqueAs(T.nameTaken, 'name'));
  return getEmailParsingConfig(ctx.db, actor.moduleId, savedId);
}
export async function deleteEmailParsingConfig(ctx: FeatureContext, actor: ModuleActor, id: number) {
  return deleteRecord(ctx, actor, EMAIL_KIND, id);
}

// ---- Brand logins (bot credentials) ----
const credentialOf = (r: q.BotCredentialRecord): BotCredential => ({
  id: r.id,
  name: r.name,
  botType: r.bot_type,
  userName: r.user_name,
  hasPassword: r.password_sealed !== '',
  totpConfig: r.totp_config_id ? { id: r.totp_config_id, name: r.totp_name ?? String(r.totp_config_id) } : null,
  vendorCodes: r.vendor_codes,
  isActive: r.is_active,
  ...stamps(r),
});
const credentialAudit = (r: q.BotCredentialRecord) => ({
  name: r.name,
  botType: r.bot_type,
  userName: r.user_name,
  totpConfigId: r.totp_config_id,
  vendorCodes: r.vendor_codes,
  isActive: r.is_active,
});

const CREDENTIAL_KIND: RecordKind<q.BotCredentialRecord, q.BotCredentialValues> = {
  get: q.getBotCredential,
  insert: q.insertBotCredential,
  update: q.updateBotCredential,
  remove: (db, _moduleId, id) => q.deleteBotCredential(db, id),
  notFound: T.credentialNotFound,
  entityType: 'bot_credential',
  events: { created: 'BOT_CREDENTIAL_CREATED', updated: 'BOT_CREDENTIAL_UPDATED', deleted: 'BOT_CREDENTIAL_DELETED' },
  audit: credentialAudit,
};

export const botBrands = () => BOT_TYPES.map((b) => ({ code: b.code, name: b.name }));

export async function listBotCredentials(db: Db, moduleId: number, filter: Parameters<typeof q.listBotCredentials>[2]) {
  return (await q.listBotCredentials(db, moduleId, filter)).map(credentialOf);
}
export async function getBotCredential(db: Db, moduleId: number, id: number) {
  const row = await q.getBotCredential(db, moduleId, id);
  if (!row) throw notFound(T.credentialNotFound);
  return credentialOf(row);
}
export async function saveBotCredential(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: BotCredentialSave,
  mode: Mode,
): Promise<BotCredential> {
  const id = idOf(body, mode);
  check(checkBotCredential(body, mode === 'create'));
  const password = body.password ?? '';
  const values: q.BotCredentialValues = {
    name: (body.name ?? '').trim(),
    bot_type: body.botType ?? 'FLIPKART',
    user_name: (body.userName ?? '').trim(),
    totp_config_id: body.totpConfigId ?? null,
    vendor_codes: [...new Set((body.vendorCodes ?? []).map((v) => v.trim()).filter(Boolean))],
    is_active: body.isActive ?? true,
    ...(password ? { password_sealed: ctx.secrets.seal(password, sealContext(BOT_PASSWORD, actor.moduleId)) } : {}),
  };
  const savedId = await saveRecord(ctx, actor, CREDENTIAL_KIND, id, values, {
    guard: async (tx) => {
      if (values.totp_config_id && !(await q.getTotpConfig(tx, actor.moduleId, values.totp_config_id)))
        throw validation(T.totpNotFound, 'totpConfigId');
      if (await q.isBotCredentialNameTaken(tx, actor.moduleId, values.name, id)) throw validation(T.nameTaken, 'name');
    },
    details: { passwordReplaced: Boolean(password) },
  }).catch(uniqueAs(T.nameTaken, 'name'));
  return getBotCredential(ctx.db, actor.moduleId, savedId);
}
export async function deleteBotCredential(ctx: FeatureContext, actor: ModuleActor, id: number) {
  return deleteRecord(ctx, actor, CREDENTIAL_KIND, id);
}
/** The plain password of a brand login, for the bot that signs in with it (never for an answer). */
export async function openBotPassword(ctx: FeatureContext, moduleId: number, id: number): Promise<string> {
  const row = await q.getBotCredential(ctx.db, moduleId, id);
  if (!row) throw notFound(T.credentialNotFound);
  return ctx.secrets.open(row.password_sealed, sealContext(BOT_PASSWORD, moduleId));
}

// ---- Tag mappings ----
const tagOf = (r: q.TagMappingRecord): TagMapping => ({
  id: r.id,
  sourceTag: r.source_tag,
  ticketTag: r.ticket_tag,
  botType: r.bot_type,
  ...stamps(r),
});
const tagAudit = (r: q.TagMappingRecord) => ({ sourceTag: r.source_tag, ticketTag: r.ticket_tag, botType: r.bot_type });

const TAG_KIND: RecordKind<q.TagMappingRecord, q.TagMappingValues> = {
  get: q.getTagMapping,
  insert: q.insertTagMapping,
  update: q.updateTagMapping,
  remove: (db, moduleId, id) => q.deleteTagMappings(db, moduleId, [id]),
  notFound: T.tagMappingNotFound,
  entityType: 'tag_mapping',
  events: { created: 'TAG_MAPPING_CREATED', updated: 'TAG_MAPPING_UPDATED', deleted: 'TAG_MAPPING_DELETED' },
  audit: tagAudit,
};

export async function listTagMappings(db: Db, moduleId: number) {
  return (await q.listTagMappings(db, moduleId)).map(tagOf);
}
export async function getTagMapping(db: Db, moduleId: number, id: number) {
  const row = await q.getTagMapping(db, moduleId, id);
  if (!row) throw notFound(T.tagMappingNotFound);
  return tagOf(row);
}
export async function saveTagMapping(
  ctx: FeatureContext,
  actor: ModuleActor,
  body: TagMappingSave,
  mode: Mode,
): Promise<TagMapping> {
  const id = idOf(body, mode);
  check(checkTagMapping(body));
  const values: q.TagMappingValues = {
    source_tag: (body.sourceTag ?? '').trim(),
    ticket_tag: (body.ticketTag ?? '').trim(),
    bot_type: body.botType ?? null,
  };
  const savedId = await saveRecord(ctx, actor, TAG_KIND, id, values, {
    guard: async (tx) => {
      if (await q.isSourceTagTaken(tx, actor.moduleId, values.source_tag, values.bot_type, id))
        throw validation(T.tagTaken, 'sourceTag');
    },
  }).catch(uniqueAs(T.tagTaken, 'sourceTag'));
  return getTagMapping(ctx.db, actor.moduleId, savedId);
}
/** Bulk delete: every id must be one of this module's, else nothing is deleted (404). */
export async function deleteTagMappings(ctx: FeatureContext, actor: ModuleActor, ids: readonly number[]) {
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    const found = await q.getTagMappings(tx, actor.moduleId, ids);
    if (found.length !== ids.length) throw notFound(T.tagMappingNotFound);
    await q.deleteTagMappings(tx, actor.moduleId, ids);
    for (const row of found) {
      await auditChange(tx, actor, {
        event: 'TAG_MAPPING_DELETED',
        entityType: 'tag_mapping',
        entityId: row.id,
        details: tagAudit(row),
      });
    }
  });
  return { message: T.deleted, deleted: ids.length };
}
