import { z } from 'zod';
import { directoryGroupMappingSchema } from './saml.ts';

/** Texts of LDAP sign-in and its setup (Settings › integrations/ldap-setup). */
export const LDAP_TEXTS = {
  notConfigured: 'LDAP sign-in is not configured',
  passwordRequired: 'Password is required',
  unreachable: 'The directory server could not be reached. Please try again later or contact your administrator.',
  noUserName: 'The directory entry names no user',
  ssoTokenInvalid: 'This department request has expired or was already sent. Please sign in again.',
  saved: 'Successfully Updated',
  deleted: 'Successfully Deleted',
  notSetUp: 'No LDAP directory is set up',
  bindPasswordRequired: 'Service account password is required',
  testOk: 'Connected to the directory and signed in with the service account',
  testReachable: 'Connected to the directory (direct bind has no service account to sign in with)',
  testBindRefused: 'The directory refused the service account (check the bind DN and password)',
  caCertificateInvalid: 'CA certificate must be one or more PEM certificates (-----BEGIN CERTIFICATE-----)',
  startTlsWithLdaps: 'StartTLS is for ldap:// addresses: an ldaps:// address is encrypted from the start',
  testTlsRefused:
    'The secure connection failed: the directory certificate is not trusted (add its CA certificate) or names another host',
} as const;

export const LDAP_BIND_MODES = ['DIRECT', 'SEARCH'] as const;
export type LdapBindMode = (typeof LDAP_BIND_MODES)[number];

const optionalText = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null));

const hasUserNamePlaceholder = (v: string | null) => v === null || v.includes('{username}');

/** The body of PUT v2/ldap/config (and of the connection test, which may carry unsaved values). */
export const ldapConfigInputSchema = z
  .object({
    isEnabled: z.boolean().default(true),
    url: z
      .string({ error: 'Directory URL is required' })
      .trim()
      .regex(/^ldaps?:\/\/[^\s/]+\/?$/i, 'Directory URL must look like ldap://host:389 or ldaps://host:636'),
    bindMode: z.enum(LDAP_BIND_MODES, { error: 'Bind mode must be DIRECT or SEARCH' }),
    /** DIRECT: the user's DN, e.g. uid={username},ou=people,dc=corp,dc=test. */
    userDnTemplate: optionalText.refine(hasUserNamePlaceholder, 'User DN template must contain {username}'),
    /** SEARCH (and the connection test): the service account. */
    bindDn: optionalText,
    /** Write-only: empty keeps the stored password. */
    bindPassword: z
      .string()
      .max(500)
      .nullish()
      .transform((v) => (v ? v : null)),
    baseDn: optionalText,
    userFilter: optionalText.refine(hasUserNamePlaceholder, 'User filter must contain {username}'),
    emailAttribute: optionalText,
    nameAttribute: optionalText,
    /** The attribute listing the user's groups (memberOf when empty). */
    groupsAttribute: optionalText,
    groupMappings: z.array(directoryGroupMappingSchema).max(200).default([]),
    connectTimeoutMs: z.coerce
      .number({ error: 'Connect timeout must be a number' })
      .int()
      .min(500, 'Connect timeout must be at least 500 ms')
      .max(60_000, 'Connect timeout may be at most 60000 ms')
      .default(5000),
    /** PEM: the CA (or the self-signed certificate) the directory's certificate chains to; Node's trust store when empty. */
    caCertificate: z
      .string()
      .trim()
      .max(20_000)
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || v.includes('-----BEGIN CERTIFICATE-----'), LDAP_TEXTS.caCertificateInvalid),
    /** ldap:// only: upgrade the connection with StartTLS before any bind; the password never travels in clear. */
    startTls: z.boolean().default(false),
    /** Refuse a directory whose certificate is not trusted or names another host (on unless switched off). */
    rejectUnauthorized: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.startTls && /^ldaps:/i.test(v.url))
      ctx.addIssue({ code: 'custom', path: ['startTls'], message: LDAP_TEXTS.startTlsWithLdaps });
    const need = (field: 'userDnTemplate' | 'bindDn' | 'baseDn', message: string) => {
      if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (v.bindMode === 'DIRECT') need('userDnTemplate', 'User DN template is required for direct bind');
    if (v.bindMode === 'SEARCH') {
      need('bindDn', 'Service account bind DN is required for search-then-bind');
      need('baseDn', 'Base DN is required for search-then-bind');
    }
  });
export type LdapConfigInput = z.input<typeof ldapConfigInputSchema>;

export const ldapConfigSchema = z.object({
  isEnabled: z.boolean(),
  url: z.string(),
  bindMode: z.enum(LDAP_BIND_MODES),
  userDnTemplate: z.string().nullable(),
  bindDn: z.string().nullable(),
  /** The password itself is never answered. */
  hasBindPassword: z.boolean(),
  baseDn: z.string().nullable(),
  userFilter: z.string().nullable(),
  emailAttribute: z.string().nullable(),
  nameAttribute: z.string().nullable(),
  groupsAttribute: z.string().nullable(),
  groupMappings: z.array(directoryGroupMappingSchema),
  connectTimeoutMs: z.number().int(),
  caCertificate: z.string().nullable(),
  /** The CA certificate's subject and end of validity, for the setup page (null when none or unreadable). */
  caCertificateSubject: z.string().nullable(),
  caCertificateValidTo: z.string().nullable(),
  startTls: z.boolean(),
  rejectUnauthorized: z.boolean(),
  updatedAt: z.string(),
});
export type LdapConfig = z.infer<typeof ldapConfigSchema>;

/** GET v2/ldap/config: the installation's directory, or null before one is set up. */
export const ldapConfigResponseSchema = z.object({ data: ldapConfigSchema.nullable() });

export const ldapTestResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type LdapTestResponse = z.infer<typeof ldapTestResponseSchema>;

/** POST /v2/ldap_login. */
export const ldapLoginRequestSchema = z.object({
  userName: z
    .string({ error: 'User Name is required' })
    .trim()
    .min(1, 'User Name is required')
    .max(256, 'User Name may have at most 256 characters'),
  password: z.string({ error: LDAP_TEXTS.passwordRequired }).min(1, LDAP_TEXTS.passwordRequired).max(1024),
});
export type LdapLoginRequest = z.infer<typeof ldapLoginRequestSchema>;
