import { z } from 'zod';

/** Texts of SAML sign-in and its setup (Settings › integrations/saml-setup). */
export const SAML_TEXTS = {
  notConfigured: 'SAML sign-in is not configured',
  configNotFound: 'SAML configuration not found',
  registrationIdTaken: 'A SAML configuration with this registration id already exists',
  certificateInvalid: 'IdP signing certificate must be a PEM certificate (-----BEGIN CERTIFICATE-----)',
  signature: 'The SAML assertion is not signed by the configured identity provider',
  audience: 'The SAML assertion is meant for another application (audience mismatch)',
  expired: 'The SAML assertion has expired',
  notYetValid: 'The SAML assertion is not yet valid',
  issuer: 'The SAML assertion comes from an unknown identity provider',
  replayed: 'This SAML assertion has already been used',
  unknownRequest: 'The SAML response answers no sign-in started here, or one that has expired. Please sign in again.',
  unreadable: 'The SAML response could not be read',
  noUserName: 'The SAML assertion names no user',
  unknownRole: 'Unknown role in a group mapping',
  adminRoleMapping: 'Only an administrator may map a directory group to the Admin role',
  ticketInvalid: 'This SAML sign-in has expired or was already used. Please sign in again.',
  created: 'Successfully Created',
  updated: 'Successfully Updated',
  deleted: 'SAML configuration deleted',
} as const;

/** What the ACS tells the /oauth/saml callback page in its `status` query value. */
export const SAML_CALLBACK_STATUSES = ['SUCCESS', 'ROLE_UNASSIGNED', 'ERROR'] as const;
export type SamlCallbackStatus = (typeof SAML_CALLBACK_STATUSES)[number];

const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----$/;

const optionalText = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null));

/** A directory group and the roles and modules its members get: SAML and LDAP sign-in share it. */
export const directoryGroupMappingSchema = z.object({
  group: z.string({ error: 'Group is required' }).trim().min(1, 'Group is required').max(500),
  roles: z.array(z.string().trim().min(1)).default([]),
  moduleIds: z.array(z.coerce.number().int().positive()).default([]),
});
export type DirectoryGroupMapping = z.infer<typeof directoryGroupMappingSchema>;
export const samlGroupMappingSchema = directoryGroupMappingSchema;
export type SamlGroupMapping = DirectoryGroupMapping;

/** The body of POST v2/saml/config and PUT v2/saml/config/{id}. */
export const samlConfigInputSchema = z.object({
  registrationId: z
    .string({ error: 'Registration Id is required' })
    .trim()
    .min(1, 'Registration Id is required')
    .max(64, 'Registration Id may have at most 64 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Registration Id may contain only letters, digits, - and _'),
  name: z.string({ error: 'Name is Required' }).trim().min(1, 'Name is Required').max(200),
  isEnabled: z.boolean().default(true),
  idpEntryPoint: z
    .string({ error: 'IdP entry point is required' })
    .trim()
    .regex(/^https?:\/\/\S+$/, 'IdP entry point must be an http(s) address'),
  idpIssuer: optionalText,
  idpCertificate: z
    .string({ error: 'IdP signing certificate is required' })
    .trim()
    .min(1, 'IdP signing certificate is required')
    .regex(PEM_CERTIFICATE, SAML_TEXTS.certificateInvalid),
  spEntityId: z.string({ error: 'SP entity id is required' }).trim().min(1, 'SP entity id is required').max(500),
  /** Defaults to the SP entity id. */
  audience: optionalText,
  emailAttribute: optionalText,
  nameAttribute: optionalText,
  groupsAttribute: optionalText,
  groupMappings: z.array(samlGroupMappingSchema).max(200).default([]),
});
export type SamlConfigInput = z.input<typeof samlConfigInputSchema>;

export const samlConfigSchema = z.object({
  id: z.number().int(),
  registrationId: z.string(),
  name: z.string(),
  isEnabled: z.boolean(),
  idpEntryPoint: z.string(),
  idpIssuer: z.string().nullable(),
  idpCertificate: z.string(),
  /** Read from the certificate: who it names and when it stops being valid (ISO). */
  certificateSubject: z.string().nullable(),
  certificateValidTo: z.string().nullable(),
  spEntityId: z.string(),
  audience: z.string().nullable(),
  emailAttribute: z.string().nullable(),
  nameAttribute: z.string().nullable(),
  groupsAttribute: z.string().nullable(),
  groupMappings: z.array(samlGroupMappingSchema),
  /** Where the identity provider posts its answer (the ACS); give it to the identity provider's admin. */
  acsUrl: z.string(),
  updatedAt: z.string(),
});
export type SamlConfig = z.infer<typeof samlConfigSchema>;

export const samlConfigListSchema = z.object({ data: z.array(samlConfigSchema) });

/** GET v2/saml/config: `registrationId` names one; `Find=All` lists them. */
export const samlConfigQuerySchema = z.object({
  Find: z.literal('All').optional(),
  registrationId: z.string().trim().min(1, 'registrationId is required').optional(),
});

export const samlRegistrationParamsSchema = z.object({ registrationId: z.string().min(1).max(64) });

/** POST v2/sso-login: start an SP-initiated SAML sign-in. */
export const ssoLoginRequestSchema = z.object({
  registrationId: z.string({ error: 'registrationId is required' }).trim().min(1, 'registrationId is required'),
});
export const ssoLoginResponseSchema = z.object({ redirectUrl: z.string() });
