import { z } from 'zod';

// Config resources of the Integrations settings (spec 3 §7): authenticator (TOTP) configs, email parsing rules,
// brand logins (bot credentials) and tag mappings, each scoped to the caller's module. Secrets (a TOTP seed, a
// brand-login password) are write-only: a save may carry one, an answer only says `hasSecret` (decision 0021).

/** The marketplace bots of spec 3 §3, by code, with the names the spec gives them. */
export const BOT_TYPES = [
  { code: 'FLIPKART', name: 'Flipkart' },
  { code: 'AMAZON', name: 'Amazon' },
  { code: 'AJIO', name: 'Ajio' },
  { code: 'JIO_MART', name: 'Jio Mart' },
  { code: 'FIRST_CRY', name: 'First Cry' },
  { code: 'COCOBLU', name: 'Cocoblu' },
  { code: 'PAYTM', name: 'Paytm' },
  { code: 'PHONEPE', name: 'PhonePe' },
] as const;
export const BOT_TYPE_CODES = [
  'FLIPKART',
  'AMAZON',
  'AJIO',
  'JIO_MART',
  'FIRST_CRY',
  'COCOBLU',
  'PAYTM',
  'PHONEPE',
] as const;
export type BotTypeCode = (typeof BOT_TYPE_CODES)[number];
export const botTypeName = (code: string) => BOT_TYPES.find((b) => b.code === code)?.name ?? code;

export const TOTP_ALGORITHMS = ['SHA1', 'SHA256', 'SHA512'] as const;
export const TOTP_DIGITS = [6, 8] as const;
export const TOTP_PERIOD = { min: 15, max: 120, default: 30 } as const;
/** 16 base32 characters: 80 bits, the least RFC 4226 allows. */
export const TOTP_SECRET_MIN = 16;
export const INTEGRATION_NAME_MAX = 100;
export const INTEGRATION_TEXT_MAX = 255;
export const SECRET_MAX = 1000;

export const INTEGRATION_TEXTS = {
  created: 'Successfully Created',
  updated: 'Successfully Updated',
  deleted: 'Successfully Deleted',
  idRequired: 'Id is required',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${INTEGRATION_NAME_MAX} characters`,
  textTooLong: `Text must be at most ${INTEGRATION_TEXT_MAX} characters`,
  nameTaken: 'A config with this name already exists',
  // TOTP
  totpNotFound: 'TOTP config not found',
  secretRequired: 'Secret key is required',
  secretNotBase32: `Secret key must be base32 (letters A–Z and digits 2–7), at least ${TOTP_SECRET_MIN} characters`,
  secretTooLong: `Secret must be at most ${SECRET_MAX} characters`,
  totpInUse: 'This TOTP config is used by a brand login: remove it there first',
  // Email parsing
  emailParsingNotFound: 'Email parsing config not found',
  senderRequired: 'Sender email is required',
  senderInvalid: 'Invalid Email',
  attachmentPatternRequired: 'Attachment pattern is required',
  pipelineRequired: 'Target pipeline is required',
  pipelineNotFound: 'Pipeline not found in this module',
  // Brand login
  credentialNotFound: 'Brand login not found',
  botTypeRequired: 'Brand is required',
  userNameRequired: 'User name is required',
  passwordRequired: 'Password is required',
  // Tag mapping
  tagMappingNotFound: 'Tag mapping not found',
  sourceTagRequired: 'Tag is required',
  ticketTagRequired: 'Ticket tag is required',
  tagTaken: 'This tag is already mapped',
  tagMappingIdsRequired: 'Select at least one tag mapping',
} as const;

const stamps = { createdAt: z.string(), updatedAt: z.string() };

/** The list calls' query: `search` (name contains) narrows the plain list; the FindAll variant answers every row. */
export const integrationListQuerySchema = z.object({
  Operation: z.enum(['FindAll']).optional().describe('FindAll: every config of the module (the pickers)'),
  search: z.string().max(INTEGRATION_NAME_MAX).optional(),
});
export const botCredentialListQuerySchema = z.object({
  Find: z.enum(['All']).optional().describe('All: every brand login of the module (the pickers)'),
  search: z.string().max(INTEGRATION_NAME_MAX).optional(),
  botType: z.enum(BOT_TYPE_CODES).optional(),
});

// ---- TOTP configs ----
export const totpConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  issuer: z.string(),
  accountName: z.string(),
  algorithm: z.enum(TOTP_ALGORITHMS),
  digits: z.number().int(),
  period: z.number().int(),
  /** Write-only secret: always true once saved; the seed itself is never answered. */
  hasSecret: z.boolean(),
  ...stamps,
});
export type TotpConfig = z.infer<typeof totpConfigSchema>;
export const totpConfigsResponseSchema = z.object({ data: z.array(totpConfigSchema) });
export const totpConfigSaveSchema = z.object({
  id: z.number().int().positive().nullish(),
  name: z.string().nullish(),
  issuer: z.string().nullish(),
  accountName: z.string().nullish(),
  algorithm: z.enum(TOTP_ALGORITHMS).nullish(),
  digits: z.union([z.literal(6), z.literal(8)]).nullish(),
  period: z.number().int().min(TOTP_PERIOD.min).max(TOTP_PERIOD.max).nullish(),
  /** Base32 seed. Required on create; on update, empty or absent keeps the stored one. */
  secret: z.string().nullish(),
});
export type TotpConfigSave = z.infer<typeof totpConfigSaveSchema>;

/** A base32 seed as people paste it: spaces and dashes dropped, upper case, padding removed. */
export const normaliseTotpSecret = (secret: string) => secret.replace(/[\s-]/g, '').replace(/=+$/, '').toUpperCase();

// ---- Email parsing configs ----
export const emailParsingConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sender: z.string(),
  subjectPattern: z.string(),
  attachmentPattern: z.string(),
  pipeline: z.object({ id: z.number().int(), name: z.string() }),
  isActive: z.boolean(),
  ...stamps,
});
export type EmailParsingConfig = z.infer<typeof emailParsingConfigSchema>;
export const emailParsingConfigsResponseSchema = z.object({ data: z.array(emailParsingConfigSchema) });
export const emailParsingConfigSaveSchema = z.object({
  id: z.number().int().positive().nullish(),
  name: z.string().nullish(),
  sender: z.string().nullish(),
  subjectPattern: z.string().nullish(),
  attachmentPattern: z.string().nullish(),
  pipelineId: z.number().int().positive().nullish(),
  isActive: z.boolean().nullish(),
});
export type EmailParsingConfigSave = z.infer<typeof emailParsingConfigSaveSchema>;

/**
 * Whether a text matches a rule's wildcard pattern: `*` any run of characters, `?` one, any case, the whole text.
 * Sender `*@bank.example` takes every address of that domain; an empty subject pattern takes every subject.
 */
export function matchesWildcard(pattern: string, text: string): boolean {
  if (pattern.trim() === '') return true;
  const source = pattern
    .trim()
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 'is').test(text.trim());
}

/** The rule that takes one attachment of a mail: sender, subject and attachment name all match. */
export function emailParsingRuleMatches(
  rule: Pick<EmailParsingConfig, 'sender' | 'subjectPattern' | 'attachmentPattern' | 'isActive'>,
  mail: { from: string; subject: string; attachmentName: string },
): boolean {
  return (
    rule.isActive &&
    matchesWildcard(rule.sender, mail.from) &&
    matchesWildcard(rule.subjectPattern, mail.subject) &&
    matchesWildcard(rule.attachmentPattern, mail.attachmentName)
  );
}

// ---- Brand logins (bot credentials) ----
export const botBrandSchema = z.object({ code: z.enum(BOT_TYPE_CODES), name: z.string() });
export const botBrandsResponseSchema = z.object({ data: z.array(botBrandSchema) });
export const botCredentialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  botType: z.enum(BOT_TYPE_CODES),
  userName: z.string(),
  /** Write-only password: always true once saved; the password itself is never answered. */
  hasPassword: z.boolean(),
  totpConfig: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  vendorCodes: z.array(z.string()),
  isActive: z.boolean(),
  ...stamps,
});
export type BotCredential = z.infer<typeof botCredentialSchema>;
export const botCredentialsResponseSchema = z.object({ data: z.array(botCredentialSchema) });
export const botCredentialSaveSchema = z.object({
  id: z.number().int().positive().nullish(),
  name: z.string().nullish(),
  botType: z.enum(BOT_TYPE_CODES).nullish(),
  userName: z.string().nullish(),
  /** Required on create; on update, empty or absent keeps the stored one. */
  password: z.string().nullish(),
  totpConfigId: z.number().int().positive().nullish(),
  vendorCodes: z.array(z.string()).nullish(),
  isActive: z.boolean().nullish(),
});
export type BotCredentialSave = z.infer<typeof botCredentialSaveSchema>;

// ---- Tag mappings ----
export const tagMappingSchema = z.object({
  id: z.number().int(),
  sourceTag: z.string(),
  ticketTag: z.string(),
  botType: z.enum(BOT_TYPE_CODES).nullable(),
  ...stamps,
});
export type TagMapping = z.infer<typeof tagMappingSchema>;
export const tagMappingsResponseSchema = z.object({ data: z.array(tagMappingSchema) });
export const tagMappingSaveSchema = z.object({
  id: z.number().int().positive().nullish(),
  sourceTag: z.string().nullish(),
  ticketTag: z.string().nullish(),
  botType: z.enum(BOT_TYPE_CODES).nullish(),
});
export type TagMappingSave = z.infer<typeof tagMappingSaveSchema>;
/** DELETE /v2/tagMapping?tagMappingIds=1,2,3 */
export const tagMappingDeleteQuerySchema = z.object({
  tagMappingIds: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, INTEGRATION_TEXTS.tagMappingIdsRequired)
    .transform((s) => [...new Set(s.split(',').map((v) => Number(v.trim())))])
    .describe('Comma-joined ids'),
});
export const deletedCountSchema = z.object({ message: z.string(), deleted: z.number().int() });

// ---- The forms' checks, in the fields' order (server and web alike); each answers the first problem or null ----
type Check = { field: string; message: string } | null;
const first = (...checks: (Check | false)[]): Check => checks.find((c): c is Check => Boolean(c)) ?? null;
const problem = (field: string, message: string) => ({ field, message });
const tooLong = (v: string | null | undefined, max: number) => (v?.trim().length ?? 0) > max;
const blank = (v: string | null | undefined) => !v?.trim();
const nameChecks = (name: string | null | undefined, field = 'name') => [
  blank(name) && problem(field, INTEGRATION_TEXTS.nameRequired),
  tooLong(name, INTEGRATION_NAME_MAX) && problem(field, INTEGRATION_TEXTS.nameTooLong),
];
const textCheck = (field: string, v: string | null | undefined) =>
  tooLong(v, INTEGRATION_TEXT_MAX) && problem(field, INTEGRATION_TEXTS.textTooLong);
/** A sender: an address (`ops@bank.example`) or a wildcard of one (`*@bank.example`), no spaces. */
export const EMAIL_SENDER_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkTotpConfig(body: TotpConfigSave, isNew: boolean): Check {
  const secret = normaliseTotpSecret(body.secret ?? '');
  return first(
    ...nameChecks(body.name),
    textCheck('issuer', body.issuer),
    textCheck('accountName', body.accountName),
    isNew && !secret && problem('secret', INTEGRATION_TEXTS.secretRequired),
    secret.length > SECRET_MAX && problem('secret', INTEGRATION_TEXTS.secretTooLong),
    Boolean(secret) &&
      (!/^[A-Z2-7]+$/.test(secret) || secret.length < TOTP_SECRET_MIN) &&
      problem('secret', INTEGRATION_TEXTS.secretNotBase32),
  );
}

export function checkEmailParsingConfig(body: EmailParsingConfigSave): Check {
  return first(
    ...nameChecks(body.name),
    blank(body.sender) && problem('sender', INTEGRATION_TEXTS.senderRequired),
    !blank(body.sender) &&
      !EMAIL_SENDER_PATTERN.test(body.sender?.trim() ?? '') &&
      problem('sender', INTEGRATION_TEXTS.senderInvalid),
    textCheck('sender', body.sender),
    textCheck('subjectPattern', body.subjectPattern),
    blank(body.attachmentPattern) && problem('attachmentPattern', INTEGRATION_TEXTS.attachmentPatternRequired),
    textCheck('attachmentPattern', body.attachmentPattern),
    !body.pipelineId && problem('pipelineId', INTEGRATION_TEXTS.pipelineRequired),
  );
}

export function checkBotCredential(body: BotCredentialSave, isNew: boolean): Check {
  return first(
    ...nameChecks(body.name),
    !body.botType && problem('botType', INTEGRATION_TEXTS.botTypeRequired),
    blank(body.userName) && problem('userName', INTEGRATION_TEXTS.userNameRequired),
    textCheck('userName', body.userName),
    isNew && !body.password && problem('password', INTEGRATION_TEXTS.passwordRequired),
    (body.password?.length ?? 0) > SECRET_MAX && problem('password', INTEGRATION_TEXTS.secretTooLong),
    (body.vendorCodes ?? []).some((v) => tooLong(v, INTEGRATION_TEXT_MAX)) &&
      problem('vendorCodes', INTEGRATION_TEXTS.textTooLong),
  );
}

export function checkTagMapping(body: TagMappingSave): Check {
  return first(
    blank(body.sourceTag) && problem('sourceTag', INTEGRATION_TEXTS.sourceTagRequired),
    textCheck('sourceTag', body.sourceTag),
    blank(body.ticketTag) && problem('ticketTag', INTEGRATION_TEXTS.ticketTagRequired),
    textCheck('ticketTag', body.ticketTag),
  );
}
