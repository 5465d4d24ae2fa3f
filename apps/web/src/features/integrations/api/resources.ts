import {
  type BotCredential,
  type BotCredentialSave,
  botCredentialEndpoints,
  botCredentialSaveSchema,
  type EmailParsingConfig,
  type EmailParsingConfigSave,
  emailParsingConfigEndpoints,
  emailParsingConfigSaveSchema,
  type TagMapping,
  type TagMappingSave,
  type TotpConfig,
  type TotpConfigSave,
  tagMappingEndpoints,
  tagMappingSaveSchema,
  totpConfigEndpoints,
  totpConfigSaveSchema,
} from '@recon/contract';
import { useQuery } from '@tanstack/react-query';
import type { ConfigResource } from '@/features/integrations/api/config-resource';
import { call } from '@/lib/call';

/** /v2/totpconfig: authenticator (TOTP) configs; the seed is sent on save, never read back. */
export const totpConfigs: ConfigResource<TotpConfig, TotpConfigSave> = {
  key: 'totp-configs',
  list: async () => (await call(totpConfigEndpoints.list)).data,
  create: (body) => call(totpConfigEndpoints.create, { body: totpConfigSaveSchema.parse(body) }),
  update: (body) => call(totpConfigEndpoints.update, { body: totpConfigSaveSchema.parse(body) }),
  remove: (row) => call(totpConfigEndpoints.delete, { params: { id: row.id } }),
};

/** /v2/emailParsingConfig: rules turning inbound mail attachments into pipeline files. */
export const emailParsingConfigs: ConfigResource<EmailParsingConfig, EmailParsingConfigSave> = {
  key: 'email-parsing-configs',
  list: async () => (await call(emailParsingConfigEndpoints.list)).data,
  create: (body) => call(emailParsingConfigEndpoints.create, { body: emailParsingConfigSaveSchema.parse(body) }),
  update: (body) => call(emailParsingConfigEndpoints.update, { body: emailParsingConfigSaveSchema.parse(body) }),
  remove: (row) => call(emailParsingConfigEndpoints.delete, { params: { id: row.id } }),
};

/** /v2/botconfig/credential: brand logins; the password is sent on save, never read back. */
export const botCredentials: ConfigResource<BotCredential, BotCredentialSave> = {
  key: 'bot-credentials',
  list: async () => (await call(botCredentialEndpoints.list)).data,
  create: (body) => call(botCredentialEndpoints.create, { body: botCredentialSaveSchema.parse(body) }),
  update: (body) => call(botCredentialEndpoints.update, { body: botCredentialSaveSchema.parse(body) }),
  remove: (row) => call(botCredentialEndpoints.delete, { params: { id: row.id } }),
};

/** /v2/tagMapping: the delete takes the comma-joined tagMappingIds. */
export const tagMappings: ConfigResource<TagMapping, TagMappingSave> = {
  key: 'tag-mappings',
  list: async () => (await call(tagMappingEndpoints.list)).data,
  create: (body) => call(tagMappingEndpoints.create, { body: tagMappingSaveSchema.parse(body) }),
  update: (body) => call(tagMappingEndpoints.update, { body: tagMappingSaveSchema.parse(body) }),
  remove: (row) => call(tagMappingEndpoints.delete, { query: { tagMappingIds: String(row.id) } }),
};

/** DELETE /v2/tagMapping?tagMappingIds=1,2,3: several mappings in one call (all of the module, or none). */
export const deleteTagMappings = (rows: readonly TagMapping[]) =>
  call(tagMappingEndpoints.delete, { query: { tagMappingIds: rows.map((r) => r.id).join(',') } });

/** GET /v2/botconfig/brands: the marketplace bots a brand login can be for. */
export function useBotBrands() {
  return useQuery({
    queryKey: ['integrations', 'bot-brands'],
    queryFn: async () => (await call(botCredentialEndpoints.brands)).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /v2/totpconfig?Operation=FindAll: the TOTP configs a brand login may use. */
export function useTotpChoices(moduleId: number) {
  return useQuery({
    queryKey: ['integrations', totpConfigs.key, moduleId, 'all'],
    queryFn: async () => (await call(totpConfigEndpoints.findAll)).data,
  });
}
