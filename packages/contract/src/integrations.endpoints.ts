import { endpoint, idParamsSchema } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import {
  botBrandsResponseSchema,
  botCredentialListQuerySchema,
  botCredentialSaveSchema,
  botCredentialSchema,
  botCredentialsResponseSchema,
  deletedCountSchema,
  emailParsingConfigSaveSchema,
  emailParsingConfigSchema,
  emailParsingConfigsResponseSchema,
  integrationListQuerySchema,
  tagMappingDeleteQuerySchema,
  tagMappingSaveSchema,
  tagMappingSchema,
  tagMappingsResponseSchema,
  totpConfigSaveSchema,
  totpConfigSchema,
  totpConfigsResponseSchema,
} from './integrations.ts';

// Config resources (spec 3 §7): module-scoped; an id of another module is not found. Secrets are write-only.
const INTEGRATIONS = { code: 'integrations' } as const;
const EMAIL_PARSING = { code: 'emailParsingConfig' } as const;
const TOTP = '/v2/totpconfig';
const EMAIL = '/v2/emailParsingConfig';
const BOT = '/v2/botconfig/credential';
const TAGS = '/v2/tagMapping';
const NO_SECRETS = 'Secrets are write-only: the answer says hasSecret / hasPassword, never the value.';

const totp = { module: 'required', tags: ['TOTP configs'], privilege: INTEGRATIONS } as const;
export const totpConfigEndpoints = {
  list: endpoint({
    ...totp,
    name: 'totpConfigs.list',
    method: 'GET',
    path: TOTP,
    discriminator: { name: 'Operation', value: null },
    query: integrationListQuerySchema,
    response: totpConfigsResponseSchema,
    summary: "The module's authenticator (TOTP) configs, `search` narrowing by name",
    description: NO_SECRETS,
  }),
  findAll: endpoint({
    ...totp,
    name: 'totpConfigs.findAll',
    method: 'GET',
    path: TOTP,
    discriminator: { name: 'Operation', value: 'FindAll' },
    query: integrationListQuerySchema,
    response: totpConfigsResponseSchema,
    summary: "Every authenticator (TOTP) config of the module (the brand-login form's picker)",
  }),
  detail: endpoint({
    ...totp,
    name: 'totpConfigs.detail',
    method: 'GET',
    path: `${TOTP}/:id`,
    params: idParamsSchema,
    response: totpConfigSchema,
    summary: 'One TOTP config',
  }),
  create: endpoint({
    ...totp,
    name: 'totpConfigs.create',
    method: 'POST',
    path: TOTP,
    body: totpConfigSaveSchema,
    response: totpConfigSchema,
    summary: 'Create a TOTP config (the base32 secret is required and stored sealed)',
  }),
  update: endpoint({
    ...totp,
    name: 'totpConfigs.update',
    method: 'PUT',
    path: TOTP,
    body: totpConfigSaveSchema,
    response: totpConfigSchema,
    summary: 'Update a TOTP config (the body carries its id; an empty secret keeps the stored one)',
  }),
  delete: endpoint({
    ...totp,
    name: 'totpConfigs.delete',
    method: 'DELETE',
    path: `${TOTP}/:id`,
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Delete a TOTP config no brand login uses',
  }),
} as const;

const email = { module: 'required', tags: ['Email parsing configs'], privilege: EMAIL_PARSING } as const;
export const emailParsingConfigEndpoints = {
  list: endpoint({
    ...email,
    name: 'emailParsingConfigs.list',
    method: 'GET',
    path: EMAIL,
    discriminator: { name: 'Operation', value: null },
    query: integrationListQuerySchema,
    response: emailParsingConfigsResponseSchema,
    summary: "The module's email parsing rules, `search` narrowing by name",
  }),
  findAll: endpoint({
    ...email,
    name: 'emailParsingConfigs.findAll',
    method: 'GET',
    path: EMAIL,
    discriminator: { name: 'Operation', value: 'FindAll' },
    query: integrationListQuerySchema,
    response: emailParsingConfigsResponseSchema,
    summary: 'Every email parsing rule of the module',
  }),
  detail: endpoint({
    ...email,
    name: 'emailParsingConfigs.detail',
    method: 'GET',
    path: `${EMAIL}/:id`,
    params: idParamsSchema,
    response: emailParsingConfigSchema,
    summary: 'One email parsing rule',
  }),
  create: endpoint({
    ...email,
    name: 'emailParsingConfigs.create',
    method: 'POST',
    path: EMAIL,
    body: emailParsingConfigSaveSchema,
    response: emailParsingConfigSchema,
    summary: 'Create an email parsing rule: sender, subject and attachment patterns (wildcards * ?), target pipeline',
  }),
  update: endpoint({
    ...email,
    name: 'emailParsingConfigs.update',
    method: 'PUT',
    path: EMAIL,
    body: emailParsingConfigSaveSchema,
    response: emailParsingConfigSchema,
    summary: 'Update an email parsing rule (the body carries its id)',
  }),
  delete: endpoint({
    ...email,
    name: 'emailParsingConfigs.delete',
    method: 'DELETE',
    path: `${EMAIL}/:id`,
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Delete an email parsing rule',
  }),
} as const;

const bot = { module: 'required', tags: ['Brand logins'], privilege: INTEGRATIONS } as const;
export const botCredentialEndpoints = {
  list: endpoint({
    ...bot,
    name: 'botCredentials.list',
    method: 'GET',
    path: BOT,
    discriminator: { name: 'Find', value: null },
    query: botCredentialListQuerySchema,
    response: botCredentialsResponseSchema,
    summary: "The module's brand logins (bot credentials), `search` by name and `botType` narrowing",
    description: NO_SECRETS,
  }),
  findAll: endpoint({
    ...bot,
    name: 'botCredentials.findAll',
    method: 'GET',
    path: BOT,
    discriminator: { name: 'Find', value: 'All' },
    query: botCredentialListQuerySchema,
    response: botCredentialsResponseSchema,
    summary: 'Every brand login of the module (the bot activities’ credentials picker)',
  }),
  detail: endpoint({
    ...bot,
    name: 'botCredentials.detail',
    method: 'GET',
    path: `${BOT}/:id`,
    params: idParamsSchema,
    response: botCredentialSchema,
    summary: 'One brand login',
  }),
  create: endpoint({
    ...bot,
    name: 'botCredentials.create',
    method: 'POST',
    path: BOT,
    body: botCredentialSaveSchema,
    response: botCredentialSchema,
    summary: 'Create a brand login (the password is required and stored sealed)',
  }),
  update: endpoint({
    ...bot,
    name: 'botCredentials.update',
    method: 'PUT',
    path: BOT,
    body: botCredentialSaveSchema,
    response: botCredentialSchema,
    summary: 'Update a brand login (the body carries its id; an empty password keeps the stored one)',
  }),
  delete: endpoint({
    ...bot,
    name: 'botCredentials.delete',
    method: 'DELETE',
    path: `${BOT}/:id`,
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Delete a brand login',
  }),
  brands: endpoint({
    ...bot,
    name: 'botCredentials.brands',
    method: 'GET',
    path: '/v2/botconfig/brands',
    response: botBrandsResponseSchema,
    summary: 'The marketplace bots (spec 3 §3) a brand login can be for',
  }),
} as const;

const tags = { module: 'required', tags: ['Tag mapping'], privilege: INTEGRATIONS } as const;
export const tagMappingEndpoints = {
  list: endpoint({
    ...tags,
    name: 'tagMappings.list',
    method: 'GET',
    path: TAGS,
    response: tagMappingsResponseSchema,
    summary: "The module's tag mappings: a marketplace or mailbox tag → the ticket tag it means",
  }),
  detail: endpoint({
    ...tags,
    name: 'tagMappings.detail',
    method: 'GET',
    path: `${TAGS}/:id`,
    params: idParamsSchema,
    response: tagMappingSchema,
    summary: 'One tag mapping',
  }),
  create: endpoint({
    ...tags,
    name: 'tagMappings.create',
    method: 'POST',
    path: TAGS,
    body: tagMappingSaveSchema,
    response: tagMappingSchema,
    summary: 'Create a tag mapping',
  }),
  update: endpoint({
    ...tags,
    name: 'tagMappings.update',
    method: 'PUT',
    path: TAGS,
    body: tagMappingSaveSchema,
    response: tagMappingSchema,
    summary: 'Update a tag mapping (the body carries its id)',
  }),
  delete: endpoint({
    ...tags,
    name: 'tagMappings.delete',
    method: 'DELETE',
    path: TAGS,
    query: tagMappingDeleteQuerySchema,
    response: deletedCountSchema,
    summary: 'Delete tag mappings by the comma-joined `tagMappingIds`; any id not of this module is refused',
  }),
} as const;
