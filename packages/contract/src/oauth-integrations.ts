import { z } from 'zod';

/**
 * Mail and gateway OAuth integrations (spec 3 §7 "Integrations", decision 0026): a module's mail accounts (gmail,
 * outlook) and payment-gateway links (razorpay), connected by the OAuth2 authorization-code flow with PKCE or, for a
 * gateway, an API key. Tokens and key secrets are sealed at rest and never answered: an answer says whether the
 * account is connected, its e-mail or account id, its scopes and when its access expires.
 */
export const MAIL_PROVIDERS = ['gmail', 'outlook'] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];
export const GATEWAY_PROVIDERS = ['razorpay'] as const;
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number];
export type OAuthIntegrationProvider = MailProvider | GatewayProvider;

/** CONNECTED: tokens usable; EXPIRED: the refresh failed or none is left; ERROR: the provider refused; DISCONNECTED. */
export const OAUTH_ACCOUNT_STATUSES = ['CONNECTED', 'EXPIRED', 'ERROR', 'DISCONNECTED'] as const;
export type OAuthAccountStatus = (typeof OAUTH_ACCOUNT_STATUSES)[number];

export const OAUTH_TEXTS = {
  connected: 'Account connected',
  disconnected: 'Account disconnected',
  linked: 'Gateway linked',
  providerNotConfigured: 'This provider is not configured on the server',
  stateInvalid: 'The sign-in request is unknown, used or expired: start again',
  codeRequired: 'Authorization code is required',
  exchangeFailed: 'The provider refused the authorization code',
  mailNotFound: 'Email integration not found',
  gatewayNotFound: 'Gateway link not found',
  keyIdRequired: 'Key id is required',
  keySecretRequired: 'Key secret is required',
  apiKeyRefused: 'The gateway refused this key',
  moduleMismatch: 'moduleId must be the selected module',
  emailRequired: 'email and provider are required',
} as const;

const moduleIdQuery = z.coerce.number().int().positive();

export const oauthAccountSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  /** The mailbox (mail) or the gateway account id. */
  account: z.string(),
  authType: z.enum(['OAUTH', 'API_KEY']),
  status: z.enum(OAUTH_ACCOUNT_STATUSES),
  connected: z.boolean(),
  scopes: z.array(z.string()),
  /** When the access token expires (ISO), null when unknown or not an OAuth link. */
  expiresAt: z.string().nullable(),
  lastError: z.string().nullable(),
  connectedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OAuthAccount = z.infer<typeof oauthAccountSchema>;
export const oauthAccountsResponseSchema = z.object({ data: z.array(oauthAccountSchema) });

export const mailConnectStartSchema = z.object({ provider: z.enum(MAIL_PROVIDERS) });
export const gatewayConnectStartSchema = z.object({ provider: z.enum(GATEWAY_PROVIDERS) });
/** Where to send the user's popup: the provider's authorize address with state and the PKCE challenge. */
export const oauthAuthorizeSchema = z.object({ authorizeUrl: z.string(), state: z.string() });
export type OAuthAuthorize = z.infer<typeof oauthAuthorizeSchema>;

export const mailOAuthQuerySchema = z.object({ Find: z.enum(['ByModule']).optional(), moduleId: moduleIdQuery });
export const mailOAuthExchangeSchema = z.object({
  provider: z.enum(MAIL_PROVIDERS),
  code: z.string().max(4096),
  state: z.string().max(256),
});
export const gatewayLinkSchema = z.object({
  provider: z.enum(GATEWAY_PROVIDERS),
  code: z.string().max(4096),
  state: z.string().max(256),
});
export const gatewayApiKeySchema = z.object({
  provider: z.enum(GATEWAY_PROVIDERS),
  keyId: z.string().max(200).optional(),
  keySecret: z.string().max(500).optional(),
});
export const mailModifySchema = z.object({
  id: z.number().int().positive(),
  /** false disconnects: the tokens are revoked at the provider and deleted. */
  isActive: z.boolean(),
});
export const mailListQuerySchema = z.object({
  Find: z.enum(['ByEmailAndProvider']).optional(),
  provider: z.enum(MAIL_PROVIDERS).optional(),
  email: z.string().max(320).optional(),
});

/** The auths of a gateway link (`?Find=IntegrationAuths`): how it is authorised, never the secrets. */
export const gatewayAuthsSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  data: z.array(
    z.object({
      authType: z.enum(['OAUTH', 'API_KEY']),
      status: z.enum(OAUTH_ACCOUNT_STATUSES),
      keyId: z.string().nullable(),
      scopes: z.array(z.string()),
      expiresAt: z.string().nullable(),
      hasRefreshToken: z.boolean(),
    }),
  ),
});
export const gatewayAuthsQuerySchema = z.object({ Find: z.enum(['IntegrationAuths']) });

/**
 * The EMAIL_FETCH activity's messages (decision 0027). FETCHING: claimed, its file not yet in the run; LOADED: stored
 * as a file of the rule's pipeline; SKIPPED: its rule could not take files; FAILED: stored but refused, or not stored.
 */
export const FETCHED_MAIL_STATUSES = ['FETCHING', 'LOADED', 'SKIPPED', 'FAILED'] as const;
export const EMAIL_FETCH_TEXTS = {
  providerAnswered: (status: number) => `The mail provider answered ${status}`,
  ruleNotActive: (id: number) => `Email parsing rule ${id} is inactive or no longer exists`,
  noMailAccount: 'No mail account is connected to this product: connect one in Settings › Integrations › OAuth',
  pipelineGone: 'its pipeline no longer exists',
  ruleSkipped: (rule: string, reason: string) => `Rule "${rule}" skipped: ${reason}`,
  accountFailed: (provider: string, account: string, reason: string) =>
    `The ${provider} mailbox ${account} could not be read: ${reason}`,
  noLoader: (pipeline: string) => `No Pipeline activity of this job loads "${pipeline}": the file waits for a run`,
} as const;

/** What mail fetching recorded for one job execution: each message and attachment looked at. */
export const fetchedMailSchema = z.object({
  id: z.number().int(),
  integrationId: z.number().int(),
  /** The email parsing rule that took the attachment, and its pipeline. */
  ruleId: z.number().int().nullable(),
  ruleName: z.string().nullable(),
  pipelineName: z.string().nullable(),
  account: z.string(),
  messageId: z.string(),
  sender: z.string(),
  subject: z.string(),
  receivedAt: z.string().nullable(),
  attachmentName: z.string().nullable(),
  fileId: z.number().int().nullable(),
  status: z.string(),
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export const fetchedMailResponseSchema = z.object({ data: z.array(fetchedMailSchema) });
export const executionIdParamsSchema = z.object({ executionId: z.coerce.number().int().positive() });
