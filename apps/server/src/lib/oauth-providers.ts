/**
 * The OAuth2 providers mail and gateway integrations connect to (decision 0026). Each address defaults to the
 * provider's documented one and can be set by environment (`OAUTH_<PROVIDER>_<SETTING>`), so tests and journeys point
 * them at a local provider fake. A provider without a client id is not offered.
 */
export type OAuthProviderId = 'gmail' | 'outlook' | 'razorpay';

export type OAuthProviderConfig = {
  clientId: string | null;
  clientSecret: string | null;
  authorizeUrl: string;
  tokenUrl: string;
  /** OpenID userinfo (answers `email`); null when the token answer names the account (razorpay). */
  userinfoUrl: string | null;
  revokeUrl: string | null;
  /** The provider's REST API base (gmail messages, razorpay payments). */
  apiUrl: string;
  scopes: string[];
  /** Extra authorize parameters (offline access). */
  extraAuthorizeParams: Record<string, string>;
};

export const OAUTH_PROVIDER_DEFAULTS: Record<OAuthProviderId, OAuthProviderConfig> = {
  gmail: {
    clientId: null,
    clientSecret: null,
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    apiUrl: 'https://gmail.googleapis.com/gmail/v1',
    scopes: [
      'openid',
      'email',
      'https://www.googleapis.com/auth/gmail.readonly',
      // Ticket mail is sent through the mailbox (decision 0030).
      'https://www.googleapis.com/auth/gmail.send',
    ],
    extraAuthorizeParams: { access_type: 'offline', prompt: 'consent' },
  },
  outlook: {
    clientId: null,
    clientSecret: null,
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userinfoUrl: 'https://graph.microsoft.com/oidc/userinfo',
    revokeUrl: null,
    apiUrl: 'https://graph.microsoft.com/v1.0',
    scopes: [
      'openid',
      'email',
      'offline_access',
      'https://graph.microsoft.com/Mail.Read',
      'https://graph.microsoft.com/Mail.Send',
    ],
    extraAuthorizeParams: {},
  },
  razorpay: {
    clientId: null,
    clientSecret: null,
    authorizeUrl: 'https://auth.razorpay.com/authorize',
    tokenUrl: 'https://auth.razorpay.com/token',
    userinfoUrl: null,
    revokeUrl: 'https://auth.razorpay.com/revoke',
    apiUrl: 'https://api.razorpay.com/v1',
    scopes: ['read_only'],
    extraAuthorizeParams: {},
  },
};

const SETTINGS = {
  CLIENT_ID: 'clientId',
  CLIENT_SECRET: 'clientSecret',
  AUTHORIZE_URL: 'authorizeUrl',
  TOKEN_URL: 'tokenUrl',
  USERINFO_URL: 'userinfoUrl',
  REVOKE_URL: 'revokeUrl',
  API_URL: 'apiUrl',
} as const;

/** The providers with what the environment sets (`OAUTH_GMAIL_CLIENT_ID`, `OAUTH_RAZORPAY_TOKEN_URL`, `…_SCOPES`). */
export function oauthProvidersFromEnv(env: NodeJS.ProcessEnv): Record<OAuthProviderId, OAuthProviderConfig> {
  const out = {} as Record<OAuthProviderId, OAuthProviderConfig>;
  for (const id of Object.keys(OAUTH_PROVIDER_DEFAULTS) as OAuthProviderId[]) {
    const p: OAuthProviderConfig = { ...OAUTH_PROVIDER_DEFAULTS[id] };
    for (const [suffix, key] of Object.entries(SETTINGS)) {
      const value = env[`OAUTH_${id.toUpperCase()}_${suffix}`]?.trim();
      if (!value) continue;
      if (key !== 'clientId' && key !== 'clientSecret' && !/^https?:\/\//.test(value))
        throw new Error(`Invalid configuration:\n  OAUTH_${id.toUpperCase()}_${suffix}: must be an http(s) URL`);
      (p as Record<string, unknown>)[key] = value;
    }
    const scopes = env[`OAUTH_${id.toUpperCase()}_SCOPES`]?.trim();
    if (scopes) p.scopes = scopes.split(/[\s,]+/).filter(Boolean);
    out[id] = p;
  }
  return out;
}
